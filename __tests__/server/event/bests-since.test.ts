import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { ResultListBody } from '../../../contract/event-query';
import type { App } from '../../../server/app';
import { bulkTableIndexes } from '../../../server/db/indexes';
import { closedRowAskable } from '../../../server/db/migrations/038_bests_closed_askable';
import { spansAnswerBests, type ResultFilters } from '../../../server/event/list/filters';
import { migrations } from '../../../server/db/migrations';
import { seedAccount } from '../../../server/seed/seed';
import { buildTestApp } from '../helpers/build-test-app';
import { addAthletes, addResults, coach, qs, yd, type Coach } from './read-fixtures';

// Seeds accounts and rebuilds the derived tables: over 30 s on a loaded 2-core machine.
jest.setTimeout(120_000);

/**
 * Migration 011: `bests_since`, kept by triggers on results, and the bests of a date
 * range that runs up to now read from it (GET /api/event with getBestByAthlete and a
 * startDate). Both are checked against definitions written here independently.
 */
describe('bests since a date (migration 011)', () => {
  let app: App;
  let mine: Coach;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    mine = await coach(app, 'since@example.com');
  });
  afterAll(() => app.close());

  /** The account's plausible results in each of their scopes, with their rank value `v`. */
  const rankValues = (accountId: string) => sql`
    select r.id, r.athlete_id, r.event_type_id, r.distance_mm, r.recorded_at, s.scope,
      case when et.lower_is_better then r.result else -r.result end as v
    from results r join event_types et on et.id = r.event_type_id
    cross join lateral (select 'all' as scope union all
      select r.program where r.program <> 'none') s
    where r.account_id = ${accountId} and not r.implausible`;

  /**
   * Rows of `bests_since` that differ from the definition: a plausible result is a row
   * (per scope: 'all', and its program's) when no later result of its group ranks
   * before it; its `since` is the latest earlier result of the group that ranks before it.
   */
  async function mismatches(accountId: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      with v as (${rankValues(accountId)}),
      expected as (
        select x.scope, x.id, x.recorded_at,
          (select max(y.recorded_at) from v y
            where (y.scope, y.athlete_id, y.event_type_id, y.distance_mm)
              = (x.scope, x.athlete_id, x.event_type_id, x.distance_mm)
              and (y.recorded_at, y.id) < (x.recorded_at, x.id) and y.v <= x.v) as since
        from v x
        where not exists (select 1 from v y
          where (y.scope, y.athlete_id, y.event_type_id, y.distance_mm)
            = (x.scope, x.athlete_id, x.event_type_id, x.distance_mm)
            and (y.recorded_at, y.id) > (x.recorded_at, x.id) and y.v < x.v)),
      stored as (select * from bests_since where account_id = ${accountId})
      select count(*)::int as n from expected e
      full join stored b on b.scope = e.scope and b.result_id = e.id
      where e.id is null or b.result_id is null or b.since is distinct from e.since
        or b.recorded_at <> e.recorded_at`.execute(app.db);
    return rows[0]!.n + (await closedMismatches(accountId)) + (await staleNames(accountId));
  }

  /**
   * Rows of `bests_closed` (migration 037) that differ from the definition: a plausible
   * result whose group has a later result ranking before it, with `next_at` the first such
   * result's time and `since` as above.
   */
  async function closedMismatches(accountId: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      with v as (${rankValues(accountId)}),
      spans as (
        -- Each result against the others of its group (a join on the group, not a
        -- subquery per result: the test's 6,000 rows in seconds).
        select x.scope, x.id, x.recorded_at,
          max(y.recorded_at) filter (where (y.recorded_at, y.id) < (x.recorded_at, x.id)
            and y.v <= x.v) as since,
          min(y.recorded_at) filter (where (y.recorded_at, y.id) > (x.recorded_at, x.id)
            and y.v < x.v) as next_at
        from v x
        join v y on (y.scope, y.athlete_id, y.event_type_id, y.distance_mm)
          = (x.scope, x.athlete_id, x.event_type_id, x.distance_mm)
        group by x.scope, x.id, x.recorded_at),
      expected as (select * from spans where next_at is not null),
      stored as (select * from bests_closed where account_id = ${accountId})
      select count(*)::int as n from expected e
      full join stored b on b.scope = e.scope and b.result_id = e.id
      where e.id is null or b.result_id is null or b.since is distinct from e.since
        or b.next_at <> e.next_at or b.recorded_at <> e.recorded_at`.execute(app.db);
    return rows[0]!.n;
  }

  /** Rows whose name keys (015) are not their athlete's. */
  async function staleNames(accountId: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n
      from bests_since b join athletes a on a.id = b.athlete_id
      where b.account_id = ${accountId} and (b.first_name_key <> a.first_name_key
        or b.middle_name_key <> a.middle_name_key or b.last_name_key <> a.last_name_key)`.execute(
      app.db,
    );
    return rows[0]!.n;
  }

  const rowCount = async (accountId: string) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from bests_since
        where account_id = ${accountId}`.execute(app.db)
    ).rows[0]!.n;

  it('keeps the rows through inserts, corrections, moves and deletions', async () => {
    const summary = await seedAccount(app.db, {
      email: 'since-seed@example.org',
      password: 'pw-123456',
      athletes: 30,
      results: 3_000,
      seed: 7,
    });
    const account = summary.accountId;
    expect(await rowCount(account)).toBeGreaterThan(100);
    expect(await mismatches(account)).toBe(0);

    // New runs after every stored one (a device's), several per group in one statement:
    // better, worse and equal to the groups' rows, in both scopes.
    const groups = (
      await sql<{ athlete_id: string; event_type_id: number; distance_mm: number; result: number }>`
        select distinct on (athlete_id, event_type_id, distance_mm)
          athlete_id, event_type_id, distance_mm, result
        from bests_since where account_id = ${account} and scope = 'all'
        order by athlete_id, event_type_id, distance_mm, recorded_at desc limit 40`.execute(app.db)
    ).rows;
    for (const round of [0, 1]) {
      await addResults(
        app,
        account,
        groups.flatMap((group, i) =>
          [-200, 0, 150, -50].map((delta, j) => ({
            athlete: Number(group.athlete_id),
            type: group.event_type_id,
            distanceMm: group.distance_mm,
            value: Math.max(1, group.result + (i % 2 === 0 ? delta : -delta)),
            at: `2027-0${round + 1}-0${j + 1}T10:00:00Z`,
            program: j % 2 === 0 ? ('eapi' as const) : ('none' as const),
          })),
        ),
      );
      expect(await mismatches(account)).toBe(0);
    }

    const some = async (n: number, offset: number) =>
      (
        await app.db
          .selectFrom('results')
          .select(['id', 'athlete_id', 'result', 'recorded_at'])
          .where('account_id', '=', account)
          .orderBy('id')
          .offset(offset)
          .limit(n)
          .execute()
      ).map((row) => ({ ...row, id: String(row.id) }));
    // Corrections of value and date, a move to another athlete and program, flags.
    for (const [i, row] of (await some(40, 100)).entries()) {
      await app.db
        .updateTable('results')
        .set(
          i % 4 === 0
            ? { result: Math.max(1, row.result - 300) }
            : i % 4 === 1
              ? { recorded_at: new Date(row.recorded_at.getTime() - 86_400_000 * 40) }
              : i % 4 === 2
                ? { program: 'eapi', athlete_id: (await some(1, 2_000))[0]!.athlete_id }
                : { implausible: true },
        )
        .where('id', '=', row.id)
        .execute();
    }
    expect(await mismatches(account)).toBe(0);
    // One statement changing many rows of a group at once.
    const [first] = await some(1, 0);
    await app.db
      .updateTable('results')
      .set((eb) => ({ result: eb('result', '+', 7) }))
      .where('athlete_id', '=', first!.athlete_id)
      .execute();
    expect(await mismatches(account)).toBe(0);
    // Deletions, and a result from the past arriving late (before a group's newest).
    await app.db
      .deleteFrom('results')
      .where(
        'id',
        'in',
        (await some(60, 500)).map((row) => row.id),
      )
      .execute();
    expect(await mismatches(account)).toBe(0);
    await addResults(app, account, [
      {
        athlete: Number(first!.athlete_id),
        type: 1,
        distanceMm: yd(40),
        value: 1,
        at: '2020-01-01T00:00:00Z',
      },
      {
        athlete: Number(first!.athlete_id),
        type: 1,
        distanceMm: yd(40),
        value: 99_999,
        at: '2020-01-02T00:00:00Z',
      },
      {
        athlete: Number(first!.athlete_id),
        type: 6,
        distanceMm: 0,
        value: 3,
        at: '2020-01-02T00:00:00Z',
      },
    ]);
    expect(await mismatches(account)).toBe(0);

    // A rebuild (bulk loads) makes the same rows.
    await sql`select bests_rebuild(${account}, null)`.execute(app.db);
    expect(await mismatches(account)).toBe(0);
    // Deleting the athletes takes their rows.
    await app.db.deleteFrom('athletes').where('account_id', '=', account).execute();
    expect(await rowCount(account)).toBe(0);
  });

  it('rebuilds the rows after a bulk load, and the indexes as the migrations made them', async () => {
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
    expect(before).toHaveLength(bulkTableIndexes.length + 3);
    expect(await rowCount(summary.accountId)).toBeGreaterThan(100);
    expect(await mismatches(summary.accountId)).toBe(0);
  });

  it('keeps the rows when one statement brings late results into many groups (023)', async () => {
    const summary = await seedAccount(app.db, {
      email: 'since-late@example.org',
      password: 'pw-123456',
      athletes: 12,
      results: 1_200,
      seed: 11,
    });
    const account = summary.accountId;
    const groups = (
      await sql<{
        athlete_id: string;
        event_type_id: number;
        distance_mm: number;
        result: number;
        first: Date;
        last: Date;
      }>`
        select athlete_id, event_type_id, distance_mm, min(result) as result,
          min(recorded_at) as first, max(recorded_at) as last
        from results where account_id = ${account} and not implausible
        group by athlete_id, event_type_id, distance_mm order by 1, 2, 3 limit 30`.execute(app.db)
    ).rows;
    expect(groups.length).toBeGreaterThan(10);
    const middle = (g: (typeof groups)[number], share: number) =>
      new Date(g.first.getTime() + (g.last.getTime() - g.first.getTime()) * share).toISOString();
    // Each group gets results before its newest: better than all, equal to its best (at
    // and around the time of stored rows), worse, several in one group, in both scopes,
    // beside groups that are appended to (after the newest) in the same statement.
    await addResults(
      app,
      account,
      groups.flatMap((g, i) => {
        const spec = (value: number, at: string, program: 'eapi' | 'none' = 'none') => ({
          athlete: Number(g.athlete_id),
          type: g.event_type_id,
          distanceMm: g.distance_mm,
          value: Math.max(1, value),
          at,
          program,
        });
        if (i % 5 === 4) return [spec(g.result - 1, '2030-01-01T00:00:00Z', 'eapi')];
        return [
          spec(g.result, middle(g, 0.5)),
          spec(g.result, middle(g, 0.5), 'eapi'),
          spec(g.result + 40, middle(g, 0.2)),
          spec(g.result - 30, middle(g, 0.8), 'eapi'),
          spec(g.result + 500, middle(g, 0.9)),
          spec(g.result, g.first.toISOString()),
        ];
      }),
    );
    expect(await mismatches(account)).toBe(0);
    // And the results of a whole past day at once, as a device uploading late sends them.
    await addResults(
      app,
      account,
      groups.map((g, i) => ({
        athlete: Number(g.athlete_id),
        type: g.event_type_id,
        distanceMm: g.distance_mm,
        value: g.result + (i % 3) * 20 - 20,
        at: middle(g, 0.35),
        program: i % 2 === 0 ? ('eapi' as const) : ('none' as const),
      })),
    );
    expect(await mismatches(account)).toBe(0);
    await app.db.deleteFrom('athletes').where('account_id', '=', account).execute();
  });

  it('keeps a group right when transactions append to it at once', async () => {
    const [athlete] = await addAthletes(app, mine.id, [{ first: 'Con', last: 'Current' }]);
    const insert = (value: number, at: string) =>
      app.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('results')
          .values({
            account_id: mine.id,
            athlete_id: athlete!,
            event_type_id: 1,
            recorded_at: at,
            distance_mm: yd(40),
            result: value,
            source: 'device',
            client_id: `since-race-${at}`,
          })
          .execute();
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
    await Promise.all([
      insert(5000, '2025-05-01T10:00:00Z'),
      insert(4900, '2025-05-01T10:01:00Z'),
      insert(5100, '2025-05-01T10:02:00Z'),
    ]);
    expect(await mismatches(mine.id)).toBe(0);
    await app.db.deleteFrom('athletes').where('id', '=', String(athlete!)).execute();
  });

  it("follows an athlete's new name, and a table of bests by name sorts by it (015)", async () => {
    const [ana, bob] = await addAthletes(app, mine.id, [
      { first: 'Ana', last: 'Aaron' },
      { first: 'Bob', last: 'Babel' },
    ]);
    await addResults(app, mine.id, [
      { athlete: ana!, type: 1, distanceMm: yd(40), value: 5000, at: '2025-07-01T10:00:00Z' },
      { athlete: bob!, type: 1, distanceMm: yd(40), value: 5100, at: '2025-07-01T11:00:00Z' },
    ]);
    const byLastName = async () =>
      (
        await app.inject({
          url: `/api/event${qs({ getBestByAthlete: true, sort: 'LastName', pageSize: 500 })}`,
          headers: mine.headers,
        })
      )
        .json<ResultListBody>()
        .items.filter((i) => i.athlete.id === ana || i.athlete.id === bob)
        .map((i) => i.athlete.lastName);
    expect(await byLastName()).toEqual(['Aaron', 'Babel']);
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/athlete/${ana}`,
      headers: mine.headers,
      payload: { firstName: 'Ana', lastName: 'Zed' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await staleNames(mine.id)).toBe(0);
    expect(await byLastName()).toEqual(['Babel', 'Zed']);
    await app.db
      .deleteFrom('athletes')
      .where('id', 'in', [String(ana!), String(bob!)])
      .execute();
  });

  it('ranks again when an event type turns from lower to higher is better', async () => {
    const type = await app.db
      .insertInto('event_types')
      .values({
        account_id: mine.id,
        code: 'toss',
        name: 'Toss',
        unit: 'distance',
        lower_is_better: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [athlete] = await addAthletes(app, mine.id, [{ first: 'Tess', last: 'Toss' }]);
    await addResults(app, mine.id, [
      { athlete: athlete!, type: type.id, distanceMm: 0, value: 12000, at: '2025-05-01T10:00:00Z' },
      { athlete: athlete!, type: type.id, distanceMm: 0, value: 9000, at: '2025-05-02T10:00:00Z' },
    ]);
    expect(await mismatches(mine.id)).toBe(0);
    await app.db
      .updateTable('event_types')
      .set({ lower_is_better: false })
      .where('id', '=', type.id)
      .execute();
    expect(await mismatches(mine.id)).toBe(0);
    await app.db.deleteFrom('athletes').where('id', '=', String(athlete!)).execute();
  });

  it("goes down to 023's trigger and up again, rebuilding the closed rows (037)", async () => {
    const migrator = new Migrator({
      db: app.db as unknown as Kysely<unknown>,
      provider: { getMigrations: async () => migrations },
    });
    const down = await migrator.migrateTo('036_results_alias_athlete_include');
    expect(down.error).toBeUndefined();
    // Written by 023's trigger alone: bests_since only.
    const summary = await seedAccount(app.db, {
      email: 'since-down-up@example.org',
      password: 'pw-123456',
      athletes: 8,
      results: 600,
      seed: 21,
    });
    expect(await rowCount(summary.accountId)).toBeGreaterThan(20);
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await mismatches(summary.accountId)).toBe(0);
  });

  describe('GET /api/event?getBestByAthlete', () => {
    /** Days of the results below, in order. */
    const days = ['2025-06-01', '2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05'];

    const list = async (params: Record<string, string | number | boolean>) => {
      const response = await app.inject({
        url: `/api/event${qs({ pageSize: 500, ...params })}`,
        headers: mine.headers,
      });
      if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
      return response.json<ResultListBody>();
    };

    /** The bests ranked here from the results (DISTINCT ON, as without the table). */
    const reference = async (from?: string, until?: string, program?: string) =>
      (
        await sql<{ id: string }>`
          select id from (
            select distinct on (r.athlete_id, r.event_type_id, r.distance_mm) r.id, r.recorded_at
            from results r join event_types et on et.id = r.event_type_id
            where r.account_id = ${mine.id} and not r.implausible
              and (${from ?? null}::date is null or r.recorded_at >= ${from ?? null}::date)
              and (${until ?? null}::date is null or r.recorded_at < ${until ?? null}::date + 1)
              and (${program ?? null}::text is null or r.program = ${program ?? null}::text)
            order by r.athlete_id, r.event_type_id, r.distance_mm,
              case when et.lower_is_better then r.result else -r.result end, r.recorded_at, r.id) b
          order by recorded_at desc, id desc`.execute(app.db)
      ).rows.map((row) => Number(row.id));

    beforeAll(async () => {
      const athletes = await addAthletes(app, mine.id, [
        { first: 'Ada', last: 'Range' },
        { first: 'Ben', last: 'Range' },
        { first: 'Cy', last: 'Range' },
      ]);
      // Times that go up and down over the days (ties included), jumps, two programs.
      const times = [
        [5100, 5000, 5200, 5000, 5300],
        [4900, 5000, 4800, 4950, 4800],
        [5500, 5400, 5300, 5200, 5100],
      ];
      await addResults(
        app,
        mine.id,
        athletes.flatMap((athlete, a) =>
          days.flatMap((day, d) => [
            {
              athlete,
              type: 1,
              distanceMm: yd(40),
              value: times[a]![d]!,
              at: `${day}T1${a}:00:00Z`,
              program: d % 2 === 0 ? ('eapi' as const) : ('none' as const),
            },
            {
              athlete,
              type: 6,
              distanceMm: 0,
              value: 2000 + ((a * 7 + d * 13) % 5) * 50,
              at: `${day}T1${a}:30:00Z`,
              implausible: a === 1 && d === 4,
            },
          ]),
        ),
      );
      // Bests beaten minutes later, inside one quarter hour and across one: closed rows
      // that no day range can ask for, which the spans' index leaves out (038).
      const [dee] = await addAthletes(app, mine.id, [{ first: 'Dee', last: 'Range' }]);
      await addResults(
        app,
        mine.id,
        days.flatMap((day, d) =>
          [
            ['09:01', 5200],
            ['09:05', 5100 - d * 10],
            ['09:10', 5000 + (d % 2) * 300],
            ['09:14', 4950],
            ['09:16', 4900 + d * 20],
          ].map(([time, value]) => ({
            athlete: dee!,
            type: 1,
            distanceMm: yd(40),
            value: value as number,
            at: `${day}T${time}:00Z`,
            program: d % 2 === 0 ? ('eapi' as const) : ('none' as const),
          })),
        ),
      );
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from bests_closed
        where account_id = ${mine.id} and not ${closedRowAskable()}`.execute(app.db);
      expect(rows[0]!.n).toBeGreaterThan(0);
    });

    it.each(days)('answers the bests since %s as ranked from the results', async (day) => {
      const page = await list({ getBestByAthlete: true, startDate: day });
      expect(page.items.map((item) => item.id)).toEqual(await reference(day));
      expect(page.totalCount).toBe(page.items.length);
      const eapi = await list({ getBestByAthlete: true, startDate: day, program: 'eapi' });
      expect(eapi.items.map((item) => item.id)).toEqual(await reference(day, undefined, 'eapi'));
    });

    it('answers every past range of the days from the spans as ranked (037)', async () => {
      for (const [i, from] of days.entries()) {
        for (const until of days.slice(i)) {
          for (const program of [undefined, 'eapi'] as const) {
            const page = await list({
              getBestByAthlete: true,
              startDate: from,
              endDate: until,
              ...(program ? { program } : {}),
            });
            expect(page.items.map((item) => item.id)).toEqual(
              await reference(from, until, program),
            );
          }
        }
      }
    });

    it('reads the table for a range ending after the newest result, ranks otherwise', async () => {
      for (const [from, until] of [
        ['2025-06-02', '2030-01-01'],
        ['2025-06-02', '2025-06-04'],
        ['2025-06-03', '2025-06-03'],
        [undefined, '2025-06-03'],
      ] as const) {
        const page = await list({
          getBestByAthlete: true,
          ...(from ? { startDate: from } : {}),
          endDate: until,
        });
        expect(page.items.map((item) => item.id)).toEqual(await reference(from, until));
      }
    });

    it('counts the bests with a small page and pages on by cursor', async () => {
      const all = await reference('2025-06-02');
      const first = await list({ getBestByAthlete: true, startDate: '2025-06-02', pageSize: 2 });
      expect(first.totalCount).toBe(all.length);
      expect(first.items.map((item) => item.id)).toEqual(all.slice(0, 2));
      const next = await list({
        getBestByAthlete: true,
        startDate: '2025-06-02',
        pageSize: 2,
        cursor: first.nextCursor!,
      });
      expect(next.items.map((item) => item.id)).toEqual(all.slice(2, 4));
    });
  });

  it('reads the spans only for range bounds on the quarter-hour grid (038)', () => {
    const filters = (from: string | undefined, until: string): ResultFilters => ({
      accountId: 'a',
      bestByAthlete: true,
      nothing: false,
      types: new Map(),
      ...(from ? { from: new Date(from) } : {}),
      until: new Date(until),
    });
    expect(spansAnswerBests(filters('2025-06-01T00:00Z', '2025-06-03T00:00Z'))).toBe(true);
    expect(spansAnswerBests(filters(undefined, '2025-06-02T18:15Z'))).toBe(true); // +5:45
    // Midnight in Monrovia before 1972 (−0:44:30): ranked from the results instead.
    expect(spansAnswerBests(filters(undefined, '1960-03-02T00:44:30Z'))).toBe(false);
    expect(spansAnswerBests(filters('1960-03-01T00:44:30Z', '2025-06-03T00:00Z'))).toBe(false);
  });
});
