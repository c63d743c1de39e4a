import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import { countRows, csv, importCsv, newCoach } from './helpers';

describe('DELETE /api/user/purge with athletes and rosters', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  it('removes the rosters, athletes and memberships and gives every spot back', async () => {
    const coach = await newCoach(app, { spots: 20 });
    const other = await newCoach(app, { spots: 20 });
    const roster = await coach.createRoster('Varsity');
    await coach.createAthlete({ firstName: 'Sam', lastName: 'Reyes', rosterIds: [roster.id] });
    const imported = await importCsv(
      coach,
      csv('firstName,lastName,rosters', 'Ann,Lee,Varsity; JV', 'Bo,Bell,JV'),
      false,
    );
    expect(imported.statusCode).toBe(200);
    await other.createAthlete({ firstName: 'Keep', lastName: 'Me' });
    expect(await coach.spots()).toBe(17);

    expect((await coach.del('/api/user/purge')).statusCode).toBe(204);

    for (const table of ['athletes', 'rosters', 'roster_athletes'] as const) {
      expect(await countRows(app, table, coach.accountId)).toBe(0);
    }
    expect(await coach.spots()).toBe(20);
    expect((await coach.get('/api/athlete')).json()).toMatchObject({ items: [], totalCount: 0 });
    expect((await coach.get('/api/roster')).json()).toMatchObject({ items: [], totalCount: 0 });
    expect(await countRows(app, 'athletes', other.accountId)).toBe(1);
    expect(await other.spots()).toBe(19);
  });
});
