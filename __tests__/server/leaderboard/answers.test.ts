import type { App } from '../../../server/app';
import { AnswerCache } from '../../../server/leaderboard/answers';
import { ChangeCounts } from '../../../server/plugins/changes';
import { newCoach, type Coach } from '../athlete/helpers';
import { buildTestApp } from '../helpers/build-test-app';
import { sprint } from '../event/fixtures';

describe('AnswerCache', () => {
  it('runs identical reads once while the account has not changed', async () => {
    const changes = new ChangeCounts();
    const cache = new AnswerCache<number>(changes);
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('a', 'board', read)));
    expect(answers).toEqual([1, 1, 1]);
    expect(await cache.get('a', 'board', read)).toBe(1);
    expect(await cache.get('a', 'other board', read)).toBe(2);
    expect(await cache.get('b', 'board', read)).toBe(3); // another account: its own read
  });

  it('reads again once the account changed, also when it changed during a read', async () => {
    const changes = new ChangeCounts();
    const cache = new AnswerCache<string>(changes);
    expect(await cache.get('a', 'board', async () => 'first')).toBe('first');
    changes.bump('b');
    expect(await cache.get('a', 'board', async () => 'unused')).toBe('first');
    changes.bump('a');
    expect(await cache.get('a', 'board', async () => 'second')).toBe('second');

    // A write commits while a read runs: that read's answer serves no later request.
    let finish!: (value: string) => void;
    changes.bump('a');
    const running = cache.get('a', 'board', () => new Promise((resolve) => (finish = resolve)));
    changes.bump('a');
    finish('read before the write');
    expect(await running).toBe('read before the write');
    expect(await cache.get('a', 'board', async () => 'after the write')).toBe('after the write');
  });

  it('does not keep a failed read, and keeps the most recently used answers', async () => {
    const cache = new AnswerCache<string>(new ChangeCounts(), 2);
    await expect(cache.get('a', 'x', () => Promise.reject(new Error('busy')))).rejects.toThrow();
    expect(await cache.get('a', 'x', async () => 'x1')).toBe('x1');
    await cache.get('a', 'y', async () => 'y1');
    await cache.get('a', 'x', async () => 'unused'); // x is used again
    await cache.get('a', 'z', async () => 'z1'); // y goes
    expect(cache.size).toBe(2);
    expect(await cache.get('a', 'x', async () => 'x2')).toBe('x1');
    expect(await cache.get('a', 'y', async () => 'y2')).toBe('y2');
  });
});

/** The leaderboard's kept answers never show a board older than the last write. */
describe('GET /api/leaderboard after writes (embedded database)', () => {
  let app: App;
  let coach: Coach;
  let other: Coach;
  const BOARD = '/api/leaderboard?eventTypeId=1&athletesPerLeaderboard=5';

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    coach = await newCoach(app, { spots: 10 });
    other = await newCoach(app, { spots: 10 });
  });
  afterAll(() => app.close());

  const names = async (who: Coach) =>
    (await who.get(BOARD))
      .json<{ boards: { entries: { athlete: { firstName: string } }[] }[] }>()
      .boards[0]!.entries.map((entry) => entry.athlete.firstName);

  it('shows each stored result, rename and deletion at the next read', async () => {
    const sam = await coach.createAthlete({ firstName: 'Sam', lastName: 'Reyes' });
    const kai = await coach.createAthlete({ firstName: 'Kai', lastName: 'Ito' });
    const post = (items: unknown[]) => coach.post('/api/event', { items });
    expect((await post([sprint('answers-1', sam.id, {}, 100)])).statusCode).toBeLessThan(300);
    expect(await names(coach)).toEqual(['Sam']);
    expect(await names(coach)).toEqual(['Sam']); // kept

    expect((await post([sprint('answers-2', kai.id, {}, 0)])).statusCode).toBeLessThan(300);
    expect(await names(coach)).toEqual(['Kai', 'Sam']);

    const renamed = await coach.put(`/api/athlete/${kai.id}`, {
      firstName: 'Kaito',
      lastName: 'Ito',
    });
    expect(renamed.statusCode).toBe(200);
    expect(await names(coach)).toEqual(['Kaito', 'Sam']);

    expect((await coach.del(`/api/athlete/${sam.id}`)).statusCode).toBeLessThan(300);
    expect(await names(coach)).toEqual(['Kaito']);
  });

  it("never answers with another account's board", async () => {
    const ana = await other.createAthlete({ firstName: 'Ana', lastName: 'Lima' });
    expect(
      (await other.post('/api/event', { items: [sprint('answers-o', ana.id)] })).statusCode,
    ).toBeLessThan(300);
    expect(await names(other)).toEqual(['Ana']);
    expect(await names(coach)).toEqual(['Kaito']);
  });
});
