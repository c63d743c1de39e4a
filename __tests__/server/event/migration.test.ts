import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { App } from '../../../server/app';
import { migrations } from '../../../server/db/migrations';
import { buildTestApp } from '../helpers/build-test-app';
import { accountId, signUp } from '../user/accounts';

/** Migration 005: the flag copied into result_splits, kept in sync, and the partial board indexes. */
describe('migration 005 (results ingest)', () => {
  let app: App;
  let account: string;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    account = await accountId(app, (await signUp(app, 'migration@example.com')).headers);
  });
  afterAll(() => app.close());

  async function resultWithSplits(clientId: string): Promise<string> {
    const athlete = await app.db
      .insertInto('athletes')
      .values({
        account_id: account,
        first_name: 'Ada',
        last_name: 'Quick',
        first_name_key: 'ada',
        last_name_key: 'quick',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recorded_at = new Date('2025-03-01T15:00:00Z');
    const result = await app.db
      .insertInto('results')
      .values({
        account_id: account,
        athlete_id: athlete.id,
        event_type_id: 1,
        recorded_at,
        distance_mm: 36576,
        result: 4950,
        source: 'device',
        client_id: clientId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('result_splits')
      .values(
        [
          [9144, 1700],
          [36576, 4950],
        ].map(([mm, ms]) => ({
          result_id: result.id,
          split_distance_mm: mm!,
          split_ms: ms!,
          account_id: account,
          athlete_id: athlete.id,
          event_type_id: 1,
          distance_mm: 36576,
          recorded_at,
        })),
      )
      .execute();
    return result.id;
  }

  const splitsOf = (resultId: string) =>
    app.db
      .selectFrom('result_splits')
      .select(['implausible', 'lane_id', 'recorded_at', 'athlete_id'])
      .where('result_id', '=', resultId)
      .execute();

  it('copies a change of the result into its splits (flag, lane, time)', async () => {
    const id = await resultWithSplits('sync-1');
    expect((await splitsOf(id)).map((s) => s.implausible)).toEqual([false, false]);
    const at = new Date('2025-03-02T10:00:00Z');
    await app.db
      .updateTable('results')
      .set({ implausible: true, lane_id: 3, recorded_at: at })
      .where('id', '=', id)
      .execute();
    const splits = await splitsOf(id);
    expect(splits).toHaveLength(2);
    for (const split of splits) {
      expect(split).toMatchObject({ implausible: true, lane_id: 3 });
      expect(split.recorded_at.toISOString()).toBe(at.toISOString());
    }
    await app.db.deleteFrom('results').where('id', '=', id).execute();
    expect(await splitsOf(id)).toEqual([]);
  });

  it('makes both board indexes partial, leaving flagged runs out', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and indexname in ('results_board', 'result_splits_board', 'results_type_result')
      order by indexname`.execute(app.db);
    expect(rows.map((row) => row.indexname)).toEqual([
      'result_splits_board',
      'results_board',
      'results_type_result',
    ]);
    expect(rows[0]!.indexdef).toMatch(/WHERE \(NOT implausible\)$/);
    expect(rows[1]!.indexdef).toMatch(/WHERE \(NOT implausible\)$/);
  });

  it('sets the distance mode of the built-in event types', async () => {
    const types = await app.db
      .selectFrom('event_types')
      .select(['code', 'distance_mode'])
      .where('account_id', 'is', null)
      .orderBy('id')
      .execute();
    expect(Object.fromEntries(types.map((t) => [t.code, t.distance_mode]))).toEqual({
      sprint: 'variable',
      'pro-agility': 'fixed',
      'flying-sprint': 'variable',
      'l-drill': 'none',
      'vertical-jump': 'none',
      'broad-jump': 'none',
      'shuttle-60': 'fixed',
    });
  });

  it('goes down and up again, back-filling the flag of existing splits', async () => {
    const id = await resultWithSplits('down-up');
    const migrator = new Migrator({
      db: app.db as unknown as Kysely<unknown>,
      provider: { getMigrations: async () => migrations },
    });
    const down = await migrator.migrateTo('003_verification_mail');
    expect(down.error).toBeUndefined();
    await app.db.updateTable('results').set({ implausible: true }).where('id', '=', id).execute();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect((await splitsOf(id)).map((s) => s.implausible)).toEqual([true, true]);
  });
});
