import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql, type Insertable, type Kysely } from 'kysely';
import { PROFILE_SORTS, TEAM_REPORT_SORTS } from '../contract/profile';
import { nameKey } from '../server/athlete/name-key';
import type { Database, Gender, ProfilesTable } from '../server/db/schema';
import { referenceRows, score, type Reference } from '../server/profile';
import { generateAthletes, type SeedAthlete } from '../server/seed/athletes';
import { Random } from '../server/seed/random';
import { planRosters } from '../server/seed/rosters';
import type { Engine } from './lib/database';
import { machine } from './lib/machine';
import { benchServer, limitedMember, signIn, type Served } from './lib/server';

/**
 * The performance index's tables and reports over HTTP: the real server (buildApp on a
 * loopback port) on a fresh PGlite data directory and a fresh PostgreSQL database. One
 * account holds 10,000 generated athletes on ~25 seed rosters plus a roster of exactly
 * 500 ("Bench 500"), each athlete with 5 profiles (testing days drawn from 20 over two
 * years; the 500 all test on the same 5 days), written straight to the tables and scored
 * with server/profile/scoring.ts; other accounts of 20 athletes with 5 profiles each sit
 * around it. Prints p50/p95 of the team table (every sort, pages, filters), the team
 * report of the 500-athlete roster, one athlete's EAPI and EASI reports, the PDFs, and
 * the profile domain's lists (`/api/profile`, `/api/report/{eapi|easi}/individual`: every
 * sort on its first and last page, the default order's middle page, a roster, a name
 * prefix).
 * PostgreSQL: the server of BENCH_DATABASE_URL, else DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test; a database splitline_bench_profiles_<pid> is
 * created and dropped around the run.
 * `npm run bench -- profiles [--engines pglite,postgresql] [--runs 60] [--pdf-runs 15]
 *   [--athletes 10000] [--others 200] [--database NAME] [--data-dir DIR] [--explain]`
 */
const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'pglite,postgresql' },
    runs: { type: 'string', default: '60' },
    'pdf-runs': { type: 'string', default: '15' },
    athletes: { type: 'string', default: '10000' },
    others: { type: 'string', default: '200' },
    'per-other': { type: 'string', default: '20' },
    explain: { type: 'boolean', default: false },
    /**
     * Also as a coach limited to the largest roster (issue 34): their lists (the server
     * fills the roster in) and reports, in turn with the owner's same ones.
     */
    limited: { type: 'boolean', default: false },
    /** PostgreSQL only: keep the database under this name, and use it again when it exists. */
    database: { type: 'string' },
    /** PGlite only: keep the data directory here, and use it again when it holds one. */
    'data-dir': { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const PDF_RUNS = Number(values['pdf-runs']);
const ATHLETES = Number(values.athletes);
const PROFILES_PER_ATHLETE = 5;
const WARMUP = 5;

/** 20 testing days, two blocks a term over two years. */
const DAYS = Array.from({ length: 20 }, (_, i) => {
  const date = new Date(Date.UTC(2024, 0, 8) + i * 36 * 86_400_000);
  return date.toISOString().slice(0, 10);
});
/** The days the 500-athlete roster tests on, together. */
const BENCH_ROSTER_DAYS = [DAYS[3]!, DAYS[7]!, DAYS[11]!, DAYS[15]!, DAYS[19]!];

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function currentReferences(db: Kysely<Database>) {
  const version = await db
    .selectFrom('index_reference_versions')
    .select('id')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const references = await referenceRows(db, version.id);
  return { versionId: version.id, references };
}

/** Plausible measurements of an athlete (around the v1 means of their sex), some missing. */
function measurementsOf(random: Random, athlete: SeedAthlete, day: number) {
  const female = athlete.gender === 'female';
  const gain = 1 - 0.004 * day * athlete.gainFactor; // a little faster over the two years
  const time = (mean: number, sd: number) =>
    Math.round((mean + sd * (athlete.speedZ + random.normal(0, 0.4))) * gain);
  const jump = (mean: number, sd: number) =>
    Math.round((mean + sd * (athlete.powerZ + random.normal(0, 0.4))) / gain);
  const m = {
    vertical_jump_mm: jump(female ? 430 : 580, 70),
    sprint_10_ms: time(female ? 2000 : 1800, 100),
    pro_agility_ms: random.chance(0.9) ? time(female ? 5150 : 4700, 220) : null,
    sprint_40_ms: random.chance(0.7) ? time(female ? 5950 : 5200, 300) : null,
    broad_jump_mm: random.chance(0.5) ? jump(female ? 1980 : 2440, 220) : null,
    acceleration_ms: null as number | null,
    transition_ms: null as number | null,
    top_speed_ms: null as number | null,
    flying_10_ms: random.chance(0.2) ? time(female ? 1280 : 1120, 70) : null,
  };
  if (m.sprint_40_ms !== null && random.chance(0.8)) {
    m.acceleration_ms = time(female ? 2000 : 1800, 100);
    m.transition_ms = time(female ? 1330 : 1170, 70);
    m.top_speed_ms = time(female ? 2620 : 2250, 140);
  }
  return m;
}

/** Inserts the profiles of `athletes` (ids in the same order) in batches. */
async function insertProfiles(
  db: Kysely<Database>,
  random: Random,
  accountId: string,
  athletes: readonly { id: string; seed: SeedAthlete; days: readonly string[] }[],
  refs: { versionId: number; references: Reference[] },
) {
  let batch: Insertable<ProfilesTable>[] = [];
  const flush = async () => {
    if (batch.length > 0) await db.insertInto('profiles').values(batch).execute();
    batch = [];
  };
  for (const { id, seed, days } of athletes) {
    for (const day of days) {
      const m = measurementsOf(random, seed, DAYS.indexOf(day));
      const bodyweight = seed.weightKg;
      const scored = score(
        {
          verticalJumpMm: m.vertical_jump_mm,
          sprint10Ms: m.sprint_10_ms,
          proAgilityMs: m.pro_agility_ms,
          sprint40Ms: m.sprint_40_ms,
          broadJumpMm: m.broad_jump_mm,
          accelerationMs: m.acceleration_ms,
          transitionMs: m.transition_ms,
          topSpeedMs: m.top_speed_ms,
          flying10Ms: m.flying_10_ms,
        },
        bodyweight,
        seed.gender as Gender | null,
        refs.references,
      );
      batch.push({
        account_id: accountId,
        athlete_id: id,
        tested_on: day,
        origin: 'results',
        bodyweight_kg: bodyweight,
        reference_version_id: refs.versionId,
        ...m,
        points: JSON.stringify(scored.points),
        result_ids: '{}',
        eapi: scored.eapi,
        easi: scored.easi,
      });
      if (batch.length >= 2000) await flush();
    }
  }
  await flush();
}

/** Inserts generated athletes of an account; answers their ids in order. */
async function insertAthletes(db: Kysely<Database>, accountId: string, athletes: SeedAthlete[]) {
  const ids: string[] = [];
  for (let from = 0; from < athletes.length; from += 2000) {
    const rows = await db
      .insertInto('athletes')
      .values(
        athletes.slice(from, from + 2000).map((a) => ({
          account_id: accountId,
          first_name: a.firstName,
          middle_name: a.middleName,
          last_name: a.lastName,
          first_name_key: nameKey(a.firstName),
          middle_name_key: nameKey(a.middleName),
          last_name_key: nameKey(a.lastName),
          gender: a.gender,
          sport_id: a.sportId,
          position_id: a.positionId,
          weight_kg: a.weightKg,
          height_cm: a.heightCm,
          external_id: a.externalId,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** Days of an athlete: 5 of the 20, drawn at random (sorted). */
function drawDays(random: Random): string[] {
  const chosen = new Set<string>();
  while (chosen.size < PROFILES_PER_ATHLETE) chosen.add(DAYS[random.int(0, DAYS.length - 1)]!);
  return [...chosen].sort();
}

async function loadOtherAccounts(
  db: Kysely<Database>,
  refs: Awaited<ReturnType<typeof currentReferences>>,
  count: number,
  perAccount: number,
) {
  const random = new Random(7);
  for (let i = 0; i < count; i += 1) {
    const [user] = await db
      .insertInto('users')
      .values({
        auth_subject: `bench-other-${i}`,
        email: `other${i}@bench.local`,
      })
      .returning('id')
      .execute();
    const athletes = generateAthletes(random, perAccount, { untilYear: 2025, numberFrom: 1 });
    const ids = await insertAthletes(db, user!.id, athletes);
    const [roster] = await db
      .insertInto('rosters')
      .values({ account_id: user!.id, name: 'Team' })
      .returning('id')
      .execute();
    await db
      .insertInto('roster_athletes')
      .values(ids.map((id) => ({ roster_id: roster!.id, athlete_id: id, account_id: user!.id })))
      .execute();
    await insertProfiles(
      db,
      random,
      user!.id,
      ids.map((id, k) => ({ id, seed: athletes[k]!, days: drawDays(random) })),
      refs,
    );
  }
}

/** The big account: athletes, seed rosters + "Bench 500", 5 profiles each. */
async function loadBigAccount(
  db: Kysely<Database>,
  accountId: string,
  refs: Awaited<ReturnType<typeof currentReferences>>,
) {
  const random = new Random(11);
  const athletes = generateAthletes(random, ATHLETES, { untilYear: 2025, numberFrom: 500_000 });
  const ids = await insertAthletes(db, accountId, athletes);
  const plans = planRosters(athletes, 25);
  const benchMembers = new Set<number>();
  while (benchMembers.size < Math.min(500, ATHLETES)) benchMembers.add(random.int(0, ATHLETES - 1));
  plans.push({ name: 'Bench 500', members: [...benchMembers].sort((a, b) => a - b) });
  for (const plan of plans) {
    const [roster] = await db
      .insertInto('rosters')
      .values({ account_id: accountId, name: plan.name })
      .returning('id')
      .execute();
    for (let from = 0; from < plan.members.length; from += 5000) {
      await db
        .insertInto('roster_athletes')
        .values(
          plan.members.slice(from, from + 5000).map((i) => ({
            roster_id: roster!.id,
            athlete_id: ids[i]!,
            account_id: accountId,
          })),
        )
        .execute();
    }
  }
  await insertProfiles(
    db,
    random,
    accountId,
    ids.map((id, i) => ({
      id,
      seed: athletes[i]!,
      days: benchMembers.has(i) ? BENCH_ROSTER_DAYS : drawDays(random),
    })),
    refs,
  );
  return plans.length;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;

async function timed(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  return { ms, status: response.status, bytes };
}

/** A case: its name, its URL and, when not the account owner's, who asks. */
type Case = [name: string, url: string, headers?: Record<string, string>];

/** Times every request `runs` times, round-robin; answers p50/p95/max and the last answer. */
async function timeRoundRobin(
  requests: { url: string; headers: Record<string, string> }[],
  runs: number,
) {
  const times = requests.map(() => [] as number[]);
  const last: { status: number; bytes: Buffer }[] = [];
  for (let run = 0; run < WARMUP + runs; run += 1) {
    for (const [index, { url, headers }] of requests.entries()) {
      const { ms, status, bytes } = await timed(url, headers);
      if (status !== 200) throw new Error(`${url}: ${status} ${bytes.toString().slice(0, 300)}`);
      if (run >= WARMUP) times[index]!.push(ms);
      last[index] = { status, bytes };
    }
  }
  return times.map((list, index) => {
    list.sort((a, b) => a - b);
    return {
      p50: percentile(list, 0.5),
      p95: percentile(list, 0.95),
      max: list.at(-1)!,
      ...last[index]!,
    };
  });
}

/**
 * The cases of a coach limited to `rosterId` (created here), each after the owner's same
 * request naming the roster: the team table and the three profile lists without a roster
 * (the server fills it in) on their first and last page, the roster's latest team report
 * and an athlete report of one of its athletes.
 */
async function limitedCases(
  server: Served,
  accountId: string,
  rosterId: string,
  q: (params: Record<string, string | number>) => string,
): Promise<Case[]> {
  const { headers } = await limitedMember(server, {
    workspaceId: accountId,
    rosterIds: [Number(rosterId)],
  });
  const out: Case[] = [];
  const both = (name: string, route: string, params: Record<string, string | number>) => {
    out.push([`${name} (owner, rosterId)`, `${route}?${q({ ...params, rosterId })}`]);
    out.push([`${name} (limited)`, `${route}?${q(params)}`, headers]);
  };
  both('team table', '/api/report/eapi/team', {});
  for (const route of [
    '/api/profile',
    '/api/report/eapi/individual',
    '/api/report/easi/individual',
  ]) {
    const probe = await timed(`${server.base}${route}`, headers);
    if (probe.status !== 200) throw new Error(`${route} (limited): ${probe.status}`);
    const { totalCount } = JSON.parse(probe.bytes.toString()) as { totalCount: number };
    both(`${route}`, route, {});
    both(`${route} last page`, route, { pageNumber: Math.max(1, Math.ceil(totalCount / 20)) });
  }
  const day = await sql<{ day: string }>`
    select tested_on::text as day from team_days where roster_id = ${rosterId}
    order by tested_on desc limit 1`.execute(server.app.db);
  const athlete = await sql<{ id: string }>`
    select ra.athlete_id as id from roster_athletes ra
    where ra.roster_id = ${rosterId}
      and exists (select 1 from profiles p where p.athlete_id = ra.athlete_id)
    order by ra.athlete_id limit 1`.execute(server.app.db);
  for (const [name, url] of [
    ['team report', `/api/report/eapi/team/${rosterId}/${day.rows[0]!.day}`],
    ['athlete report EAPI', `/api/report/eapi/athlete/${athlete.rows[0]!.id}`],
  ]) {
    out.push([`${name} (owner)`, url!]);
    out.push([`${name} (limited)`, url!, headers]);
  }
  return out;
}

async function bench(engine: Engine): Promise<void> {
  const { app, base, store, cleanup } = await benchServer(engine, 'profiles', {
    database: values.database,
    dataDir: values['data-dir'],
    reuse: true,
    keep: true,
    account: false,
  });
  const reuse = !store.fresh;
  const log = (line: string) => console.log(line);
  try {
    const started = performance.now();
    const refs = await currentReferences(app.db);
    const existing = reuse
      ? await sql<{ auth_subject: string }>`select auth_subject from users
          where email like '%@bench.local' and auth_subject not like 'bench-other-%'`.execute(
          app.db,
        )
      : undefined;
    const sub = existing?.rows[0]?.auth_subject ?? randomUUID();
    const { headers, accountId } = await signIn(
      { app, base },
      { sub, claims: { email: `${randomUUID()}@bench.local` } },
    );
    let rosterCount: number;
    if (existing?.rows[0]) {
      rosterCount = (
        await sql<{ n: number }>`select count(*)::integer as n from rosters
          where account_id = ${accountId}`.execute(app.db)
      ).rows[0]!.n;
      log(`${engine}: ${store.database ? `database ${store.database}` : store.dataDir} used again`);
    } else {
      await loadOtherAccounts(app.db, refs, Number(values.others), Number(values['per-other']));
      log(`${engine}: ${values.others} other accounts loaded in ${seconds(started)} s`);
      rosterCount = await loadBigAccount(app.db, accountId, refs);
    }
    // The state the server keeps the tables in: on PGlite its maintenance vacuums them
    // after writes (server/profile/maintenance.ts), on PostgreSQL autovacuum does, some
    // time after a load. Without it the index-only counts read every row from the table.
    const vacuumed = performance.now();
    await sql`vacuum (analyze)`.execute(app.db);
    log(`${engine}: vacuum (analyze) in ${seconds(vacuumed)} s`);
    const counts = await sql<{ mine: number; all: number; memberships: number }>`
      select (select count(*)::integer from profiles where account_id = ${accountId}) as mine,
        (select count(*)::integer from profiles) as all,
        (select count(*)::integer from roster_athletes where account_id = ${accountId}) as memberships`.execute(
      app.db,
    );
    const c = counts.rows[0]!;
    log(
      `${engine}: big account loaded in ${seconds(started)} s: ${ATHLETES} athletes, ${rosterCount} rosters ` +
        `(${c.memberships} memberships), ${c.mine} profiles (${c.all} in all)`,
    );

    const rosters = await sql<{ id: string; name: string; n: number }>`
      select r.id, r.name, count(*)::integer as n from rosters r
      join roster_athletes ra on ra.roster_id = r.id
      where r.account_id = ${accountId} group by r.id, r.name order by n desc`.execute(app.db);
    const bench500 = rosters.rows.find((r) => r.name === 'Bench 500')!;
    const largest = rosters.rows[0]!;
    // An athlete of Bench 500 on the most rosters, with a position.
    const subject = await sql<{ id: string; rosters: number }>`
      select a.id, count(*)::integer as rosters from athletes a
      join roster_athletes ra on ra.athlete_id = a.id
      where a.account_id = ${accountId} and a.position_id is not null
        and exists (select 1 from roster_athletes b where b.athlete_id = a.id and b.roster_id = ${bench500.id})
        and exists (select 1 from profiles p where p.athlete_id = a.id and p.easi is not null)
      group by a.id order by rosters desc, a.id limit 1`.execute(app.db);
    const athleteId = subject.rows[0]!.id;
    const lastDay = BENCH_ROSTER_DAYS.at(-1)!;
    const largestDay = await sql<{ day: string; n: number }>`
      select p.tested_on::text as day, count(*)::integer as n from roster_athletes ra
      join profiles p on p.athlete_id = ra.athlete_id where ra.roster_id = ${largest.id}
      group by p.tested_on order by n desc limit 1`.execute(app.db);

    const q = (params: Record<string, string | number>) =>
      new URLSearchParams(
        Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
    const cases: Case[] = [
      ['floor: GET /api/sport', '/api/sport'],
      ...TEAM_REPORT_SORTS.map((sort): [string, string] => [
        `team table ${sort}, page 1`,
        `/api/report/eapi/team?${q({ sort })}`,
      ]),
      ['team table default, page 10', `/api/report/eapi/team?${q({ pageNumber: 10 })}`],
      [
        'team table pageSize 100, page 3',
        `/api/report/eapi/team?${q({ pageSize: 100, pageNumber: 3 })}`,
      ],
      [
        `team table rosterId largest (${largest.n})`,
        `/api/report/eapi/team?${q({ rosterId: largest.id })}`,
      ],
      [
        'team table one term (startDate/endDate)',
        `/api/report/eapi/team?${q({ startDate: DAYS[5]!, endDate: DAYS[9]! })}`,
      ],
      [
        `team report Bench 500 on ${lastDay} (500 tested)`,
        `/api/report/eapi/team/${bench500.id}/${lastDay}`,
      ],
      [
        `team report largest roster (${largest.n}) on ${largestDay.rows[0]!.day} (${largestDay.rows[0]!.n} tested)`,
        `/api/report/eapi/team/${largest.id}/${largestDay.rows[0]!.day}`,
      ],
      [
        `athlete report EAPI (on ${subject.rows[0]!.rosters} rosters + position)`,
        `/api/report/eapi/athlete/${athleteId}`,
      ],
      ['athlete report EASI', `/api/report/easi/athlete/${athleteId}`],
    ];
    const pdfCases: Case[] = [
      ['athlete PDF (EAPI)', `/api/report/eapi/athlete/${athleteId}/pdf`],
      ['team PDF Bench 500 (500 ranked)', `/api/report/eapi/team/${bench500.id}/${lastDay}/pdf`],
    ];
    // The profile domain's lists: every sort on its first and last page, the middle page
    // of the default order, a roster and a name prefix.
    const profileCases: Case[] = [];
    for (const [name, route] of [
      ['GET /api/profile', '/api/profile'],
      ['GET /api/report/eapi/individual', '/api/report/eapi/individual'],
      ['GET /api/report/easi/individual', '/api/report/easi/individual'],
    ] as const) {
      const probe = await timed(`${base}${route}`, headers);
      if (probe.status !== 200) throw new Error(`${route}: ${probe.status}`);
      const { totalCount } = JSON.parse(probe.bytes.toString()) as { totalCount: number };
      const last = Math.max(1, Math.ceil(totalCount / 20));
      for (const sort of PROFILE_SORTS) {
        profileCases.push([`${name} ${sort}`, `${route}?${q({ sort })}`]);
        profileCases.push([
          `${name} ${sort}, page ${last} (last)`,
          `${route}?${q({ sort, pageNumber: last })}`,
        ]);
      }
      const middle = Math.ceil(last / 2);
      profileCases.push([
        `${name} page ${middle} (middle)`,
        `${route}?${q({ pageNumber: middle })}`,
      ]);
      profileCases.push([`${name} rosterId largest`, `${route}?${q({ rosterId: largest.id })}`]);
      profileCases.push([
        `${name} lastNameQuery "Ma", LastName`,
        `${route}?${q({ lastNameQuery: 'Ma', sort: 'LastName' })}`,
      ]);
    }

    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
    const ms = (x: number) => x.toFixed(1);
    const report = async (title: string, list: Case[], runs: number) => {
      if (list.length === 0) return;
      log(
        `\n${title} on ${engine}: ${runs} requests of each, one at a time, in turn (after ${WARMUP} warm-up rounds); load before ${load()}`,
      );
      const results = await timeRoundRobin(
        list.map(([, url, asked]) => ({ url: `${base}${url}`, headers: asked ?? headers })),
        runs,
      );
      log(`| case | answer | p50 ms | p95 ms | max ms |`);
      log(`| --- | ---: | ---: | ---: | ---: |`);
      results.forEach((r, i) => {
        let answer = `${(r.bytes.length / 1024).toFixed(1)} KiB`;
        if (r.bytes[0] === 0x7b) {
          const body = JSON.parse(r.bytes.toString()) as {
            totalCount?: number;
            items?: unknown[];
            athletes?: unknown[];
          };
          if (body.totalCount !== undefined) answer = `${body.items!.length} of ${body.totalCount}`;
          else if (body.athletes) answer = `${body.athletes.length} athletes`;
        }
        log(`| ${list[i]![0]} | ${answer} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} |`);
      });
      log(`load after ${load()}`);
    };
    await report('Reports', cases, RUNS);
    await report('PDFs', pdfCases, PDF_RUNS);
    await report('Profile lists', profileCases, RUNS);
    if (values.limited) {
      await report(
        `As a coach limited to the largest roster (${largest.n}), in turn with the owner naming it`,
        await limitedCases({ app, base }, accountId, largest.id, q),
        RUNS,
      );
    }

    if (values.explain) {
      const explain = async (label: string, statement: ReturnType<typeof sql>) => {
        const { rows } = await sql<{
          'QUERY PLAN': string;
        }>`explain (analyze, buffers) ${statement}`.execute(app.db);
        log(`\n--- ${label}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      };
      await explain(
        'team table (DateDesc, page 1)',
        sql`select t.roster_id, t.tested_on, t.athletes,
            round(t.eapi_sum::numeric / nullif(t.complete, 0), 1)
          from team_days t where t.account_id = ${accountId}
          order by t.tested_on desc, t.roster_id desc limit 20`,
      );
      await explain(
        'percentile in the largest roster',
        sql`select (select count(*) from roster_indexes x
              where x.roster_id = ${largest.id} and x.eapi is not null),
            (select count(*) from roster_indexes x
              where x.roster_id = ${largest.id} and x.eapi < 1500)`,
      );
    }
  } finally {
    await cleanup();
  }
}

async function main(): Promise<void> {
  console.log(`profiles bench: ${machine()}`);
  for (const engine of values.engines!.split(',') as Engine[]) await bench(engine);
}

void main();
