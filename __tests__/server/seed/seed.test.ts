import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../../../server/db/connect';
import { bulkTableIndexes } from '../../../server/db/indexes';
import { migrateToLatest } from '../../../server/db/migrate';
import { migrations } from '../../../server/db/migrations';
import { verifyPassword } from '../../../server/identity/password';
import { ensureDemoAccount } from '../../../server/seed/demo';
import { SeedRefusedError, seedAccount } from '../../../server/seed/seed';
import { balance } from '../../../server/store';
import { emptyDatabase, type EmptyDatabase } from '../helpers/build-test-app';

/** A fresh database for this file: a temp PGlite dir, or a new database on DATABASE_URL's server. */
let handle: DatabaseHandle;
let database: EmptyDatabase;

beforeAll(async () => {
  database = await emptyDatabase();
  handle = database.handle;
  await migrateToLatest(handle.db as Kysely<unknown>, migrations);
}, 60_000);

afterAll(() => database.close());

const count = async (
  table: 'results' | 'result_splits' | 'athletes' | 'roster_athletes' | 'profiles',
  accountId: string,
) => {
  const row = await handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

describe('seedAccount', () => {
  const options = {
    email: 'Coach@Example.org',
    password: 'secret-pw',
    athletes: 60,
    results: 3_000,
    seed: 3,
    until: new Date('2025-06-30'),
  };

  it('creates the account with a sign-in credential and fills it', async () => {
    const summary = await seedAccount(handle.db, options);
    expect(summary).toMatchObject({ createdAccount: true, athletes: 60, results: 3_000 });
    const credential = await handle.db
      .selectFrom('identity_credentials')
      .selectAll()
      .executeTakeFirstOrThrow();
    await expect(verifyPassword('secret-pw', credential.password_hash)).resolves.toBe(true);
    const user = await handle.db
      .selectFrom('users')
      .selectAll()
      .where('auth_subject', '=', credential.id)
      .executeTakeFirstOrThrow();
    // Its own workspace, its user the owner, as a signed-up account's (decision 035).
    const members = await handle.db
      .selectFrom('workspace_members')
      .select(['user_id', 'role', 'roster_ids'])
      .where('workspace_id', '=', user.id)
      .execute();
    expect(members).toEqual([{ user_id: user.id, role: 'owner', roster_ids: null }]);
    // Its 60 athletes and room for 50 more, in the Store's ledger.
    expect(await balance(handle.db, user.id)).toMatchObject({ spotsTotal: 110, spotsLeft: 50 });
    expect(await count('results', user.id)).toBe(3_000);
    expect(await count('result_splits', user.id)).toBe(summary.splits);
    expect(await count('athletes', user.id)).toBe(60);
    expect(await count('profiles', user.id)).toBe(summary.profiles);
    expect(await count('roster_athletes', user.id)).toBeGreaterThanOrEqual(60);
    // Splits carry their result's flag (the partial board indexes leave flagged ones out).
    const { rows } = await sql<{ flagged: number; mismatched: number }>`
      select count(*) filter (where s.implausible)::integer as flagged,
        count(*) filter (where s.implausible <> r.implausible)::integer as mismatched
      from result_splits s join results r on r.id = s.result_id
      where s.account_id = ${user.id}`.execute(handle.db);
    expect(rows[0]!.flagged).toBeGreaterThan(0);
    expect(rows[0]!.mismatched).toBe(0);
  });

  it('refuses an account that has results, unless asked to append', async () => {
    await expect(seedAccount(handle.db, options)).rejects.toThrow(SeedRefusedError);
    const summary = await seedAccount(handle.db, {
      ...options,
      append: true,
      email: 'coach@example.org',
    });
    expect(summary.createdAccount).toBe(false);
    expect(await count('results', summary.accountId)).toBe(6_000);
    expect(await count('athletes', summary.accountId)).toBe(120);
  });

  it('rebuilds the dropped indexes after a bulk load, and leaves nothing behind on failure', async () => {
    const summary = await seedAccount(handle.db, {
      ...options,
      email: 'bulk@example.org',
      bulkThreshold: 0,
    });
    const { rows } = await sql<{
      indexname: string;
    }>`select indexname from pg_indexes where tablename in ('results', 'result_splits')`.execute(
      handle.db,
    );
    expect(rows.map((row) => row.indexname)).toEqual(
      expect.arrayContaining(bulkTableIndexes.map((index) => index.name)),
    );
    expect(await count('results', summary.accountId)).toBe(3_000);
    // The board bests (migrations 009 and 012; their triggers may have been skipped): each
    // athlete's first entry per board, of every lane (-1) and of each lane, as a window
    // over every entry computes it.
    const bests = await sql<{ n: string; wrong: string }>`
      with entries as (
        select athlete_id, event_type_id, distance_mm as board, result as value, recorded_at, id,
          lane_id
        from results where account_id = ${summary.accountId} and not implausible
        union all
        select athlete_id, event_type_id, split_distance_mm, split_ms, recorded_at, result_id,
          lane_id
        from result_splits where account_id = ${summary.accountId} and not implausible
          and split_distance_mm < distance_mm
      ), firsts as (
        select * from (select e.*, k.lane_key, row_number() over (
            partition by athlete_id, event_type_id, k.lane_key, board
            order by case when et.lower_is_better then e.value else -e.value end, e.recorded_at, e.id) as n
          from entries e join event_types et on et.id = e.event_type_id
          cross join lateral (select -1 as lane_key union all select e.lane_id
            where e.lane_id is not null) k) x where n = 1
      )
      select (select count(*) from firsts) as n,
        (select count(*) from firsts f full join (select * from board_bests
          where account_id = ${summary.accountId}) b
          on b.athlete_id = f.athlete_id and b.event_type_id = f.event_type_id
            and b.lane_key = f.lane_key and b.board_mm = f.board and b.result_id = f.id and b.value = f.value
        where b.result_id is null or f.id is null) as wrong`.execute(handle.db);
    expect(Number(bests.rows[0]!.n)).toBeGreaterThan(0);
    expect(Number(bests.rows[0]!.wrong)).toBe(0);

    const crash = () => {
      throw new Error('crashed after the athletes');
    };
    const failing = seedAccount(handle.db, { ...options, email: 'bad@example.org', log: crash });
    await expect(failing).rejects.toThrow('crashed after the athletes');
    const users = await handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'bad@example.org')
      .execute();
    expect(users).toEqual([]);
  });
});

describe("seedAccount and the account's time zone", () => {
  /** Results whose local time (in the account's own users.time_zone) is outside 08:00-19:00. */
  const outsideDaytime = async (accountId: string) =>
    (
      await sql<{ n: number; zone: string; earliest: string; latest: string }>`
        select count(*) filter (where local::time < '08:00' or local::time > '19:00')::integer as n,
          min(u.time_zone) as zone, min(local::time)::text as earliest, max(local::time)::text as latest
        from (select r.recorded_at at time zone u.time_zone as local, r.account_id
          from results r join users u on u.id = r.account_id) x
        join users u on u.id = x.account_id
        where x.account_id = ${accountId}`.execute(handle.db)
    ).rows[0]!;

  it("gives a new account the zone asked for, and stamps its sessions in that zone's daytime", async () => {
    const summary = await seedAccount(handle.db, {
      email: 'auckland@example.org',
      password: 'secret-pw',
      athletes: 40,
      results: 2_000,
      seed: 5,
      until: new Date('2025-06-30'),
      timeZone: 'Pacific/Auckland',
    });
    const row = await outsideDaytime(summary.accountId);
    expect(row).toMatchObject({ n: 0, zone: 'Pacific/Auckland' });
    // Evening sessions are there: the window is used up to its end.
    expect(row.latest > '16:00').toBe(true);
  });

  it("keeps an existing account's zone when appending", async () => {
    const summary = await seedAccount(handle.db, {
      email: 'auckland@example.org',
      password: 'secret-pw',
      athletes: 10,
      results: 500,
      seed: 6,
      until: new Date('2025-06-30'),
      append: true,
      timeZone: 'Europe/Berlin',
    });
    expect(await outsideDaytime(summary.accountId)).toMatchObject({
      n: 0,
      zone: 'Pacific/Auckland',
    });
  });
});

describe('ensureDemoAccount', () => {
  let demoAccountId: string;
  let demoProfiles: number;

  it('creates the demo account once, and logs it on one line', async () => {
    const messages: string[] = [];
    const log = { info: (message: string) => messages.push(message) };
    const first = await ensureDemoAccount(handle.db, { log, timeZone: 'America/Chicago' });
    expect(first).toMatchObject({ athletes: 400, rosters: 6, results: 30_000 });
    demoAccountId = first!.accountId;
    demoProfiles = first!.profiles;
    // How to sign in follows in the start's running line (start.ts, start-output.test.ts).
    expect(messages).toEqual([
      expect.stringMatching(/^Demo account created: 400 athletes, 6 rosters, 30000 results, /),
    ]);
    expect(messages[0]).not.toContain('\n');

    await expect(ensureDemoAccount(handle.db, { log })).resolves.toBeNull();
    expect(messages).toHaveLength(1);
    expect(await count('results', first!.accountId)).toBe(30_000);
    // In the configured zone (DEMO_TIME_ZONE), which its sessions' daytime follows.
    const user = await handle.db
      .selectFrom('users')
      .select('time_zone')
      .where('id', '=', first!.accountId)
      .executeTakeFirstOrThrow();
    expect(user.time_zone).toBe('America/Chicago');
    // 30,000 results and their profiles: over 30 s on a busy two-core machine.
  }, 120_000);

  /**
   * Each (athlete, day of the account's time zone) with EAPI results: what its profile
   * can be built from (docs/performance-index.md, "The tests"), without the profile code.
   */
  const eapiDays = async (accountId: string) =>
    (
      await sql<{
        athlete_id: string;
        day: string;
        vertical: boolean;
        ten: boolean;
        agility: boolean;
        easi: boolean;
        weight_kg: string | null;
        gender: string | null;
      }>`
        with eapi as (
          select r.athlete_id, (r.recorded_at at time zone u.time_zone)::date::text as day,
            r.event_type_id, r.distance_mm,
            exists (select 1 from result_splits s
              where s.result_id = r.id and s.split_distance_mm = 9144) as at10,
            exists (select 1 from result_splits s
              where s.result_id = r.id and s.split_distance_mm = 18288) as at20
          from results r join users u on u.id = r.account_id
          where r.account_id = ${accountId} and r.program = 'eapi' and not r.implausible
        )
        select e.athlete_id, e.day, a.weight_kg, a.gender,
          bool_or(e.event_type_id = 5) as vertical,
          bool_or(e.event_type_id = 1 and (e.distance_mm = 9144 or e.at10)) as ten,
          bool_or(e.event_type_id = 2) as agility,
          bool_or(e.event_type_id = 1 and e.distance_mm = 36576 and e.at10 and e.at20) as easi
        from eapi e join athletes a on a.id = e.athlete_id
        group by e.athlete_id, e.day, a.weight_kg, a.gender`.execute(handle.db)
    ).rows;

  it('gives the athletes on the EAPI program complete EAPI and EASI inputs on several dates', async () => {
    const days = await eapiDays(demoAccountId);
    const complete = days.filter((d) => d.vertical && d.ten && d.agility && d.easi);
    const onProgram = [...new Set(days.map((d) => d.athlete_id))];
    expect(onProgram.length).toBeGreaterThanOrEqual(60);
    expect(new Set(days.map((d) => d.day)).size).toBeGreaterThanOrEqual(10);
    expect(complete.length / days.length).toBeGreaterThan(0.9);
    const withSeveral = onProgram.filter(
      (athlete) => complete.filter((d) => d.athlete_id === athlete).length >= 3,
    );
    expect(withSeveral.length / onProgram.length).toBeGreaterThan(0.75);
    // The jump needs the bodyweight; the reference rows the gender.
    expect(days.filter((d) => !(Number(d.weight_kg) > 0))).toEqual([]);
    expect(days.filter((d) => d.gender === null).length / days.length).toBeLessThan(0.05);
  });

  it('builds the profiles of every EAPI testing day', async () => {
    const days = await eapiDays(demoAccountId);
    const { rows: profiles } = await sql<{
      athlete_id: string;
      day: string;
      origin: string;
      version: number;
      eapi: number | null;
      easi: number | null;
    }>`
      select p.athlete_id, p.tested_on::text as day, p.origin, v.version, p.eapi, p.easi
      from profiles p join index_reference_versions v on v.id = p.reference_version_id
      where p.account_id = ${demoAccountId}`.execute(handle.db);
    const key = (row: { athlete_id: string; day: string }) => `${row.athlete_id}/${row.day}`;
    expect(profiles.map(key).sort()).toEqual(days.map(key).sort());
    expect(new Set(profiles.map((p) => `${p.origin} v${p.version}`))).toEqual(
      new Set(['results v1']),
    );
    const byKey = new Map(profiles.map((p) => [key(p), p]));
    for (const day of days.filter((d) => d.vertical && d.ten && d.agility && d.easi)) {
      expect(byKey.get(key(day))!.eapi).toBeGreaterThan(0);
      expect(byKey.get(key(day))!.easi).toBeGreaterThan(0);
    }
    expect(demoProfiles).toBe(profiles.length);
  });

  it('fills the team reports: a row per roster and testing day of its members', async () => {
    const { rows } = await sql<{ kept: number; counted: number }>`
      select (select count(*)::integer from team_days where account_id = ${demoAccountId}) as kept,
        (select count(*)::integer from (
          select ra.roster_id, p.tested_on from roster_athletes ra
          join profiles p on p.athlete_id = ra.athlete_id
          where p.account_id = ${demoAccountId} group by 1, 2) as days) as counted`.execute(
      handle.db,
    );
    expect(rows[0]!.kept).toBeGreaterThan(0);
    expect(rows[0]!.kept).toBe(rows[0]!.counted);
  });
});
