import type { EventTypeListBody } from '../../../contract/event';
import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import { coach } from './fixtures';

describe('GET /api/event-type', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  it("lists the built-in types with their splits, and the account's own types and aliases only", async () => {
    const mine = await coach(app, 'types@example.com');
    const theirs = await coach(app, 'types-other@example.com');
    const custom = await app.db
      .insertInto('event_types')
      .values({
        account_id: mine.id,
        code: 'sled-20',
        name: 'Sled push 20 m',
        unit: 'time',
        lower_is_better: true,
        default_distance_mm: 20000,
        split_distances_mm: [10000, 20000],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('event_types')
      .values({
        account_id: theirs.id,
        code: 'secret',
        name: 'Not yours',
        unit: 'time',
        lower_is_better: true,
      })
      .execute();
    await app.db
      .insertInto('event_aliases')
      .values([
        { account_id: mine.id, event_type_id: 1, name: 'Flying 30', distance_mm: 27432 },
        { account_id: theirs.id, event_type_id: 1, name: 'Their alias' },
      ])
      .execute();

    const response = await app.inject({ url: '/api/event-type', headers: mine.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json<EventTypeListBody>();
    expect(body.totalCount).toBe(8);
    expect(body.items.map((type) => type.code)).toEqual([
      'sprint',
      'pro-agility',
      'flying-sprint',
      'l-drill',
      'vertical-jump',
      'broad-jump',
      'shuttle-60',
      'sled-20',
    ]);
    expect(body.items[0]).toEqual({
      id: 1,
      code: 'sprint',
      name: 'Linear sprint',
      unit: 'time',
      lowerIsBetter: true,
      builtIn: true,
      distanceMode: 'variable',
      defaultDistanceMm: 36576,
      splitDistancesMm: [9144, 18288, 36576],
      aliases: [{ id: expect.any(Number), name: 'Flying 30', distanceMm: 27432 }],
    });
    expect(body.items[4]).toMatchObject({
      code: 'vertical-jump',
      unit: 'height',
      lowerIsBetter: false,
      distanceMode: 'none',
    });
    expect(body.items[7]).toMatchObject({
      id: custom.id,
      builtIn: false,
      splitDistancesMm: [10000, 20000],
      aliases: [],
    });
  });

  it('needs a sign-in', async () => {
    expect((await app.inject('/api/event-type')).statusCode).toBe(401);
  });
});
