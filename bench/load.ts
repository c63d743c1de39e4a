import fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { importJWK, SignJWT } from 'jose';
import { sql, type Kysely } from 'kysely';
import type { EventInput } from '../contract/event';
import { openDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { migrations } from '../server/db/migrations';
import type { Database } from '../server/db/schema';
import { loadIdentityKeys } from '../server/identity/keys';
import { APP_CLIENT_ID } from '../server/identity/settings';
import { createApiKey } from '../server/integration/api-keys';
import { seedAccount } from '../server/seed/seed';
import { fortyYardSprint } from '../server/seed/norms';
import { createLiveRefresh } from '../src/features/leaderboard/liveRefresh';
import { benchStore, type Engine } from './lib/database';
import { freePort, spawnServer, stopServer } from './lib/process';

/**
 * The server under load, over loopback HTTP, on PGlite and PostgreSQL (docs/performance.md,
 * "Load"). Two modes, each --seconds long:
 *
 * - `mix`, a testing day, open loop (requests leave at their planned time whether or not
 *   earlier ones were answered, so a slow server is not flattered by fewer requests):
 *   --coaches coaches browsing at 1 request/s each (leaderboard, results pages, athletes,
 *   an athlete's history), --boards TV boards on the live stream (SSE), --devices devices
 *   posting a batch of --batch-size results every second with an API key. A board does
 *   what LeaderboardPage does: it loads its board, and on every `results` event of its
 *   event type (and on `resync`) loads it again, paced by the app's own createLiveRefresh
 *   (one load at a time, at most one a second, one more after a load for notices during
 *   it).
 * - `burst`, the issue's overload: --clients clients in closed loop (a request, its
 *   answer, the next at once; after a 503 the next after its Retry-After, unless
 *   --ignore-retry-after), plus a fresh connection's `GET /api/health` every second.
 *
 * Latency is from the planned send time to the whole answer. A 503 (shed) counts apart
 * from errors (other statuses, network errors, no answer within --timeout seconds).
 * After each run the acknowledged results are counted in the database: none may be lost.
 * --warmup seconds of the mix run first and are not counted (the server has just started:
 * PGlite's first statements fill its caches, the first batch took ~320 ms instead of
 * ~45); 0, the default, counts from the first request.
 * PostgreSQL: a database `splitline_bench_load_<pid>` is created on the server of
 * BENCH_DATABASE_URL (else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
 * and dropped afterwards; PGlite: a temporary DATA_DIR.
 * BENCH_NODE_ARGS adds options to the server's node, e.g. `--cpu-prof --cpu-prof-dir=DIR`
 * to see where its time goes.
 * `npm run bench -- load --engines pglite,postgresql --modes mix,burst --seconds 30`
 */
const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'pglite,postgresql' },
    modes: { type: 'string', default: 'mix,burst' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '0' },
    coaches: { type: 'string', default: '20' },
    boards: { type: 'string', default: '50' },
    devices: { type: 'string', default: '10' },
    'batch-size': { type: 'string', default: '50' },
    clients: { type: 'string', default: '200' },
    athletes: { type: 'string', default: '400' },
    results: { type: 'string', default: '30000' },
    timeout: { type: 'string', default: '30' },
    // Burst clients send again at once after a 503 instead of after its Retry-After.
    'ignore-retry-after': { type: 'boolean', default: false },
  },
});
const seconds = Math.min(600, Number(values.seconds)); // bounded: a bench, not a soak test
const warmup = Math.min(60, Number(values.warmup));
const coaches = Number(values.coaches);
const boards = Number(values.boards);
const devices = Number(values.devices);
const batchSize = Number(values['batch-size']);
const clients = Number(values.clients);
const timeoutMs = Number(values.timeout) * 1000;

/** Timings and outcomes of one kind of request. */
class Tally {
  readonly ms: number[] = [];
  shed = 0;
  errors = 0;
  readonly statuses = new Map<string, number>();

  /** Requests planned before `from` (the mix's warm-up) are not counted. */
  constructor(private readonly from = -Infinity) {}

  note(started: number, outcome: number | string): void {
    if (started < this.from) return;
    this.ms.push(performance.now() - started);
    if (outcome === 503) this.shed += 1;
    else if (typeof outcome !== 'number' || outcome >= 400) {
      this.errors += 1;
      this.statuses.set(String(outcome), (this.statuses.get(String(outcome)) ?? 0) + 1);
    }
  }
}

const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;

/** Only loopback: the bench starts the server itself and never reaches beyond it. */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

interface Answer {
  status: number;
  body: string;
  retryAfter: string | undefined;
}

/** One request; rejects on a network error or after --timeout. */
function request(
  port: number,
  options: { method?: string; path: string; headers?: http.OutgoingHttpHeaders; body?: string },
  fresh = false,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        agent: fresh ? false : agent,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            retryAfter: res.headers['retry-after'],
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Runs `request` and notes its outcome in `tally`, timed from `planned`. */
async function timed(
  tally: Tally,
  planned: number,
  send: () => Promise<Answer>,
): Promise<Answer | undefined> {
  try {
    const answer = await send();
    tally.note(planned, answer.status);
    return answer;
  } catch (error) {
    tally.note(planned, error instanceof Error ? error.message : 'error');
    return undefined;
  }
}

/** A device's batch: 40-yd sprints with splits; client ids unique per device and batch. */
function batch(device: number, n: number, athleteIds: readonly number[]): EventInput[] {
  return Array.from({ length: batchSize }, (_, i) => {
    const k = n * batchSize + i;
    const total = 4500 + ((k * 7919 + device * 104729) % 1200);
    const hex = (device * 1_000_000 + k).toString(16).padStart(12, '0');
    return {
      clientId: `00000000-0000-4000-8000-${hex}`,
      athleteId: athleteIds[(k + device * 37) % athleteIds.length]!,
      recordedAt: new Date(Date.UTC(2026, 10, 1) + k * 1000).toISOString(),
      laneId: 1 + device,
      source: 'device' as const,
      eventTypeId: 1,
      ...fortyYardSprint(total),
    };
  });
}

/** What a coach's screens ask for, in turn. */
function coachPaths(athleteIds: readonly number[]): ((n: number) => string)[] {
  return [
    () => '/api/leaderboard?athletesPerLeaderboard=10&eventTypeId=1&isDistinct=true',
    (n) => `/api/event?pageNumber=${1 + (n % 5)}&pageSize=25&sort=DateDesc`,
    (n) => `/api/athlete?pageNumber=${1 + (n % 4)}&pageSize=25`,
    (n) =>
      `/api/event/historical?athleteId=${athleteIds[n % athleteIds.length]!}&eventTypeId=1&tz=UTC`,
    () => '/api/event?getBestByAthlete=true&eventTypeId=1&pageSize=25',
  ];
}

interface Setup {
  port: number;
  token: string;
  keys: string[];
  accountId: string;
  athleteIds: number[];
  /** The server's CPU time so far (ms), from /proc; NaN elsewhere. */
  serverCpuMs(): number;
  /** Results stored in the account (the server is stopped to count them on PGlite). */
  storedResults(): Promise<number>;
  cleanup(): Promise<void>;
}

async function mintToken(db: Kysely<Database>, publicUrl: string, sub: string): Promise<string> {
  const key = (await loadIdentityKeys(db)).signingKey;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ client_id: APP_CLIENT_ID, scope: 'openid profile email' })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid })
    .setSubject(sub)
    .setIssuer(`${publicUrl}/`)
    .setAudience(`${publicUrl}/api`)
    .setIssuedAt(now)
    .setExpirationTime(now + 4 * 3600)
    .sign(await importJWK(key, 'RS256'));
}

/** CPU time (ms) a process has used, from /proc (Linux); NaN elsewhere. */
function processCpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return NaN;
  }
}

/** Counts an account's results: every acknowledged one must be there. */
async function countResults(db: Kysely<Database>, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('results')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A fresh database with one seeded account, keys and a token, then the server on it. */
async function setUp(engine: Engine): Promise<Setup> {
  const store = await benchStore(engine, 'load');
  const { dataDir } = store;
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'error',
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
  };
  const open = () => openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  let child: ChildProcess | undefined;
  const cleanup = async () => {
    if (child) await stopServer(child);
    await store.cleanup();
  };
  try {
    const handle = await open();
    let prepared;
    try {
      await migrateToLatest(handle.db as Kysely<unknown>, migrations);
      const seeded = await seedAccount(handle.db, {
        email: 'coach@load.bench',
        password: 'bench-password',
        athletes: Number(values.athletes),
        results: Number(values.results),
        seed: 1,
      });
      await sql`vacuum (analyze)`.execute(handle.db);
      const user = await handle.db
        .selectFrom('users')
        .select('auth_subject')
        .where('id', '=', seeded.accountId)
        .executeTakeFirstOrThrow();
      const keys: string[] = [];
      for (let d = 0; d < devices; d++) {
        const made = await createApiKey(handle.db, seeded.accountId, `device ${d}`, devices + 1, {
          sub: user.auth_subject,
          email: 'coach@load.bench',
        });
        keys.push(made!.key);
      }
      const athletes = await handle.db
        .selectFrom('athletes')
        .select('id')
        .where('account_id', '=', seeded.accountId)
        .orderBy('id')
        .execute();
      prepared = {
        token: await mintToken(handle.db, publicUrl, user.auth_subject),
        keys,
        accountId: seeded.accountId,
        athleteIds: athletes.map((a) => Number(a.id)),
      };
    } finally {
      await handle.close();
    }
    child = await spawnServer(env);
    return {
      port,
      ...prepared,
      serverCpuMs: () => processCpuMs(child?.pid),
      async storedResults() {
        // PGlite's directory is the server's alone while it runs (data-dir lock).
        if (engine === 'pglite' && child) await stopServer(child);
        const handle = await open();
        try {
          return await countResults(handle.db, prepared.accountId);
        } finally {
          await handle.close();
          if (engine === 'pglite') child = await spawnServer(env);
        }
      },
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Open loop: `count` senders, each `perSecond` times a second from a random phase, from
 * `start` for `totalSeconds`; `fire(sender, n, planned)` is not awaited before the next
 * departure.
 */
async function openLoop(
  count: number,
  perSecond: number,
  fire: (sender: number, n: number, planned: number) => Promise<unknown>,
  start: number,
  totalSeconds: number,
): Promise<void> {
  const interval = 1000 / perSecond;
  const pending: Promise<unknown>[] = [];
  await Promise.all(
    Array.from({ length: count }, async (_, sender) => {
      const phase = Math.random() * interval;
      for (let n = 0; phase + n * interval < totalSeconds * 1000; n++) {
        const planned = start + phase + n * interval;
        await sleep(planned - performance.now());
        pending.push(fire(sender, n, planned));
      }
    }),
  );
  await Promise.all(pending);
}

interface Stream {
  events: number;
  failed: boolean;
  connectMs: number;
  close(): void;
}

/** The board a TV shows by default: LeaderboardPage's initial filters, as the app sends them. */
const BOARD_PATH =
  '/api/leaderboard?athletesPerLeaderboard=5&eventTypeId=1&isDistinct=false&tz=UTC';
const BOARD_EVENT_TYPE = 1;

/**
 * A TV board: the live stream, counting `results` events until closed; `react` runs on
 * each event of the board's event type and on `resync` (the server's parse of the SSE
 * frames: `event: <name>` then `data: <json>`, a blank line between frames).
 */
function openStream(port: number, token: string, react: () => void): Promise<Stream> {
  const started = performance.now();
  return new Promise((resolve) => {
    const stream: Stream = { events: 0, failed: false, connectMs: NaN, close: () => undefined };
    let buffered = '';
    const frame = (text: string) => {
      const name = /^event: (.*)$/m.exec(text)?.[1];
      if (name === 'resync') react();
      if (name !== 'results') return;
      stream.events += 1;
      const data = /^data: (.*)$/m.exec(text)?.[1];
      const types = data ? (JSON.parse(data) as { eventTypeIds?: number[] }).eventTypeIds : [];
      if (types?.includes(BOARD_EVENT_TYPE)) react();
    };
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/event/stream',
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        agent: false,
      },
      (res) => {
        stream.connectMs = performance.now() - started;
        if (res.statusCode !== 200) stream.failed = true;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffered += chunk;
          const frames = buffered.split('\n\n');
          buffered = frames.pop()!;
          for (const text of frames) frame(text);
        });
        res.on('error', () => undefined);
        res.on('close', () => {
          if (!closing) stream.failed = true;
        });
        resolve(stream);
      },
    );
    let closing = false;
    stream.close = () => {
      closing = true;
      req.destroy();
    };
    req.on('error', () => {
      if (!closing) stream.failed = true;
      resolve(stream);
    });
  });
}

/**
 * A TV board's loads of its leaderboard, paced as the app paces them (createLiveRefresh:
 * one at a time, at most one a second, one more for notices during a load). Each request
 * is timed from its start; `staleness` from the first notice it serves to its answer.
 */
function boardLoader(port: number, token: string, tally: Tally, staleness: Tally) {
  let asked: number | undefined;
  const refresh = createLiveRefresh(async () => {
    const served = asked;
    asked = undefined;
    const started = performance.now();
    await timed(tally, started, () =>
      request(port, { path: BOARD_PATH, headers: { authorization: `Bearer ${token}` } }),
    );
    if (served !== undefined) staleness.note(served, 200);
  });
  return {
    notify() {
      asked ??= performance.now();
      refresh.notify();
    },
    stop: () => refresh.stop(),
  };
}

interface Report {
  engine: Engine;
  mode: string;
  rows: [string, Tally][];
  notes: string[];
  /** Checks run after the figures are taken (they may restart the server). */
  after?: () => Promise<string>;
}

async function runMix(setup: Setup, engine: Engine): Promise<Report> {
  const { port, token, keys, athleteIds } = setup;
  const before = await setup.storedResults();
  const start = performance.now() + 200;
  const reads = new Tally(start + warmup * 1000);
  const writes = new Tally(start + warmup * 1000);
  const boardLoads = new Tally(start + warmup * 1000);
  const staleness = new Tally(start + warmup * 1000);
  const loaders = Array.from({ length: boards }, () =>
    boardLoader(port, token, boardLoads, staleness),
  );
  for (const loader of loaders) loader.notify(); // each board's first load
  const streams = await Promise.all(
    loaders.map((loader) => openStream(port, token, () => loader.notify())),
  );
  const paths = coachPaths(athleteIds);
  const auth = { authorization: `Bearer ${token}` };
  let acknowledged = 0;
  await Promise.all([
    openLoop(
      coaches,
      1,
      (coach, n, planned) =>
        timed(reads, planned, () =>
          request(port, {
            path: paths[(coach + n) % paths.length]!(coach * 1000 + n),
            headers: auth,
          }),
        ),
      start,
      warmup + seconds,
    ),
    openLoop(
      devices,
      1,
      async (device, n, planned) => {
        const answer = await timed(writes, planned, () =>
          request(port, {
            method: 'POST',
            path: '/api/event',
            headers: {
              authorization: `Bearer ${keys[device]!}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ items: batch(device, n, athleteIds) }),
          }),
        );
        if (answer && answer.status < 300) acknowledged += batchSize;
      },
      start,
      warmup + seconds,
    ),
  ]);
  await sleep(500); // the last notices
  for (const loader of loaders) loader.stop();
  for (const stream of streams) stream.close();
  const connect = streams.map((s) => s.connectMs).sort((a, b) => a - b);
  return {
    engine,
    mode: 'mix',
    rows: [
      ['coach reads', reads],
      ['device batches', writes],
      ['board loads', boardLoads],
      ['notice to board shown', staleness],
    ],
    notes: [
      `boards: ${streams.filter((s) => !s.failed).length}/${boards} streams open to the end, ` +
        `connect p50 ${pct(connect, 0.5).toFixed(0)} ms, max ${pct(connect, 1).toFixed(0)} ms, ` +
        `results events per board ${Math.min(...streams.map((s) => s.events))}-${Math.max(...streams.map((s) => s.events))}`,
    ],
    async after() {
      const stored = (await setup.storedResults()) - before;
      return `results acknowledged ${acknowledged}, stored ${stored}${stored < acknowledged ? '  LOST!' : ''}`;
    },
  };
}

async function runBurst(setup: Setup, engine: Engine): Promise<Report> {
  const { port, token, athleteIds } = setup;
  const reads = new Tally();
  const health = new Tally();
  const paths = coachPaths(athleteIds);
  const auth = { authorization: `Bearer ${token}` };
  const end = performance.now() + seconds * 1000;
  let slowest = 0;
  await Promise.all([
    ...Array.from({ length: clients }, async (_, client) => {
      for (let n = 0; performance.now() < end; n++) {
        const started = performance.now();
        const answer = await timed(reads, started, () =>
          request(port, {
            path: paths[(client + n) % paths.length]!(client * 1000 + n),
            headers: auth,
          }),
        );
        slowest = Math.max(slowest, performance.now() - started);
        // A shed client comes back after Retry-After, as HTTP asks (--ignore-retry-after: at once).
        if (answer?.status === 503 && !values['ignore-retry-after']) {
          await sleep(Number(answer.retryAfter ?? 1) * 1000);
        }
      }
    }),
    (async () => {
      for (let n = 0; performance.now() < end; n++) {
        const started = performance.now();
        await timed(health, started, () => request(port, { path: '/api/health' }, true));
        await sleep(1000 - (performance.now() - started));
      }
    })(),
  ]);
  const answered = reads.ms.length - reads.errors;
  return {
    engine,
    mode: 'burst',
    rows: [
      [`${clients} clients' reads`, reads],
      ['fresh /api/health', health],
    ],
    notes: [
      `reads: ${answered - reads.shed} answered, ${reads.shed} shed (503), longest wait ${(slowest / 1000).toFixed(2)} s`,
    ],
  };
}

function print(report: Report): void {
  const warm = report.mode === 'mix' && warmup > 0 ? `, after ${warmup} s not counted` : '';
  console.log(`\n${report.engine}, ${report.mode} (${seconds} s${warm}):`);
  console.log(
    '  what                      requests     p50 ms    p95 ms    p99 ms    max ms  503   errors',
  );
  for (const [name, t] of report.rows) {
    const sorted = [...t.ms].sort((a, b) => a - b);
    const f = (x: number) => x.toFixed(0).padStart(10);
    console.log(
      `  ${name.padEnd(24)}${String(sorted.length).padStart(10)} ${f(pct(sorted, 0.5))}${f(pct(sorted, 0.95))}` +
        `${f(pct(sorted, 0.99))}${f(pct(sorted, 1))}${String(t.shed).padStart(5)}${String(t.errors).padStart(9)}` +
        (t.statuses.size > 0 ? `  ${JSON.stringify(Object.fromEntries(t.statuses))}` : ''),
    );
  }
  for (const note of report.notes) console.log(`  ${note}`);
}

async function main(): Promise<void> {
  console.log(
    `Load: ${seconds} s per mode; mix ${coaches} coaches at 1/s, ${boards} boards, ${devices} devices ` +
      `x ${batchSize} results/s; burst ${clients} clients (node ${process.version}, ` +
      `${os.cpus().length} cpus, load avg ${os.loadavg()[0]!.toFixed(1)})`,
  );
  for (const engine of values.engines.split(',') as Engine[]) {
    const setup = await setUp(engine);
    try {
      for (const mode of values.modes.split(',')) {
        const cpuBefore = setup.serverCpuMs();
        const load = os.loadavg()[0]!;
        const report =
          mode === 'burst' ? await runBurst(setup, engine) : await runMix(setup, engine);
        const cpu = (setup.serverCpuMs() - cpuBefore) / 1000;
        report.notes.push(
          `server CPU ${cpu.toFixed(1)} s (${((cpu / (seconds + (mode === 'mix' ? warmup : 0))) * 100).toFixed(0)}% of a core${mode === 'mix' && warmup > 0 ? `, with the ${warmup} s warm-up` : ''}), ` +
            `load avg ${load.toFixed(1)}-${os.loadavg()[0]!.toFixed(1)}`,
        );
        if (report.after) report.notes.push(await report.after());
        print(report);
        await sleep(2000); // let the server drain before the next mode
      }
    } finally {
      await setup.cleanup();
    }
  }
  console.log(`\nload avg after: ${os.loadavg()[0]!.toFixed(1)}`);
  agent.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
