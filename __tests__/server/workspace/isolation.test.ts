import type { App } from '../../../server/app';
import { newCoach, type Coach } from '../athlete/helpers';
import { sprint } from '../event/fixtures';
import { buildTestApp } from '../helpers/build-test-app';
import { inWorkspace, join, type Member } from './helpers';

/**
 * The cross-account isolation, run as a member of a second workspace (issue 34): a user
 * who coaches in Lincoln's workspace and owns their own reaches, while acting in their
 * own, none of Lincoln's athletes, results or boards, by id or by list, and the other
 * way round. Each workspace's things are "not found" in the other, as another account's.
 */
describe('a member of two workspaces', () => {
  let app: App;
  let lincoln: Coach;
  let inLincoln: Member;
  let inOwn: ReturnType<typeof inWorkspace>;
  let lincolnAthlete: { id: number };
  let ownAthlete: { id: number };
  let lincolnResult: number;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    lincoln = await newCoach(app, { spots: 10 });
    const roster = await lincoln.createRoster('Varsity');
    lincolnAthlete = await lincoln.createAthlete({
      firstName: 'Ada',
      lastName: 'Lincolnonly',
      rosterIds: [roster.id],
    });
    const stored = await lincoln.post('/api/event', sprint('lincoln-1', lincolnAthlete.id));
    expect(stored.statusCode).toBe(201);
    lincolnResult = stored.json<{ id: number }>().id;

    inLincoln = await join(app, lincoln, 'coach');
    inOwn = inWorkspace(inLincoln.user, inLincoln.userId);
    ownAthlete = (
      await inOwn.post('/api/athlete', { firstName: 'Bo', lastName: 'Ownonly', rosterIds: [] })
    ).json<{ id: number }>();
    expect(ownAthlete.id).toEqual(expect.any(Number));
    expect((await inOwn.post('/api/event', sprint('own-1', ownAthlete.id, {}, 1))).statusCode).toBe(
      201,
    );
  }, 120_000);
  afterAll(() => app.close());

  it("acting in their own workspace, reaches none of the other's things", async () => {
    for (const [method, url] of [
      ['GET', `/api/athlete/${lincolnAthlete.id}`],
      ['PUT', `/api/athlete/${lincolnAthlete.id}`],
      ['DELETE', `/api/athlete/${lincolnAthlete.id}`],
      ['PUT', `/api/event/${lincolnResult}`],
      ['DELETE', `/api/event/${lincolnResult}`],
      ['GET', `/api/report/eapi/athlete/${lincolnAthlete.id}`],
    ] as const) {
      const payload =
        method === 'PUT' ? { firstName: 'X', lastName: 'Y', timeMs: 4000 } : undefined;
      const response = await inOwn.request({ method, url, payload });
      expect(`${method} ${url}: ${response.statusCode}`).toMatch(/: (404|400)$/);
    }
    const lists = ['/api/athlete', '/api/event', '/api/leaderboard', '/api/event/export'];
    for (const url of lists) {
      const body = (await inOwn.get(url)).body;
      expect(body).toContain('Ownonly');
      expect(body).not.toContain('Lincolnonly');
    }
    const posted = await inOwn.post('/api/event', sprint('own-2', lincolnAthlete.id, {}, 2));
    expect(posted.statusCode).toBeGreaterThanOrEqual(400);
    expect(posted.statusCode).toBeLessThan(500);
    // Lincoln's athlete and result are untouched.
    expect((await lincoln.get(`/api/athlete/${lincolnAthlete.id}`)).json()).toMatchObject({
      lastName: 'Lincolnonly',
    });
    expect((await lincoln.get('/api/event')).json<{ totalCount: number }>().totalCount).toBe(1);
  });

  it('acting in the other workspace, reaches none of their own', async () => {
    expect((await inLincoln.get(`/api/athlete/${ownAthlete.id}`)).statusCode).toBe(404);
    for (const url of ['/api/athlete', '/api/event', '/api/leaderboard']) {
      const body = (await inLincoln.get(url)).body;
      expect(body).toContain('Lincolnonly');
      expect(body).not.toContain('Ownonly');
    }
  });
});
