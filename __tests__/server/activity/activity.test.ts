import { sql } from 'kysely';
import type { ActivityEntryBody, ActivityListBody } from '../../../contract/activity';
import type { App } from '../../../server/app';
import { recordActivity } from '../../../server/activity';
import { sprint, sprints } from '../event/fixtures';
import { buildTestApp } from '../helpers/build-test-app';
import { csv, importCsv, newCoach, type Coach } from '../athlete/helpers';

/**
 * The activity log (docs/decisions/036-activity-log.md): each change of an athlete,
 * result, profile, roster, key or webhook is one entry written in the change's own
 * transaction; `GET /api/activity` reads it with the spec's table state.
 */
describe('the activity log', () => {
  let app: App;
  let coach: Coach;
  let other: Coach;

  beforeAll(async () => {
    app = await buildTestApp({
      env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
      webhooks: { enabled: false },
    });
    await app.ready();
    coach = await newCoach(app, { spots: 100 });
    other = await newCoach(app, { spots: 10 });
  });
  afterAll(() => app.close());

  const log = async (who: Coach, query = ''): Promise<ActivityListBody> => {
    const response = await who.get(`/api/activity${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<ActivityListBody>();
  };
  const latest = async (who: Coach = coach): Promise<ActivityEntryBody> =>
    (await log(who, '?pageSize=1')).items[0]!;
  const me = async (who: Coach) => (await who.get('/api/user')).json<{ email: string }>().email;

  it('records who added, changed and deleted an athlete, newest first', async () => {
    const athlete = await coach.createAthlete({ firstName: 'Ada', lastName: 'Okafor' });
    expect(
      (await coach.put(`/api/athlete/${athlete.id}`, { firstName: 'Ada', lastName: 'Okafor-Lee' }))
        .statusCode,
    ).toBe(200);
    expect((await coach.del(`/api/athlete/${athlete.id}`)).statusCode).toBe(204);

    const { items, totalCount } = await log(coach, '?kind=athlete');
    expect(totalCount).toBe(3);
    expect(items.map((e) => [e.action, e.subjectLabel, e.subjectId])).toEqual([
      ['deleted', 'Ada Okafor-Lee', String(athlete.id)],
      ['updated', 'Ada Okafor-Lee', String(athlete.id)],
      ['created', 'Ada Okafor', String(athlete.id)],
    ]);
    expect(items[0]!.actor).toEqual({
      sub: expect.any(String),
      email: await me(coach),
      apiKeyId: null,
      apiKeyName: null,
    });
    expect(items[0]!.count).toBe(1);
  });

  it('records a CSV import as one entry with its count', async () => {
    const response = await importCsv(
      coach,
      csv('firstName,lastName', 'A,Csv', 'B,Csv', 'C,Csv'),
      false,
    );
    expect(response.statusCode).toBe(200);
    const entry = await latest();
    expect(entry).toMatchObject({ kind: 'athlete', action: 'imported', count: 3, subjectId: null });
    expect(entry.subjectLabel).toBe('3 athletes from a CSV file');
  });

  it('records a batch of results from a timing gate as one entry, and a retry as none', async () => {
    const athlete = await coach.createAthlete({ firstName: 'Gate', lastName: 'Runner' });
    const made = await coach.post('/api/integration/api-key', { name: 'Lane 1 gate' });
    expect(made.statusCode).toBe(201);
    const key = made.json<{ id: number; key: string }>();
    const device = { authorization: `Bearer ${key.key}` };
    const items = sprints('gate', [athlete.id], 25);
    const post = () =>
      app.inject({ method: 'POST', url: '/api/event', headers: device, payload: { items } });

    expect((await post()).statusCode).toBe(201);
    const entry = await latest();
    expect(entry).toMatchObject({
      kind: 'result',
      action: 'created',
      count: 25,
      subjectId: null,
      subjectLabel: '25 results',
      actor: { sub: null, email: '', apiKeyId: key.id, apiKeyName: 'Lane 1 gate' },
    });
    // The same upload again stores nothing new: no entry either.
    expect((await post()).statusCode).toBe(200);
    expect((await latest()).id).toBe(entry.id);
    // An API key does not read the log.
    expect((await app.inject({ url: '/api/activity', headers: device })).statusCode).toBe(403);
  });

  it('writes the entry in the change’s transaction: a refused batch leaves none', async () => {
    const athlete = await coach.createAthlete({ firstName: 'Roll', lastName: 'Back' });
    const first = sprint('reused-1', athlete.id);
    expect((await coach.post('/api/event', first)).statusCode).toBe(201);
    const before = await latest();
    // New rows, then a clientId reused with other content: 409 after the inserts, rolled back.
    const batch = [sprint('fresh-1', athlete.id, {}, 3), sprint('reused-1', athlete.id, {}, 7)];
    expect((await coach.post('/api/event', { items: batch })).statusCode).toBe(409);
    expect((await latest()).id).toBe(before.id);
  });

  it('keeps a correction’s values before and after, and a deletion’s last values', async () => {
    const athlete = await coach.createAthlete({ firstName: 'Cora', lastName: 'Fix' });
    const created = await coach.post('/api/event', sprint('fix-1', athlete.id));
    expect(created.statusCode).toBe(201);
    const result = created.json<{ id: number; timeMs: number }>();
    const single = await latest();
    expect(single).toMatchObject({ count: 1, subjectId: String(result.id) });
    expect(single.subjectLabel).toMatch(/ · Cora Fix$/);

    const corrected = { ...sprint('fix-1', athlete.id, {}, 100) };
    const { clientId: _clientId, ...update } = corrected;
    expect((await coach.put(`/api/event/${result.id}`, update)).statusCode).toBe(200);
    const entry = await latest();
    expect(entry).toMatchObject({
      kind: 'result',
      action: 'updated',
      subjectId: String(result.id),
    });
    expect(entry.before).toMatchObject({ timeMs: result.timeMs, athlete: 'Cora Fix' });
    expect(entry.after).toMatchObject({ timeMs: corrected.timeMs, athlete: 'Cora Fix' });

    expect((await coach.del(`/api/event/${result.id}`)).statusCode).toBe(204);
    expect(await latest()).toMatchObject({
      action: 'deleted',
      before: { timeMs: corrected.timeMs },
      after: null,
    });
  });

  it('records rosters, keys and webhooks', async () => {
    const roster = await coach.createRoster('Sprinters');
    expect((await coach.put(`/api/roster/${roster.id}`, { name: 'Sprint group' })).statusCode).toBe(
      200,
    );
    const athlete = await coach.createAthlete({ firstName: 'Ro', lastName: 'Ster' });
    expect(
      (await coach.post(`/api/roster/${roster.id}/athlete`, { add: [athlete.id], remove: [] }))
        .statusCode,
    ).toBeLessThan(300);
    expect((await coach.del(`/api/roster/${roster.id}`)).statusCode).toBe(204);
    const rosters = (await log(coach, '?kind=roster')).items;
    expect(rosters.map((e) => [e.action, e.subjectLabel])).toEqual([
      ['deleted', 'Sprint group'],
      ['updated', 'Sprint group'],
      ['updated', 'Sprint group'],
      ['created', 'Sprinters'],
    ]);
    expect(rosters[1]!.after).toEqual({ athletesAdded: 1, athletesRemoved: 0 });
    expect(rosters[2]!.before).toEqual({ name: 'Sprinters' });

    const key = (await coach.post('/api/integration/api-key', { name: 'Tablet' })).json<{
      id: number;
    }>();
    expect((await coach.del(`/api/integration/api-key/${key.id}`)).statusCode).toBe(204);
    expect((await coach.del(`/api/integration/api-key/${key.id}`)).statusCode).toBe(204);
    const keys = (await log(coach, '?kind=api_key')).items;
    expect(keys[0]).toMatchObject({ action: 'revoked', subjectId: String(key.id) });
    expect(keys.filter((e) => e.subjectId === String(key.id))).toHaveLength(2); // made, revoked once

    const hook = await coach.post('/api/integration/webhook', {
      url: 'http://127.0.0.1:9/hook',
      events: ['result.created'],
    });
    expect(hook.statusCode).toBe(201);
    const { id } = hook.json<{ id: number }>();
    expect(
      (
        await coach.put(`/api/integration/webhook/${id}`, {
          url: 'http://127.0.0.1:9/other',
          events: ['result.created'],
        })
      ).statusCode,
    ).toBe(200);
    expect((await coach.del(`/api/integration/webhook/${id}`)).statusCode).toBe(204);
    const hooks = (await log(coach, '?kind=webhook')).items;
    expect(hooks.map((e) => e.action)).toEqual(['deleted', 'updated', 'created']);
    expect(hooks[1]!.before).toMatchObject({ url: 'http://127.0.0.1:9/hook' });
    expect(hooks[1]!.after).toMatchObject({ url: 'http://127.0.0.1:9/other' });
  });

  it('records profiles typed in and deleted, named by athlete and day', async () => {
    const athlete = await coach.createAthlete({ firstName: 'Pro', lastName: 'File' });
    const made = await coach.post('/api/profile', {
      athleteId: athlete.id,
      testedOn: '2026-03-02',
      measurements: {},
    });
    expect(made.statusCode).toBe(201);
    const { id } = made.json<{ id: number }>();
    expect((await coach.del(`/api/profile/${id}`)).statusCode).toBe(204);
    const profiles = (await log(coach, '?kind=profile')).items;
    expect(profiles.map((e) => [e.action, e.subjectId, e.subjectLabel])).toEqual([
      ['deleted', String(id), 'Pro File · 2026-03-02'],
      ['created', String(id), 'Pro File · 2026-03-02'],
    ]);
  });

  it('pages, sorts and filters by member, kind and day', async () => {
    const all = await log(coach, '?pageSize=500');
    expect(all.totalCount).toBe(all.items.length);
    const times = all.items.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const page2 = await log(coach, '?pageSize=2&pageNumber=2');
    expect(page2.items.map((e) => e.id)).toEqual(all.items.slice(2, 4).map((e) => e.id));
    const oldest = await log(coach, '?sort=Date&pageSize=1');
    expect(oldest.items[0]!.id).toBe(all.items.at(-1)!.id);

    const sub = all.items.find((e) => e.actor.sub !== null)!.actor.sub!;
    const byMember = await log(coach, `?member=${encodeURIComponent(sub)}&pageSize=500`);
    expect(byMember.items.length).toBeGreaterThan(0);
    expect(byMember.items.every((e) => e.actor.sub === sub)).toBe(true);
    expect(byMember.totalCount).toBeLessThan(all.totalCount); // the key's batch is not the member's

    const members = (await coach.get('/api/activity/member')).json<{ items: unknown[] }>();
    expect(members.items).toEqual([{ sub, email: await me(coach) }]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await log(coach, `?startDate=${today}&endDate=${today}`)).totalCount).toBe(
      all.totalCount,
    );
    expect((await log(coach, '?startDate=2000-01-01&endDate=2000-01-31')).totalCount).toBe(0);
    expect(
      (await log(coach, `?startDate=${today}&tz=Pacific/Kiritimati`)).totalCount,
    ).toBeLessThanOrEqual(all.totalCount);
  });

  it('answers 400 with the errors shape on bad input', async () => {
    for (const [query, field] of [
      ['?kind=coach', 'kind'],
      ['?sort=Newest', 'sort'],
      ['?pageSize=0', 'pageSize'],
      ['?startDate=2026-02-30', 'startDate'],
      ['?startDate=2026-03-02&endDate=2026-03-01', 'endDate'],
      ['?tz=Mars/Olympus', 'tz'],
      ['?athleteId=1', 'athleteId'],
    ] as const) {
      const response = await coach.get(`/api/activity${query}`);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toContain(field);
    }
  });

  it('shows each account its own log only', async () => {
    expect((await log(other)).totalCount).toBe(0);
    expect((await other.get('/api/activity/member')).json()).toEqual({ items: [] });
    await other.createAthlete({ firstName: 'Only', lastName: 'Mine' });
    const theirs = await log(other);
    expect(theirs.items.map((e) => e.subjectLabel)).toEqual(['Only Mine']);
    const mine = await log(coach, '?pageSize=500');
    expect(mine.items.some((e) => e.subjectLabel === 'Only Mine')).toBe(false);
    // Another account's member filter finds nothing here.
    const theirSub = theirs.items[0]!.actor.sub!;
    expect((await log(coach, `?member=${encodeURIComponent(theirSub)}`)).totalCount).toBe(0);
  });

  it('is append-only: entries cannot be changed or deleted', async () => {
    const { id } = await latest();
    await expect(
      sql`update activity_log set subject_label = 'forged' where id = ${id}`.execute(app.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from activity_log where id = ${id}`.execute(app.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`truncate activity_log`.execute(app.db)).rejects.toThrow(/append-only/);
    // A deleted account's log goes with it (the cascade).
    await recordActivity(app.db, {
      accountId: other.accountId,
      actor: { sub: 'x', email: 'x@example.org' },
      kind: 'member',
      action: 'invited',
      subjectLabel: 'y@example.org',
    });
    await app.db.deleteFrom('users').where('id', '=', other.accountId).execute();
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from activity_log where account_id = ${other.accountId}`.execute(app.db);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
