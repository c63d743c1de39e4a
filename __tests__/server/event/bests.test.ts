import { sql } from 'kysely';
import type { App } from '../../../server/app';
import { bulkTableIndexes } from '../../../server/db/indexes';
import { seedAccount } from '../../../server/seed/seed';
import { buildTestApp } from '../helpers/build-test-app';
import { addAthletes, addResults, yd } from './read-fixtures';

/**
 * Migration 006: the personal-best flags on results, kept by triggers (inserts,
 * corrections, deletions) and ranked in bulk after a seed that skipped the triggers.
 */
describe('personal-best flags (migration 007)', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  /** Rows whose flags differ from a ranking computed here, independently. */
  async function mismatches(accountId: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      with ranked as (
        select r.id,
          r.id = first_value(r.id) over (partition by r.athlete_id, r.event_type_id, r.distance_mm
            order by case when et.lower_is_better then r.result else -r.result end, r.recorded_at, r.id) as o,
          r.id = first_value(r.id) over (partition by r.athlete_id, r.event_type_id, r.distance_mm, r.program
            order by case when et.lower_is_better then r.result else -r.result end, r.recorded_at, r.id) as p
        from results r join event_types et on et.id = r.event_type_id
        where r.account_id = ${accountId} and not r.implausible)
      select count(*)::int as n from results r left join ranked k on k.id = r.id
      where r.account_id = ${accountId}
        and (r.best_overall, r.best_in_program) is distinct from (coalesce(k.o, false), coalesce(k.p, false))`.execute(
      app.db,
    );
    return rows[0]!.n;
  }

  /** An account of its own (a users row; no sign-in needed here). */
  const newAccount = async (name: string) =>
    (
      await app.db
        .insertInto('users')
        .values({
          auth_subject: name,
          email: `${name}@example.org`,
          athlete_spots: 50,
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const flagged = async (accountId: string) => {
    const { rows } = await sql<{ o: number; p: number }>`
      select count(*) filter (where best_overall)::int as o, count(*) filter (where best_in_program)::int as p
      from results where account_id = ${accountId}`.execute(app.db);
    return rows[0]!;
  };

  it('flags the bests of results written row set by row set (the triggers)', async () => {
    const summary = await seedAccount(app.db, {
      email: 'trigger-seed@example.org',
      password: 'pw-123456',
      athletes: 40,
      results: 4_000,
      seed: 3,
    });
    const counts = await flagged(summary.accountId);
    expect(counts.o).toBeGreaterThan(40);
    expect(counts.p).toBeGreaterThan(counts.o);
    expect(await mismatches(summary.accountId)).toBe(0);
  });

  it('ranks the bests after a bulk load, and rebuilds the indexes as the migration made them', async () => {
    const definitions = async () =>
      (
        await sql<{ indexdef: string }>`select indexdef from pg_indexes
          where schemaname = current_schema() and tablename in ('results', 'result_splits')
          order by indexname`.execute(app.db)
      ).rows.map((row) => row.indexdef);
    const before = await definitions();
    const summary = await seedAccount(app.db, {
      email: 'bulk-seed@example.org',
      password: 'pw-123456',
      athletes: 40,
      results: 4_000,
      seed: 4,
      bulkThreshold: 0,
    });
    expect(await definitions()).toEqual(before);
    expect(before.join('\n')).toEqual(
      expect.stringContaining(
        bulkTableIndexes.find((i) => i.name === 'results_best_athlete')!.name,
      ),
    );
    expect((await flagged(summary.accountId)).o).toBeGreaterThan(40);
    expect(await mismatches(summary.accountId)).toBe(0);
  });

  it('keeps one best per group when two transactions add to it at once', async () => {
    const accountId = await newAccount('race');
    const [athlete] = await addAthletes(app, accountId, [{ first: 'Con', last: 'Current' }]);
    const insert = (value: number, clientId: string) =>
      app.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('results')
          .values({
            account_id: accountId,
            athlete_id: athlete!,
            event_type_id: 1,
            recorded_at: '2025-05-01T10:00:00Z',
            distance_mm: yd(40),
            result: value,
            source: 'device',
            client_id: clientId,
          })
          .execute();
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
    await Promise.all([insert(5000, 'race-1'), insert(4900, 'race-2'), insert(4950, 'race-3')]);
    const bests = await app.db
      .selectFrom('results')
      .select(['result'])
      .where('athlete_id', '=', String(athlete!))
      .where('best_overall', '=', true)
      .execute();
    expect(bests).toEqual([{ result: 4900 }]);
    expect(await mismatches(accountId)).toBe(0);
  });

  it('ranks again when an event type turns from lower to higher is better', async () => {
    const accountId = await newAccount('throw');
    const type = await app.db
      .insertInto('event_types')
      .values({
        account_id: accountId,
        code: 'throw',
        name: 'Throw',
        unit: 'distance',
        lower_is_better: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [athlete] = await addAthletes(app, accountId, [{ first: 'Tess', last: 'Throw' }]);
    const [short, long] = await addResults(app, accountId, [
      { athlete: athlete!, type: type.id, distanceMm: 0, value: 9000, at: '2025-05-01T10:00:00Z' },
      { athlete: athlete!, type: type.id, distanceMm: 0, value: 12000, at: '2025-05-01T10:05:00Z' },
    ]);
    const best = async () =>
      (
        await app.db
          .selectFrom('results')
          .select('id')
          .where('event_type_id', '=', type.id)
          .where('best_overall', '=', true)
          .execute()
      ).map((row) => Number(row.id));
    expect(await best()).toEqual([short!.id]);
    await app.db
      .updateTable('event_types')
      .set({ lower_is_better: false })
      .where('id', '=', type.id)
      .execute();
    expect(await best()).toEqual([long!.id]);
  });
});
