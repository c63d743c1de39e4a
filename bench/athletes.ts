import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { ATHLETE_CSV_COLUMNS, type AthleteListBody } from '../contract/athlete';
import { setSpots } from '../__tests__/server/athlete/helpers';
import type { App } from '../server/app';
import { csvLine } from '../server/athlete/csv';
import { filtersOf } from '../server/athlete/list-query';
import { listStatement, pageFromEndStatement } from '../server/athlete/repository';
import { nameKey } from '../server/athlete/name-key';
import type { Database } from '../server/db/schema';
import { generateAthletes } from '../server/seed/athletes';
import { Random } from '../server/seed/random';
import { planRosters } from '../server/seed/rosters';
import type { Engine } from './lib/database';
import { machine } from './lib/machine';
import { benchServer, limitedMember, signIn } from './lib/server';

/**
 * The athlete table over HTTP: the real server (buildApp, listening on a loopback port)
 * on a fresh PGlite data directory and on a fresh PostgreSQL database, holding 1,000
 * accounts of 20 athletes and a roster each (written straight to the tables) and one
 * account whose 10,000 generated athletes on ~25 rosters arrive as a coach's would, by a
 * CSV import (which analyses the tables afterwards). Prints p50/p95 of `GET /api/athlete`
 * for a matrix of sorts, name queries, roster filters and pages, and the times of
 * 10,000-row imports (dry run and commit).
 * PostgreSQL: the server of BENCH_DATABASE_URL, else DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test; a database splitline_bench_athletes_<pid> is
 * created and dropped around the run.
 * `npm run bench -- athletes [--engines pglite,postgresql] [--runs 60] [--explain]`
 */
const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'pglite,postgresql' },
    runs: { type: 'string', default: '60' },
    others: { type: 'string', default: '1000' },
    'per-other': { type: 'string', default: '20' },
    imports: { type: 'string', default: '3' },
    explain: { type: 'boolean', default: false },
    /**
     * Also as a coach limited to the largest roster (issue 34): the roster cases asked by
     * them without the roster (the server fills it in), in turn with the owner's.
     */
    limited: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const WARMUP = 5;
type Params = Record<string, string | number>;

/** Inserts the other accounts: users rows, 20 generated athletes and one roster each. */
async function loadOtherAccounts(db: Kysely<Database>, count: number, perAccount: number) {
  const random = new Random(7);
  const accounts = await db
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, i) => ({
        auth_subject: `bench-other-${i}`,
        email: `other${i}@bench.local`,
      })),
    )
    .returning('id')
    .execute();
  const athletes = generateAthletes(random, count * perAccount, {
    untilYear: 2025,
    numberFrom: 1,
  });
  const rows = athletes.map((a, i) => ({
    account_id: accounts[Math.floor(i / perAccount)]!.id,
    first_name: a.firstName,
    middle_name: a.middleName,
    last_name: a.lastName,
    first_name_key: nameKey(a.firstName),
    middle_name_key: nameKey(a.middleName),
    last_name_key: nameKey(a.lastName),
    gender: a.gender,
    sport_id: a.sportId,
    position_id: a.positionId,
    external_id: a.externalId,
  }));
  for (let from = 0; from < rows.length; from += 2000) {
    await db
      .insertInto('athletes')
      .values(rows.slice(from, from + 2000))
      .execute();
  }
  await sql`insert into rosters (account_id, name)
    select id, 'Team' from users where auth_subject like 'bench-other-%'`.execute(db);
  await sql`insert into roster_athletes (roster_id, athlete_id, account_id)
    select r.id, a.id, a.account_id from athletes a join rosters r using (account_id)
    join users u on u.id = a.account_id where u.auth_subject like 'bench-other-%'`.execute(db);
}

/** A new account, its access token, and room for `spots` athletes. */
async function newAccount(app: App, base: string, spots: number) {
  const { headers, accountId } = await signIn({ app, base });
  await setSpots(app, accountId, spots);
  return { id: accountId, headers };
}

/** A realistic 10,000-row import file: generated athletes on their seed rosters. */
function importFile(seed: number): string {
  const random = new Random(seed);
  const athletes = generateAthletes(random, 10_000, {
    untilYear: 2025,
    numberFrom: seed * 100_000,
  });
  const rosters = planRosters(athletes, 25);
  const rosterNames = athletes.map(() => [] as string[]);
  for (const roster of rosters) for (const i of roster.members) rosterNames[i]!.push(roster.name);
  let text = csvLine(ATHLETE_CSV_COLUMNS);
  athletes.forEach((a, i) => {
    text += csvLine([
      a.firstName,
      a.middleName,
      a.lastName,
      a.gender,
      a.birthDate,
      a.graduationYear,
      a.sport,
      a.position || null,
      a.heightCm,
      a.weightKg,
      a.externalId,
      a.email,
      rosterNames[i]!.join('; '),
    ]);
  });
  return text;
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);

/** Waits for the VACUUM (ANALYZE) the import runs after answering (server/athlete/maintenance.ts; rosters last). */
async function analysed(db: Kysely<Database>): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    const { rows } = await sql<{ at: Date | null }>`select last_analyze as at
      from pg_stat_user_tables where relname = 'rosters'`.execute(db);
    if (rows[0]?.at) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the athlete tables were not analysed after the import');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;

/** One timed GET; throws unless 200. */
async function timed(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${text}`);
  return { ms, text };
}

/**
 * Times every URL RUNS times, round-robin (a request of each in turn), so that the other
 * work on a shared machine weighs on all of them alike. Answers p50/p95/max and the last body.
 */
async function timeRoundRobin(requests: { url: string; headers: Record<string, string> }[]) {
  const times = requests.map(() => [] as number[]);
  const bodies: string[] = [];
  for (let run = 0; run < WARMUP + RUNS; run += 1) {
    for (const [index, { url, headers }] of requests.entries()) {
      const { ms, text } = await timed(url, headers);
      if (run >= WARMUP) times[index]!.push(ms);
      bodies[index] = text;
    }
  }
  return times.map((list, index) => {
    list.sort((a, b) => a - b);
    return {
      p50: percentile(list, 0.5),
      p95: percentile(list, 0.95),
      max: list.at(-1)!,
      body: bodies[index]!,
    };
  });
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statements the server runs for a list request. */
async function explainList(db: Kysely<Database>, accountId: string, params: Params) {
  const query = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, k === 'rosterId' ? Number(v) : v]),
  );
  const filters = filtersOf(query);
  const page = {
    pageNumber: Number(params.pageNumber ?? 1),
    pageSize: Number(params.pageSize ?? 20),
  };
  const explain = async (statement: ReturnType<typeof listStatement>) => {
    const { rows } = await sql<{
      'QUERY PLAN': string;
    }>`explain (analyze, buffers) ${statement}`.execute(db);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  };
  const statement = listStatement(accountId, filters, page);
  console.log(`\n--- EXPLAIN ${JSON.stringify(params)}`);
  console.log(await explain(statement));
  const { rows } = await statement.execute(db);
  const fromEnd = pageFromEndStatement(accountId, filters, page, rows[0]!.total_count);
  if (fromEnd) {
    console.log(`--- then, from the end:`);
    console.log(await explain(fromEnd));
  }
}

async function bench(engine: Engine): Promise<string[]> {
  const { app, base, cleanup } = await benchServer(engine, 'athletes', { account: false });
  const lines: string[] = [];
  const log = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  try {
    const started = performance.now();
    await loadOtherAccounts(app.db, Number(values.others), Number(values['per-other']));
    log(`${engine}: ${values.others} other accounts loaded in ${seconds(started)} s`);
    // The big account's athletes arrive as a coach's would: one CSV import.
    const big = await newAccount(app, base, 10_000);
    const importTimes: string[] = [];
    const timeImport = async (account: { headers: Record<string, string> }, file: string) => {
      const post = (dryRun: boolean) =>
        fetch(`${base}/api/athlete/import?dryRun=${dryRun}`, {
          method: 'POST',
          headers: { ...account.headers, 'content-type': 'text/csv' },
          body: file,
        });
      let at = performance.now();
      const dry = await post(true);
      const dryText = await dry.text();
      const dryS = seconds(at);
      at = performance.now();
      const commit = await post(false);
      const report = (await commit.json()) as { created?: number; newRosters?: string[] };
      const commitS = seconds(at);
      if (dry.status !== 200 || commit.status !== 200) {
        throw new Error(`import failed: ${dry.status} ${dryText.slice(0, 500)} / ${commit.status}`);
      }
      importTimes.push(
        `  ${(file.length / 1024 / 1024).toFixed(2)} MB: dry run ${dryS} s, commit ${commitS} s ` +
          `(${report.created} athletes, ${report.newRosters?.length} new rosters)`,
      );
    };
    await timeImport(big, importFile(1));
    await analysed(app.db);
    log(`${engine}: big account imported and analysed in ${seconds(started)} s`);
    const headers = big.headers;
    const bigId = big.id;
    const rosters = await sql<{ id: string; name: string; n: number }>`
      select r.id, r.name, count(*)::integer as n from rosters r
      join roster_athletes ra on ra.roster_id = r.id
      where r.account_id = ${bigId} group by r.id, r.name order by n desc`.execute(app.db);
    const largest = rosters.rows[0]!;
    const smallest = rosters.rows.at(-1)!;
    const counts = await sql<{ athletes: number; total: number }>`
      select (select count(*)::integer from athletes where account_id = ${bigId}) as athletes,
        (select count(*)::integer from athletes) as total`.execute(app.db);
    log(
      `${engine}: ${counts.rows[0]!.athletes} athletes in the account (${counts.rows[0]!.total} in all), ` +
        `${rosters.rows.length} rosters; largest "${largest.name}" ${largest.n}, smallest "${smallest.name}" ${smallest.n}`,
    );

    const cases: [string, Params][] = [
      ['default (LastNameDesc), page 1', {}],
      ...(
        [
          'FirstNameAsc',
          'FirstNameDesc',
          'MiddleNameAsc',
          'MiddleNameDesc',
          'LastNameAsc',
          'None',
        ] as const
      ).map((sort): [string, Params] => [`${sort}, page 1`, { sort }]),
      ['LastNameDesc, page 250 (middle)', { pageNumber: 250 }],
      ['LastNameDesc, page 500 (last)', { pageNumber: 500 }],
      ['FirstNameAsc, page 500 (last)', { sort: 'FirstNameAsc', pageNumber: 500 }],
      ['None, page 500 (last)', { sort: 'None', pageNumber: 500 }],
      ['pageSize 100, page 1', { pageSize: 100 }],
      ['pageSize 100, page 50 (middle)', { pageSize: 100, pageNumber: 50 }],
      ['pageSize 100, page 100 (last)', { pageSize: 100, pageNumber: 100 }],
      ['lastNameQuery "smi"', { lastNameQuery: 'smi' }],
      ['lastNameQuery "m" (common)', { lastNameQuery: 'm' }],
      ['lastNameQuery "zz" (none)', { lastNameQuery: 'zz' }],
      ['firstNameQuery "ja", FirstNameAsc', { firstNameQuery: 'ja', sort: 'FirstNameAsc' }],
      ['firstNameQuery "ja", LastNameDesc', { firstNameQuery: 'ja' }],
      ['middleNameQuery "a"', { middleNameQuery: 'a' }],
      ['first "j" + last "m"', { firstNameQuery: 'j', lastNameQuery: 'm' }],
      [`roster largest (${largest.n}), page 1`, { rosterId: largest.id }],
      [
        `roster largest, last page`,
        { rosterId: largest.id, pageNumber: Math.ceil(largest.n / 20) },
      ],
      [`roster smallest (${smallest.n}), page 1`, { rosterId: smallest.id }],
      ['roster largest + lastNameQuery "m"', { rosterId: largest.id, lastNameQuery: 'm' }],
      [
        'roster largest, FirstNameAsc, pageSize 100',
        { rosterId: largest.id, sort: 'FirstNameAsc', pageSize: 100 },
      ],
    ];
    log(
      `\nGET /api/athlete on ${engine}: ${RUNS} requests of each case, one at a time, the cases ` +
        `in turn (after ${WARMUP} warm-up rounds). The first row is the floor: GET /api/sport ` +
        `(token check, account lookup, a cached answer).`,
    );
    log(`| case | rows | totalCount | p50 ms | p95 ms | max ms |`);
    log(`| --- | ---: | ---: | ---: | ---: | ---: |`);
    const listUrl = (params: Params) =>
      `${base}/api/athlete?${new URLSearchParams(
        Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
      )}`;
    const urls = [`${base}/api/sport`, ...cases.map(([, params]) => listUrl(params))];
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
    const loadBefore = load();
    const [floor, ...results] = await timeRoundRobin(urls.map((url) => ({ url, headers })));
    log(`load average (1, 5, 15 min) before ${loadBefore}, after ${load()}`);
    const ms = (x: number) => x.toFixed(1);
    log(
      `| floor: GET /api/sport | | | ${ms(floor!.p50)} | ${ms(floor!.p95)} | ${ms(floor!.max)} |`,
    );
    const p95s: number[] = [];
    results.forEach((t, index) => {
      const body = JSON.parse(t.body) as AthleteListBody;
      p95s.push(t.p95);
      log(
        `| ${cases[index]![0]} | ${body.items.length} | ${body.totalCount} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.max)} |`,
      );
    });
    log(`worst p95: ${Math.max(...p95s).toFixed(1)} ms`);

    if (values.limited) {
      const limited = await limitedMember(
        { app },
        { workspaceId: bigId, rosterIds: [Number(largest.id)] },
      );
      const pairs = cases
        .filter(([, params]) => params.rosterId === largest.id)
        .flatMap(([name, { rosterId: _filledIn, ...own }]) => [
          { name: `${name} (owner)`, url: listUrl({ ...own, rosterId: largest.id }), headers },
          { name: `${name} (limited)`, url: listUrl(own), headers: limited.headers },
        ]);
      log(
        `\nAs a coach limited to the largest roster, in turn with the owner naming it ` +
          `(${RUNS} requests each); load before ${load()}`,
      );
      log(`| case | totalCount | p50 ms | p95 ms | max ms |`);
      log(`| --- | ---: | ---: | ---: | ---: |`);
      const answers = await timeRoundRobin(pairs);
      answers.forEach((t, index) => {
        const body = JSON.parse(t.body) as AthleteListBody;
        log(
          `| ${pairs[index]!.name} | ${body.totalCount} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.max)} |`,
        );
      });
      log(
        `worst p95 of the limited coach: ${Math.max(...answers.filter((_, i) => i % 2 === 1).map((t) => t.p95)).toFixed(1)} ms`,
      );
    }

    if (values.explain) {
      for (const index of [0, 6, 7, 8, 14, 21, 22, 23, 24]) {
        const params = cases[index]![1];
        await explainList(app.db, bigId, params);
      }
    }

    for (let i = 1; i < Number(values.imports); i += 1) {
      await timeImport(await newAccount(app, base, 10_000), importFile(100 + i));
    }
    log(`\nPOST /api/athlete/import of 10,000 rows on ${engine} (the first into the big account):`);
    for (const line of importTimes) log(line);
    return lines;
  } finally {
    await cleanup();
  }
}

async function main(): Promise<void> {
  console.log(`athletes bench: ${machine(2)}, ${new Date().toISOString()}`);
  for (const engine of values.engines.split(',') as Engine[]) await bench(engine);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
