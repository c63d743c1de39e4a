import type { AthleteBody } from '../../../contract/athlete';
import type { App } from '../../../server/app';
import { csv, importCsv, newCoach } from '../athlete/helpers';
import { buildTestApp } from '../helpers/build-test-app';

/**
 * The CSV import announces each athlete it creates (athlete.created), in its own
 * transaction and with the athlete as GET /api/athlete/{id} shows it; a rejected file
 * and a dry run announce nothing. The outbox is read straight (no worker here).
 */
describe('athlete.created from the CSV import', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ webhooks: { enabled: false } });
    await app.ready();
  });
  afterAll(() => app.close());

  const file = csv(
    'FirstName,LASTNAME,sport,position,rosters,externalId,birthDate,gender,heightCm,weightKg,graduationYear,email,middleName',
    'Sam,Reyes,Football,QB,Varsity; Speed,S1,2007-03-01,m,180.5,81.24,2025,sam@example.org,',
    'Zoë,Núñez,soccer,midfielder,varsity,,,F,,,,,Ana',
    'Li,Wu,,,,,,,,,,,',
  );

  it('writes one event per imported athlete, equal to the API, and none for a dry run or a bad file', async () => {
    const coach = await newCoach(app, { spots: 10 });
    await app.db
      .insertInto('webhook_subscriptions')
      .values({
        account_id: coach.accountId,
        url: 'https://93.184.215.14/hooks',
        events: ['athlete.created'],
        secret: `whsec_${Buffer.alloc(32, 5).toString('base64')}`,
      })
      .execute();
    const events = () =>
      app.db
        .selectFrom('webhook_events')
        .select(['type', 'payload'])
        .where('account_id', '=', coach.accountId)
        .orderBy('id')
        .execute();

    expect((await importCsv(coach, file, true)).statusCode).toBe(200);
    const bad = csv('FirstName,LASTNAME', 'Sam,');
    expect((await importCsv(coach, bad, false)).statusCode).toBe(400);
    expect(await events()).toEqual([]);

    expect((await importCsv(coach, file, false)).statusCode).toBe(200);
    const written = await events();
    expect(written.map((e) => e.type)).toEqual(Array(3).fill('athlete.created'));
    for (const { payload } of written) {
      const { id } = payload as AthleteBody;
      const shown = await coach.get(`/api/athlete/${id}`);
      expect(payload).toEqual(shown.json());
    }
  });
});
