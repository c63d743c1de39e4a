import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { importJWK, SignJWT } from 'jose';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { LeaderboardQuery } from '../contract/event-query';
import { buildApp, type App } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { migrations } from '../server/db/migrations';
import type { Database } from '../server/db/schema';
import { loadIdentityKeys } from '../server/identity/keys';
import { APP_CLIENT_ID } from '../server/identity/settings';
import {
  readLeaderboard,
  type AnsweredShape,
  type LeaderboardRequest,
} from '../server/leaderboard/leaderboard';
import { seedAccount } from '../server/seed/seed';
import { propertiesOf } from './combos/generate';
import { freePort, spawnServer, stopServer } from './lib/process';
import { limitedMember } from './lib/server';

/**
 * GET /api/leaderboard and GET /api/event/stream at a million results (docs/performance.md,
 * "Leaderboard"; plans in docs/query-plans.md, section 8).
 *
 * For each engine: a database of its own (PostgreSQL: `splitline_bench_board_<pid>` on
 * the server of BENCH_DATABASE_URL / DATABASE_URL / the local default, dropped at the
 * end; PGlite: a temporary DATA_DIR), seeded with one account of --results results and
 * --others accounts sharing --other-results, VACUUM (ANALYZE); the server on a loopback
 * port (on PostgreSQL the timed one in a process of its own); then over HTTP, one request at a time, p50/p95 of every filter combination
 * generated from LeaderboardQuery (`combos`: each subset of its filters, distinct or not;
 * on PGlite each read after a change, so that no kept answer is timed), beside the read's
 * time in the process and its statements' own time (where the time goes), a few larger
 * boards, EXPLAIN of representative statements, and the latency of the live stream from
 * a committed result's publish to an SSE client reading it (on PostgreSQL across two
 * server instances).
 * `npm run bench -- leaderboard [--engines postgresql,pglite] [--runs 100] [--results 1000000]
 *   [--server own|in-process] [--keep] [--reuse-database NAME] [--reuse-dir DIR] [--limited]`
 */
const { values } = parseArgs({
  options: {
    results: { type: 'string', default: '1000000' },
    athletes: { type: 'string', default: '10000' },
    others: { type: 'string', default: '4' },
    'other-results': { type: 'string', default: '2000000' },
    engines: { type: 'string', default: 'postgresql,pglite' },
    // Requests per combination. The p95 of 40 is the second slowest, so a single pause of
    // the machine decided it; of 100 it is the fifth (docs/performance.md, session 9).
    runs: { type: 'string', default: '100' },
    'stream-runs': { type: 'string', default: '50' },
    /** Reuse an existing, seeded database (name) or data directory (seeded first if empty). */
    'reuse-database': { type: 'string' },
    'reuse-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
    /**
     * Also as a coach limited to the roster (issue 34): each combination with the roster
     * asked by them without it (the server fills it in), right after the owner's.
     */
    limited: { type: 'boolean', default: false },
    /**
     * Where the timed requests go on PostgreSQL: the server in a process of its own
     * (`own`, as a coach's requests reach it) or in the bench's (`in-process`: the bench's
     * client shares its event loop, so its pauses count). PGlite is always in-process (one
     * process opens its directory).
     */
    server: { type: 'string', default: 'own' },
  },
});
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const BIG = 'big@board.bench';
const UNTIL = new Date('2026-11-22T00:00:00Z');
const runs = Number(values.runs);

/**
 * The leaderboard benchmark's data: one big account and others around it, with the seed
 * loader (server/seed/), then VACUUM (ANALYZE) (index-only scans need the visibility map).
 */
export interface BoardData {
  bigEmail: string;
  results: number;
  athletes: number;
  others: number;
  otherResults: number;
  until: Date;
}

export async function seedBoardData(
  db: Kysely<Database>,
  data: BoardData,
  log: (message: string) => void,
): Promise<void> {
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(0);
  const perOther = Math.floor(data.otherResults / Math.max(1, data.others));
  for (let i = 0; i < data.others; i++) {
    // Half the others before the big account, half after: its rows sit mid-table.
    if (i === Math.floor(data.others / 2)) await big();
    await seedAccount(db, {
      email: `other-${i}@board.bench`,
      password: 'bench-password',
      athletes: Math.max(50, Math.round(perOther / 100)),
      results: perOther,
      seed: 100 + i,
      until: data.until,
    });
    log(`other account ${i + 1}/${data.others}: ${perOther} results (${seconds()} s)`);
  }
  if (data.others === 0) await big();
  await sql`vacuum (analyze) results, result_splits, board_bests, bests_since, athletes, roster_athletes`.execute(
    db,
  );
  log(`vacuum (analyze) done (${seconds()} s)`);

  async function big(): Promise<void> {
    await seedAccount(db, {
      email: data.bigEmail,
      password: 'bench-password',
      athletes: data.athletes,
      results: data.results,
      seed: 1,
      until: data.until,
    });
    log(`big account: ${data.results} results, ${data.athletes} athletes (${seconds()} s)`);
  }
}

type Engine = 'postgresql' | 'pglite';

interface Prepared {
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

async function prepare(engine: Engine): Promise<Prepared> {
  const dataDir =
    values['reuse-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'splitline-bench-board-'));
  let databaseUrl: string | undefined;
  let cleanup = async () => {
    if (!values.keep && !values['reuse-dir']) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // A directory given but not yet seeded is seeded (and kept: it was given).
  const reuse =
    engine === 'postgresql'
      ? values['reuse-database']
      : values['reuse-dir'] && fs.existsSync(path.join(dataDir, 'pglite'));
  if (engine === 'postgresql') {
    const database = values['reuse-database'] ?? `splitline_bench_board_${process.pid}`;
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    const admin = await openDatabase({ databaseUrl: serverUrl, dataDir });
    if (!reuse) await sql`create database ${sql.id(database)}`.execute(admin.db);
    await admin.close();
    const removeDir = cleanup;
    cleanup = async () => {
      if (!values.keep && !reuse) {
        const again = await openDatabase({ databaseUrl: serverUrl, dataDir });
        await sql`drop database if exists ${sql.id(database)} with (force)`.execute(again.db);
        await again.close();
        console.log(`dropped database ${database}`);
      }
      await removeDir();
    };
  }
  console.log(
    engine === 'postgresql'
      ? `database ${new URL(databaseUrl!).pathname.slice(1)}`
      : `DATA_DIR ${dataDir}`,
  );
  if (!reuse) {
    const started = performance.now();
    const handle = await openDatabase({ databaseUrl, dataDir });
    try {
      await migrateToLatest(handle.db as Kysely<unknown>, migrations);
      await seedBoardData(
        handle.db,
        {
          bigEmail: BIG,
          results: Number(values.results),
          athletes: Number(values.athletes),
          others: Number(values.others),
          otherResults: Number(values['other-results']),
          until: UNTIL,
        },
        (message) => console.log(`  ${engine}: ${message}`),
      );
    } finally {
      await handle.close();
    }
    console.log(`  ${engine}: loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return { env, cleanup };
}

async function mintToken(app: App, sub: string): Promise<string> {
  const key = (await loadIdentityKeys(app.db)).signingKey;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ client_id: APP_CLIENT_ID, scope: 'openid profile email' })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid })
    .setSubject(sub)
    .setIssuer(app.identity.issuer)
    .setAudience(app.identity.audience)
    .setIssuedAt(now)
    .setExpirationTime(now + 4 * 3600)
    .sign(await importJWK(key, 'RS256'));
}

async function start(env: Record<string, string>): Promise<{ app: App; base: string }> {
  const app = buildApp({ config: loadConfig(env), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, base: `http://127.0.0.1:${port}` };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (x: number) => x.toFixed(1);

interface Context {
  accountId: string;
  sub: string;
  rosterId: string;
  rosterName: string;
  rosterSize: number;
  sportId: number;
  positionId: number;
  positionSize: number;
  lastDay: string;
  yearAgo: string;
}

async function context(db: Kysely<Database>): Promise<Context> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'auth_subject'])
    .where('email', '=', BIG)
    .executeTakeFirstOrThrow();
  // A team-sized roster (Girls Volleyball in the seed), and its most common position:
  // on its own and together they leave few athletes; the roster alone a few hundred.
  const rosters = await db
    .selectFrom('rosters as r')
    .innerJoin('roster_athletes as ra', 'ra.roster_id', 'r.id')
    .select(['r.id', 'r.name', (eb) => eb.fn.countAll<string>().as('size')])
    .where('r.account_id', '=', user.id)
    .groupBy(['r.id', 'r.name'])
    .execute();
  const roster =
    rosters.find((r) => r.name === 'Girls Volleyball') ??
    rosters.sort((a, b) => Number(a.size) - Number(b.size))[Math.floor(rosters.length / 2)]!;
  const position = await db
    .selectFrom('roster_athletes as ra')
    .innerJoin('athletes as a', 'a.id', 'ra.athlete_id')
    .select(['a.sport_id', 'a.position_id'])
    .where('ra.roster_id', '=', roster.id)
    .where('a.position_id', 'is not', null)
    .groupBy(['a.sport_id', 'a.position_id'])
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .executeTakeFirstOrThrow();
  const positionSize = await db
    .selectFrom('athletes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', user.id)
    .where('position_id', '=', position.position_id)
    .executeTakeFirstOrThrow();
  const last = await db
    .selectFrom('results')
    .select((eb) => eb.fn.max('recorded_at').as('at'))
    .where('account_id', '=', user.id)
    .where('event_type_id', '=', 1)
    .executeTakeFirstOrThrow();
  const lastDay = new Date(last.at as Date).toISOString().slice(0, 10);
  const yearAgo = new Date(new Date(`${lastDay}T00:00:00Z`).getTime() - 364 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return {
    accountId: user.id,
    sub: user.auth_subject,
    rosterId: roster.id,
    rosterName: roster.name,
    rosterSize: Number(roster.size),
    sportId: position.sport_id!,
    positionId: position.position_id!,
    positionSize: Number(positionSize.n),
    lastDay,
    yearAgo,
  };
}

interface Combo {
  name: string;
  query: Record<string, string>;
}

/**
 * Where each filter's value comes from (the context's roster, position, days). A filter
 * the contract adds without a source here stops the bench (`combos`): it is measured
 * from the day it exists.
 */
const FILTER_VALUES: Record<string, (c: Context) => string> = {
  distance: () => '36576', // 40 yd
  startDate: (c) => c.yearAgo,
  endDate: (c) => c.lastDay,
  laneId: () => '2',
  sportId: (c) => String(c.sportId),
  positionId: (c) => String(c.positionId),
  rosterId: (c) => c.rosterId,
};
/** What the app always sends (the board's size, its event type, distinct or not), and `tz`. */
const NOT_FILTERS = new Set(['athletesPerLeaderboard', 'eventTypeId', 'isDistinct', 'tz']);

/**
 * Every combination of the leaderboard's filters, generated from its query schema
 * (`LeaderboardQuery`): each subset of the optional filters, distinct or not; a range
 * with both ends also as a single day (the testing day's board).
 */
export function combos(c: Context): Combo[] {
  const filters = propertiesOf(LeaderboardQuery)
    .map((p) => p.name)
    .filter((name) => !NOT_FILTERS.has(name));
  for (const name of filters) {
    if (!FILTER_VALUES[name]) throw new Error(`leaderboard: no value source for ${name}`);
  }
  const out: Combo[] = [];
  for (const distinct of [false, true]) {
    for (let mask = 0; mask < 1 << filters.length; mask++) {
      const chosen = filters.filter((_, i) => mask & (1 << i));
      const query: Record<string, string> = {
        athletesPerLeaderboard: '5',
        eventTypeId: '1',
        isDistinct: String(distinct),
      };
      for (const name of chosen) query[name] = FILTER_VALUES[name]!(c);
      const named = (days: string) =>
        [distinct ? 'distinct' : 'all', ...chosen.map((f) => (f === 'endDate' ? days : f))]
          .filter((part) => part !== '')
          .join(' ');
      const both = chosen.includes('startDate') && chosen.includes('endDate');
      out.push({ name: named(both ? 'endDate(365 d)' : 'endDate'), query });
      if (both) {
        out.push({
          name: named('endDate(1 day)'),
          query: { ...query, startDate: c.lastDay, endDate: c.lastDay },
        });
      }
    }
  }
  return out;
}

/** The request readLeaderboard gets for a query string (as the route builds it). */
function toRequest(c: Context, q: Record<string, string>): LeaderboardRequest {
  const day = (d: string) => new Date(`${d}T00:00:00Z`);
  return {
    accountId: c.accountId,
    eventTypeId: Number(q.eventTypeId ?? 1),
    athletesPerLeaderboard: Number(q.athletesPerLeaderboard ?? 5),
    isDistinct: q.isDistinct === 'true',
    distanceMm: q.distance ? Number(q.distance) : undefined,
    filters: {
      from: q.startDate ? day(q.startDate) : undefined,
      to: q.endDate ? new Date(day(q.endDate).getTime() + 86_400_000) : undefined,
      laneId: q.laneId ? Number(q.laneId) : undefined,
      sportId: q.sportId ? Number(q.sportId) : undefined,
      positionId: q.positionId ? Number(q.positionId) : undefined,
      rosterId: q.rosterId ? Number(q.rosterId) : undefined,
    },
  };
}

async function timeRequests(
  base: string,
  headers: Record<string, string>,
  query: Record<string, string>,
  /** Before each request: on PGlite, a change of the account, so that no answer is reused. */
  before: () => void = () => undefined,
) {
  const url = `${base}/api/leaderboard?${new URLSearchParams(query)}`;
  let entries = 0;
  for (let i = 0; i < 3; i++) {
    before();
    await (await fetch(url, { headers })).arrayBuffer();
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    before();
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = (await response.json()) as { boards: { entries: unknown[] }[] };
    times.push(performance.now() - started);
    if (response.status !== 200)
      throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
    entries = body.boards.reduce((n, b) => n + b.entries.length, 0);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 0.5), p95: pct(times, 0.95), max: times.at(-1)!, entries };
}

async function shapeOf(app: App, c: Context, q: Record<string, string>) {
  const shape: AnsweredShape | undefined = (await readLeaderboard(app.db, toRequest(c, q)))?.shape;
  return shape!;
}

/** readLeaderboard in the server's process (no HTTP, token, membership or JSON): median of 20. */
async function readTime(app: App, c: Context, q: Record<string, string>) {
  const request = toRequest(c, q);
  await readLeaderboard(app.db, request);
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await readLeaderboard(app.db, request);
    times.push(performance.now() - started);
  }
  return pct(
    times.sort((a, b) => a - b),
    0.5,
  );
}

/** The statements readLeaderboard runs for a query (compiled, with their parameters). */
async function capture(app: App, c: Context, q: Record<string, string>) {
  const captured: CompiledQuery[] = [];
  const executor = app.db.getExecutor();
  const spy = app.db.withPlugin({
    transformQuery: ({ node, queryId }) => {
      captured.push(executor.compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  await readLeaderboard(spy, toRequest(c, q));
  return captured.filter((s) => /^\s*(with|select)/i.test(s.sql));
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statements readLeaderboard runs for a query. */
async function explain(app: App, c: Context, q: Record<string, string>) {
  const statements = await capture(app, c, q);
  const out: string[] = [];
  await app.db.transaction().execute(async (trx) => {
    for (const statement of statements) {
      const query = CompiledQuery.raw(`explain (analyze, buffers, costs off) ${statement.sql}`, [
        ...statement.parameters,
      ]);
      await trx.executeQuery(query); // warm
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(query);
      out.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
  });
  return out;
}

/** The live stream: a committed result's publish on `publisher`, read by an SSE client of `reader`. */
/**
 * The database's own time for a query's statements: planning + execution as EXPLAIN
 * ANALYZE reports them, summed, median of 5. Unlike the HTTP time it leaves out the
 * round trips and the waits for a CPU on a busy machine (PGlite: EXPLAIN overstates its
 * times about 3x, DATABASE.md).
 */
async function databaseTime(app: App, c: Context, q: Record<string, string>) {
  const statements = await capture(app, c, q);
  const sums: number[] = [];
  await app.db.transaction().execute(async (trx) => {
    for (let i = 0; i < 5; i++) {
      let sum = 0;
      for (const statement of statements) {
        const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain (analyze, summary, costs off, timing off) ${statement.sql}`, [
            ...statement.parameters,
          ]),
        );
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        sum += Number(/Planning Time: ([\d.]+)/.exec(plan)?.[1] ?? 0);
        sum += Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? 0);
      }
      sums.push(sum);
    }
  });
  sums.sort((a, b) => a - b);
  return pct(sums, 0.5);
}

async function streamLatency(
  publisher: App,
  reader: { app: App; base: string },
  c: Context,
  token: string,
) {
  const controller = new AbortController();
  const response = await fetch(`${reader.base}/api/event/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const arrivals = new Map<number, number>();
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (block.includes('event: results') && data) {
            arrivals.set(
              (JSON.parse(data) as { resultIds: number[] }).resultIds[0]!,
              performance.now(),
            );
          }
        }
      }
    } catch {
      // aborted
    }
  })();
  while (reader.app.live.subscriberCount(c.accountId) === 0)
    await new Promise((r) => setTimeout(r, 10));
  const athlete = await publisher.db
    .selectFrom('athletes')
    .select('id')
    .where('account_id', '=', c.accountId)
    .executeTakeFirstOrThrow();
  const publishToRead: number[] = [];
  const writeToRead: number[] = [];
  for (let i = 0; i < Number(values['stream-runs']); i++) {
    const writeStarted = performance.now();
    const row = await publisher.db
      .insertInto('results')
      .values({
        account_id: c.accountId,
        athlete_id: athlete.id,
        event_type_id: 1,
        distance_mm: 36576,
        result: 5000 + i,
        recorded_at: new Date(),
        source: 'device',
        client_id: `bench-stream-${process.pid}-${Date.now()}-${i}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const published = performance.now();
    await publisher.live.publishResults(c.accountId, {
      results: [{ id: row.id, eventTypeId: 1, athleteId: athlete.id }],
    });
    const id = Number(row.id);
    const deadline = Date.now() + 5000;
    while (!arrivals.has(id) && Date.now() < deadline) await new Promise((r) => setImmediate(r));
    const arrived = arrivals.get(id);
    if (arrived === undefined) throw new Error(`result ${id} never reached the stream`);
    publishToRead.push(arrived - published);
    writeToRead.push(arrived - writeStarted);
    await new Promise((r) => setTimeout(r, 20));
  }
  controller.abort();
  await reading;
  await publisher.db
    .deleteFrom('results')
    .where('client_id', 'like', `bench-stream-${process.pid}-%`)
    .execute();
  const summary = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return `p50 ${ms(pct(sorted, 0.5))} ms, p95 ${ms(pct(sorted, 0.95))} ms, max ${ms(sorted.at(-1)!)} ms`;
  };
  return { publishToRead: summary(publishToRead), writeToRead: summary(writeToRead) };
}

async function bench(engine: Engine): Promise<void> {
  console.log(`\n## ${engine}\n`);
  const prepared = await prepare(engine);
  const postgres = engine === 'postgresql';
  let server: { app: App; base: string } | undefined;
  let second: { app: App; base: string } | undefined;
  let own: ChildProcess | undefined;
  try {
    // The timed requests' server in its own process: the in-process one (context, tokens,
    // the read's and statements' times, the stream) shares its issuer URL, so its tokens
    // are valid there.
    const ownPort = postgres && values.server === 'own' ? await freePort() : undefined;
    if (ownPort !== undefined) prepared.env.PUBLIC_URL = `http://127.0.0.1:${ownPort}`;
    server = await start(prepared.env);
    const { app } = server;
    if (ownPort !== undefined) own = await spawnServer({ ...prepared.env, PORT: String(ownPort) });
    const base = ownPort === undefined ? server.base : `http://127.0.0.1:${ownPort}`;
    const c = await context(app.db);
    const token = await mintToken(app, c.sub);
    const headers = { authorization: `Bearer ${token}` };
    const limited = values.limited
      ? (
          await limitedMember(server, {
            workspaceId: c.accountId,
            rosterIds: [Number(c.rosterId)],
            expiresIn: 4 * 3600,
          })
        ).headers
      : undefined;
    const limitedP95: { owner: number; limited: number }[] = [];
    console.log(
      `account ${c.accountId}; roster "${c.rosterName}" (${c.rosterSize} athletes); sport ${c.sportId} ` +
        `position ${c.positionId} (${c.positionSize} athletes); day ${c.lastDay}; year from ${c.yearAgo}; ` +
        `lane 2; n = 5; ${runs} requests each after 3 warm-up to the server ${
          own ? 'in its own process' : "in the bench's process"
        }; load average ${os
          .loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')}\n`,
    );
    // Every read after a change on PGlite: its answers are kept while nothing changes
    // (decision 032), and a board reloads because something did.
    const fresh = postgres ? undefined : () => app.changes.bump(c.accountId);
    console.log('| filters | shape | entries | p50 ms | p95 ms | max ms | read ms | db ms |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    const rows: { name: string; p50: number; p95: number; read: number; db: number }[] = [];
    for (const combo of combos(c)) {
      const shape = await shapeOf(app, c, combo.query);
      const t = await timeRequests(base, headers, combo.query, fresh);
      if (limited && combo.query.rosterId) {
        const { rosterId: _filledIn, ...query } = combo.query;
        const l = await timeRequests(base, limited, query, fresh);
        if (l.entries !== t.entries) throw new Error(`${combo.name}: the limited board differs`);
        limitedP95.push({ owner: t.p95, limited: l.p95 });
      }
      const read = await readTime(app, c, combo.query);
      const db = await databaseTime(app, c, combo.query);
      rows.push({ name: combo.name, p50: t.p50, p95: t.p95, read, db });
      console.log(
        `| ${combo.name} | ${shape} | ${t.entries} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.max)} | ${read.toFixed(2)} | ${db.toFixed(2)} |`,
      );
    }
    const target = postgres ? 5 : 10;
    const sorted = (pick: (r: (typeof rows)[number]) => number) =>
      rows.map(pick).sort((a, b) => a - b);
    const p95s = sorted((r) => r.p95);
    console.log(
      `\np95 over the ${rows.length} combinations: median ${ms(pct(p95s, 0.5))} ms, worst ${ms(p95s.at(-1)!)} ms; ` +
        `${rows.filter((r) => r.p95 <= target).length} of ${rows.length} within ${target} ms. ` +
        `Medians: HTTP p50 ${ms(
          pct(
            sorted((r) => r.p50),
            0.5,
          ),
        )} ms = the read in the process ` +
        `${pct(
          sorted((r) => r.read),
          0.5,
        ).toFixed(2)} ms (its statements' own time ` +
        `${pct(
          sorted((r) => r.db),
          0.5,
        ).toFixed(2)} ms) + HTTP, token, membership and JSON ` +
        `${pct(
          sorted((r) => r.p50 - r.read),
          0.5,
        ).toFixed(2)} ms; load average now ${os
          .loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')}`,
    );
    console.log('\nThe ten worst p95:');
    for (const r of [...rows].sort((a, b) => b.p95 - a.p95).slice(0, 10)) {
      console.log(
        `  ${r.name.padEnd(72)} p95 ${ms(r.p95)}  p50 ${ms(r.p50)}  read ${r.read.toFixed(2)}  db ${r.db.toFixed(2)} ms`,
      );
    }

    if (limited) {
      const owner = limitedP95.map((x) => x.owner).sort((a, b) => a - b);
      const member = limitedP95.map((x) => x.limited).sort((a, b) => a - b);
      console.log(
        `\nthe ${limitedP95.length} roster combinations, p95 as the owner (rosterId named) / as a coach ` +
          `limited to the roster: median ${ms(pct(owner, 0.5))} / ${ms(pct(member, 0.5))} ms, ` +
          `worst ${ms(owner.at(-1)!)} / ${ms(member.at(-1)!)} ms`,
      );
    }

    console.log('\nLarger boards:\n');
    console.log('| query | shape | p50 ms | p95 ms |');
    console.log('| --- | --- | --- | --- |');
    const extras: [string, Record<string, string>][] = [
      ['n=100, all', { athletesPerLeaderboard: '100', eventTypeId: '1', isDistinct: 'false' }],
      ['n=100, distinct', { athletesPerLeaderboard: '100', eventTypeId: '1', isDistinct: 'true' }],
      [
        'n=100, distinct, 1 day',
        {
          athletesPerLeaderboard: '100',
          eventTypeId: '1',
          isDistinct: 'true',
          startDate: c.lastDay,
          endDate: c.lastDay,
        },
      ],
      [
        'n=100, distinct, roster',
        {
          athletesPerLeaderboard: '100',
          eventTypeId: '1',
          isDistinct: 'true',
          rosterId: c.rosterId,
        },
      ],
      [
        'vertical jump, distinct',
        { athletesPerLeaderboard: '5', eventTypeId: '5', isDistinct: 'true' },
      ],
    ];
    for (const [name, query] of extras) {
      const shape = await shapeOf(app, c, query);
      const t = await timeRequests(base, headers, query);
      console.log(`| ${name} | ${shape} | ${ms(t.p50)} | ${ms(t.p95)} |`);
    }

    console.log('\nPlans:\n');
    const representative: [string, Record<string, string>][] = [
      [
        'default (3 boards, all)',
        { athletesPerLeaderboard: '5', eventTypeId: '1', isDistinct: 'false' },
      ],
      [
        'distinct walk (3 boards)',
        { athletesPerLeaderboard: '5', eventTypeId: '1', isDistinct: 'true' },
      ],
      [
        'distinct, sport+position (athletes shape)',
        {
          athletesPerLeaderboard: '5',
          eventTypeId: '1',
          isDistinct: 'true',
          sportId: String(c.sportId),
          positionId: String(c.positionId),
        },
      ],
      [
        'distinct, one day (window shape)',
        {
          athletesPerLeaderboard: '5',
          eventTypeId: '1',
          isDistinct: 'true',
          startDate: c.lastDay,
          endDate: c.lastDay,
        },
      ],
      [
        'distinct, 40 yd, roster + lane + 365 d (athletes shape, 475 athletes)',
        {
          athletesPerLeaderboard: '5',
          eventTypeId: '1',
          isDistinct: 'true',
          distance: '36576',
          rosterId: c.rosterId,
          laneId: '2',
          startDate: c.yearAgo,
          endDate: c.lastDay,
        },
      ],
    ];
    for (const [name, query] of representative) {
      const plans = await explain(app, c, query);
      console.log(`### ${name}\n`);
      for (const plan of plans) console.log(`${plan}\n`);
    }

    console.log('\nLive stream:\n');
    let reader = server;
    if (postgres) {
      second = await start(prepared.env);
      reader = second;
    }
    const latency = await streamLatency(app, reader, c, token);
    console.log(
      `${postgres ? 'published on one server instance, read from the other' : 'one server (PGlite)'}: ` +
        `publish → SSE client ${latency.publishToRead}; insert + commit + publish → client ${latency.writeToRead}`,
    );
  } finally {
    if (own) await stopServer(own);
    await second?.app.close();
    await server?.app.close();
    await prepared.cleanup();
  }
}

async function main(): Promise<void> {
  console.log(
    `Leaderboard benchmark, ${new Date().toISOString().slice(0, 10)}: node ${process.version}, ` +
      `${os.cpus().length} cpus, load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
  );
  for (const engine of values.engines.split(',') as Engine[]) await bench(engine);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
