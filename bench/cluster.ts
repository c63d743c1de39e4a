import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
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
import { fortyYardSprint } from '../server/seed/norms';
import { seedAccount } from '../server/seed/seed';
import { benchStore } from './lib/database';
import { machine } from './lib/machine';
import { nginxConfig } from './lib/nginx';
import { freePort } from './lib/process';

/**
 * Several server processes on one PostgreSQL database behind nginx, all on loopback
 * (docs/operations.md, "Several processes behind a proxy"; decision 040). Seeds a
 * database `splitline_bench_cluster_<pid>` once, then for each entry of --processes
 * starts that many servers (free ports, one shared DATA_DIR) and nginx with
 * deploy/nginx/splitline.conf.template filled in a temporary directory (/etc/nginx is
 * never read), and runs, through nginx:
 *
 * - `mix`: the testing day of bench/load.ts (coaches at 1 request/s, TV boards on the live
 *   stream, devices posting a batch a second with an API key), open loop. With more than
 *   one process, process 1 is killed (SIGKILL) at --kill-at seconds. A device whose batch
 *   fails sends it again (same clientIds) after 0.5 s; a board whose stream drops opens it
 *   again after 0.5 s, as the app does (src/lib/api/resultStream.ts). Afterwards: every
 *   acknowledged result id is in the database with its clientId (none lost, none twice),
 *   each dropped board's time from drop to open again and to its next results event.
 * - `burst`: --clients coaches in closed loop on the read mix: throughput (answers/s).
 * - `signin`: the sign-in through nginx (authorize, the form, the code, the token; each
 *   request may land on another process), then 6 wrong passwords: the 6th must wait (429).
 * - `serve`: starts the cluster, prints its URL and the seeded coach, waits for Ctrl-C.
 *
 * --rounds repeats the list of --processes (1,3,1,3: interleaved, for a shared machine).
 * `npm run bench -- cluster --processes 1,3 --modes burst,mix,signin --seconds 20`
 */
const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '3' },
    modes: { type: 'string', default: 'mix,signin' },
    rounds: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '20' },
    'kill-at': { type: 'string', default: '8' },
    coaches: { type: 'string', default: '20' },
    boards: { type: 'string', default: '50' },
    devices: { type: 'string', default: '10' },
    'batch-size': { type: 'string', default: '50' },
    clients: { type: 'string', default: '32' },
    athletes: { type: 'string', default: '400' },
    results: { type: 'string', default: '20000' },
    nginx: { type: 'string', default: '/usr/sbin/nginx' },
    // The servers' error lines (JSON) on this process's output.
    log: { type: 'boolean', default: false },
  },
});
const seconds = Math.min(300, Number(values.seconds));
const killAt = Number(values['kill-at']);
const coaches = Number(values.coaches);
const boards = Number(values.boards);
const devices = Number(values.devices);
const batchSize = Number(values['batch-size']);
const clients = Number(values.clients);
const root = path.join(__dirname, '..');
const EMAIL = 'coach@cluster.bench';
const PASSWORD = 'Cluster-bench-40yd';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

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
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
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

const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;

/** Latencies and outcomes of one kind of request. */
class Tally {
  readonly ms: number[] = [];
  readonly statuses = new Map<string, number>();
  note(started: number, outcome: number | string): void {
    this.ms.push(performance.now() - started);
    if (typeof outcome !== 'number' || outcome >= 400)
      this.statuses.set(String(outcome), (this.statuses.get(String(outcome)) ?? 0) + 1);
  }
  line(name: string): string {
    const sorted = [...this.ms].sort((a, b) => a - b);
    const failed = [...this.statuses.values()].reduce((a, b) => a + b, 0);
    return (
      `  ${name.padEnd(22)} ${String(sorted.length).padStart(7)} requests, p50 ${pct(sorted, 0.5).toFixed(0)} ms, ` +
      `p95 ${pct(sorted, 0.95).toFixed(0)} ms, max ${pct(sorted, 1).toFixed(0)} ms, failed ${failed}` +
      (failed ? ` ${JSON.stringify(Object.fromEntries(this.statuses))}` : '')
    );
  }
}

interface Seeded {
  databaseUrl: string;
  dataDir: string;
  accountId: string;
  sub: string;
  keys: string[];
  athleteIds: number[];
  db: Kysely<Database>;
  close(): Promise<void>;
}

/** The database, migrated and seeded once; its handle stays open for the checks. */
async function seed(): Promise<Seeded> {
  const store = await benchStore('postgresql', 'cluster');
  const databaseUrl = store.databaseUrl!;
  const handle = await openDatabase({ databaseUrl, dataDir: store.dataDir });
  try {
    await migrateToLatest(handle.db as Kysely<unknown>, migrations);
    const seeded = await seedAccount(handle.db, {
      email: EMAIL,
      password: PASSWORD,
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
        email: 'coach@cluster.bench',
      });
      keys.push(made!.key);
    }
    const athletes = await handle.db
      .selectFrom('athletes')
      .select('id')
      .where('account_id', '=', seeded.accountId)
      .orderBy('id')
      .execute();
    return {
      databaseUrl,
      dataDir: store.dataDir,
      accountId: seeded.accountId,
      sub: user.auth_subject,
      keys,
      athleteIds: athletes.map((a) => Number(a.id)),
      db: handle.db,
      async close() {
        await handle.close();
        await store.cleanup();
      },
    };
  } catch (error) {
    await handle.close();
    await store.cleanup();
    throw error;
  }
}

interface Cluster {
  url: string;
  port: number;
  servers: { port: number; child: ChildProcess }[];
  token: string;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

async function until(what: string, check: () => Promise<boolean>, ms = 300_000): Promise<void> {
  const deadline = performance.now() + ms;
  while (!(await check().catch(() => false))) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await sleep(200);
  }
}

/** `count` servers on the seeded database and nginx in front of them, all on 127.0.0.1. */
async function startCluster(seeded: Seeded, count: number): Promise<Cluster> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'splitline-nginx-'));
  // Run as root, nginx's workers run as nobody: they must reach the temporary files here.
  fs.chmodSync(dir, 0o755);
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());
  const shared = {
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    TRUST_PROXY: '1',
    DATABASE_URL: seeded.databaseUrl,
    DATA_DIR: seeded.dataDir,
    WEBHOOK_SECRET_KEY: webhookKey,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'error',
  };
  const servers = ports.map((serverPort) => ({
    port: serverPort,
    child: spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/server.ts')], {
      cwd: root,
      env: { ...process.env, ...shared, PORT: String(serverPort) },
      stdio: ['ignore', values.log ? 'inherit' : 'ignore', 'inherit'],
    }),
  }));
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, `127.0.0.1:${port}`, ports));
  const nginx = spawn(
    values.nginx,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const stop = async () => {
    await stopChild(nginx, 'SIGQUIT');
    await Promise.all(servers.map((s) => stopChild(s.child)));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const server of servers)
      await until('a server answering /api/health', async () => {
        if (server.child.exitCode !== null) throw new Error('a server exited at start');
        return (await request(server.port, { path: '/api/health' }, true)).status === 200;
      });
    await until('nginx', async () => {
      if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode})`);
      return (await request(port, { path: '/api/health' }, true)).status === 200;
    });
    return { url, port, servers, token: await mintToken(seeded, url), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const webhookKey = randomBytes(32).toString('base64');

async function mintToken(seeded: Seeded, publicUrl: string): Promise<string> {
  const key = (await loadIdentityKeys(seeded.db)).signingKey;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ client_id: APP_CLIENT_ID, scope: 'openid profile email' })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid })
    .setSubject(seeded.sub)
    .setIssuer(`${publicUrl}/`)
    .setAudience(`${publicUrl}/api`)
    .setIssuedAt(now)
    .setExpirationTime(now + 4 * 3600)
    .sign(await importJWK(key, 'RS256'));
}

/** A device's batch: 40-yd sprints; client ids unique per run, device and batch. */
function batch(
  run: string,
  device: number,
  n: number,
  athleteIds: readonly number[],
): EventInput[] {
  return Array.from({ length: batchSize }, (_, i) => {
    const k = n * batchSize + i;
    return {
      clientId: `cluster-${run}-${device}-${k}`,
      athleteId: athleteIds[(k + device * 37) % athleteIds.length]!,
      recordedAt: new Date(Date.UTC(2026, 10, 1) + k * 1000).toISOString(),
      laneId: 1 + device,
      source: 'device' as const,
      eventTypeId: 1,
      ...fortyYardSprint(4500 + ((k * 7919 + device * 104729) % 1200)),
    };
  });
}

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

const BOARD_PATH =
  '/api/leaderboard?athletesPerLeaderboard=5&eventTypeId=1&isDistinct=false&tz=UTC';

/**
 * A TV board's live stream, re-opened 0.5 s after it drops as the app does; counts the
 * drops, and for each the time to open again and to the next results event.
 */
function follow(port: number, token: string, onResults: () => void) {
  const board = {
    opens: 0,
    drops: [] as { at: number; reopenedMs?: number; nextEventMs?: number }[],
    stopped: false,
    stop: () => undefined as void,
  };
  const open = () => {
    if (board.stopped) return;
    let buffered = '';
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/event/stream',
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          res.on('end', dropped);
          return;
        }
        board.opens += 1;
        const last = board.drops.at(-1);
        if (last && last.reopenedMs === undefined) last.reopenedMs = performance.now() - last.at;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffered += chunk;
          const frames = buffered.split('\n\n');
          buffered = frames.pop()!;
          for (const frame of frames) {
            if (!/^event: (results|resync)$/m.test(frame)) continue;
            const drop = board.drops.at(-1);
            if (drop && drop.nextEventMs === undefined)
              drop.nextEventMs = performance.now() - drop.at;
            onResults();
          }
        });
        res.on('error', () => undefined);
        res.on('close', dropped);
      },
    );
    let done = false;
    function dropped() {
      if (done || board.stopped) return;
      done = true;
      const last = board.drops.at(-1);
      // A failed re-open is part of the same drop.
      if (!last || last.reopenedMs !== undefined) board.drops.push({ at: performance.now() });
      setTimeout(open, 500);
    }
    req.on('error', dropped);
    board.stop = () => {
      board.stopped = true;
      req.destroy();
    };
  };
  open();
  return board;
}

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

let runs = 0;

async function runMix(seeded: Seeded, cluster: Cluster): Promise<string[]> {
  const run = `${process.pid}-${++runs}`;
  const { port, token } = cluster;
  const auth = { authorization: `Bearer ${token}` };
  const reads = new Tally();
  const writes = new Tally();
  const boardLoads = new Tally();
  const acknowledged = new Map<number, string>(); // result id -> clientId
  let resent = 0;
  let boardBusy = 0;
  const streams = Array.from({ length: boards }, () =>
    follow(port, token, () => {
      // A board loads its board again on a notice (at most one load at a time per board
      // is the app's pacing; here a cap of one load in flight per ten boards suffices).
      if (boardBusy >= boards / 10) return;
      boardBusy += 1;
      const started = performance.now();
      request(port, { path: BOARD_PATH, headers: auth })
        .then((a) => boardLoads.note(started, a.status))
        .catch((e: Error) => boardLoads.note(started, e.message))
        .finally(() => (boardBusy -= 1));
    }),
  );
  await until('boards open', async () => streams.every((s) => s.opens > 0), 30_000);
  const paths = coachPaths(seeded.athleteIds);
  const start = performance.now() + 200;
  let killedAt: number | undefined;
  const kill =
    cluster.servers.length > 1
      ? (async () => {
          await sleep(start + killAt * 1000 - performance.now());
          killedAt = performance.now();
          await stopChild(cluster.servers[0]!.child, 'SIGKILL');
        })()
      : Promise.resolve();
  await Promise.all([
    kill,
    openLoop(
      coaches,
      1,
      async (coach, n, planned) => {
        try {
          const a = await request(port, {
            path: paths[(coach + n) % paths.length]!(coach * 1000 + n),
            headers: auth,
          });
          reads.note(planned, a.status);
        } catch (error) {
          reads.note(planned, (error as Error).message);
        }
      },
      start,
      seconds,
    ),
    openLoop(
      devices,
      1,
      async (device, n, planned) => {
        const body = JSON.stringify({ items: batch(run, device, n, seeded.athleteIds) });
        for (let attempt = 0; attempt < 20; attempt++) {
          let outcome: number | string;
          try {
            const a = await request(port, {
              method: 'POST',
              path: '/api/event',
              headers: {
                authorization: `Bearer ${seeded.keys[device]!}`,
                'content-type': 'application/json',
              },
              body,
            });
            outcome = a.status;
            if (a.status < 300) {
              const { items } = JSON.parse(a.body) as { items: { id: number; clientId: string }[] };
              for (const item of items) acknowledged.set(Number(item.id), item.clientId);
            }
          } catch (error) {
            outcome = (error as Error).message;
          }
          writes.note(planned, outcome);
          if (typeof outcome === 'number' && outcome < 500) return;
          resent += 1; // the device sends the same batch again, as a real one does
          await sleep(500);
        }
      },
      start,
      seconds,
    ),
  ]);
  await sleep(1000);
  for (const stream of streams) stream.stop();
  // Every acknowledged result, in the database under its clientId; none stored twice.
  const stored = await seeded.db
    .selectFrom('results')
    .select(['id', 'client_id'])
    .where('account_id', '=', seeded.accountId)
    .where('client_id', 'like', `cluster-${run}-%`)
    .execute();
  const byId = new Map(stored.map((r) => [Number(r.id), r.client_id]));
  let lost = 0;
  for (const [id, clientId] of acknowledged) if (byId.get(id) !== clientId) lost += 1;
  const sent = devices * Math.ceil(seconds) * batchSize;
  const drops = streams.flatMap((s) => s.drops);
  const reopened = drops.map((d) => d.reopenedMs ?? Infinity).sort((a, b) => a - b);
  const nextEvent = drops.map((d) => d.nextEventMs ?? Infinity).sort((a, b) => a - b);
  return [
    reads.line('coach reads'),
    writes.line('device batches (tries)'),
    boardLoads.line('board loads'),
    `  results: ~${sent} planned, ${acknowledged.size} acknowledged, ${stored.length} stored, ` +
      `${lost} acknowledged but not stored${lost ? '  LOST!' : ''}; batches sent again: ${resent}`,
    killedAt === undefined
      ? `  no process killed (${cluster.servers.length} process)`
      : `  process 1 killed at ${((killedAt - start) / 1000).toFixed(1)} s: ${new Set(streams.filter((s) => s.drops.length > 0)).size}/${boards} boards dropped; ` +
        `open again p50 ${pct(reopened, 0.5).toFixed(0)} ms, max ${pct(reopened, 1).toFixed(0)} ms; ` +
        `next live event max ${pct(nextEvent, 1).toFixed(0)} ms` +
        (pct(reopened, 1) > 5000 ? '  OVER 5 s!' : ''),
  ];
}

/** CPU time (ms) the cluster's live server processes have used, from /proc (Linux). */
function serversCpuMs(cluster: Cluster): number {
  let total = 0;
  for (const { child } of cluster.servers) {
    try {
      const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.split(') ')[1]!.split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // ticks of 10 ms
    } catch {
      // gone (killed)
    }
  }
  return total;
}

async function runBurst(seeded: Seeded, cluster: Cluster): Promise<string[]> {
  const cpuBefore = serversCpuMs(cluster);
  const tally = new Tally();
  const paths = coachPaths(seeded.athleteIds);
  const auth = { authorization: `Bearer ${cluster.token}` };
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = 0; performance.now() < end; n++) {
        const started = performance.now();
        try {
          const a = await request(cluster.port, {
            path: paths[(client + n) % paths.length]!(client * 1000 + n),
            headers: auth,
          });
          tally.note(started, a.status);
        } catch (error) {
          tally.note(started, (error as Error).message);
        }
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const ok = tally.ms.length - [...tally.statuses.values()].reduce((a, b) => a + b, 0);
  const cpu = (serversCpuMs(cluster) - cpuBefore) / 1000;
  return [
    tally.line(`${clients} clients' reads`),
    `  throughput ${(ok / elapsed).toFixed(0)} answers/s; server CPU ${cpu.toFixed(1)} s ` +
      `(${((cpu / elapsed) * 100).toFixed(0)}% of a core), ${(ok / cpu || 0).toFixed(0)} answers per CPU second`,
  ];
}

/** A cookie jar for the sign-in through nginx. */
class Jar {
  private readonly cookies = new Map<string, string>();
  clear(): void {
    this.cookies.clear();
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  keep(answer: Answer): void {
    for (const line of answer.headers['set-cookie'] ?? []) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value) this.cookies.set(pair.slice(0, at), value);
      else this.cookies.delete(pair.slice(0, at));
    }
  }
}

async function runSignIn(_seeded: Seeded, cluster: Cluster): Promise<string[]> {
  const { port, url } = cluster;
  const { createHash } = await import('node:crypto');
  const jar = new Jar();
  const get = async (target: string, init: { method?: string; body?: string } = {}) => {
    const a = await request(port, {
      method: init.method ?? 'GET',
      path: target,
      body: init.body,
      headers: {
        cookie: jar.header(),
        ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded', origin: url } : {}),
      },
    });
    jar.keep(a);
    return a;
  };
  const verifier = randomBytes(32).toString('base64url');
  const interactionOf = async () => {
    const query = new URLSearchParams({
      client_id: APP_CLIENT_ID,
      redirect_uri: `${url}/login`,
      response_type: 'code',
      response_mode: 'query',
      scope: 'openid profile email offline_access',
      audience: `${url}/api`,
      state: 's',
      nonce: 'n',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const interaction = (await get(`/authorize?${query}`)).headers.location ?? '';
    const page = await get(interaction);
    const csrf = /name="csrf" value="([^"]*)"/.exec(page.body)?.[1] ?? '';
    return { interaction, csrf };
  };
  // The right password: each step may be answered by another process.
  const signIn = await interactionOf();
  let answer = await get(signIn.interaction, {
    method: 'POST',
    body: new URLSearchParams({ csrf: signIn.csrf, email: EMAIL, password: PASSWORD }).toString(),
  });
  let hops = 0;
  while (answer.status >= 300 && answer.status < 400 && hops++ < 10) {
    const next = new URL(answer.headers.location ?? '', url);
    if (next.pathname === '/login') break;
    answer = await get(next.pathname + next.search);
  }
  const code = new URL(answer.headers.location ?? '', url).searchParams.get('code');
  const token = await request(port, {
    method: 'POST',
    path: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
    body: new URLSearchParams({
      client_id: APP_CLIENT_ID,
      grant_type: 'authorization_code',
      code: code ?? '',
      redirect_uri: `${url}/login`,
      code_verifier: verifier,
    }).toString(),
  });
  const access = (JSON.parse(token.body) as { access_token?: string }).access_token ?? '';
  const users = await Promise.all(
    Array.from({ length: 6 }, () =>
      request(port, { path: '/api/user', headers: { authorization: `Bearer ${access}` } }),
    ),
  );
  // Wrong passwords from another client (no session): 5 are checked, the 6th waits,
  // whichever process answers.
  jar.clear();
  const wrong = await interactionOf();
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const a = await get(wrong.interaction, {
      method: 'POST',
      body: new URLSearchParams({
        csrf: wrong.csrf,
        email: EMAIL,
        password: `wrong-${i}-password`,
      }).toString(),
    });
    statuses.push(a.status);
  }
  return [
    `  sign-in through nginx: code ${code ? 'issued' : 'MISSING'}, token ${token.status}, ` +
      `/api/user x6 ${[...new Set(users.map((u) => u.status))].join(',')}`,
    `  6 wrong passwords from one client: ${statuses.join(' ')}` +
      (statuses.slice(0, 5).every((s) => s === 400) && statuses[5] === 429
        ? ' (as one process)'
        : '  NOT AS ONE PROCESS!'),
  ];
}

async function main(): Promise<void> {
  if (spawnSync(values.nginx, ['-v']).status !== 0)
    throw new Error(
      `nginx not found at ${values.nginx} (apt-get install nginx-light, or --nginx PATH)`,
    );
  const counts = values.processes.split(',').map(Number);
  const modes = values.modes.split(',');
  console.log(
    `Cluster behind nginx: ${modes.join(', ')}, ${seconds} s; mix ${coaches} coaches at 1/s, ${boards} boards, ` +
      `${devices} devices x ${batchSize} results/s, kill at ${killAt} s; burst ${clients} clients (${machine()})`,
  );
  const seeded = await seed();
  try {
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const count of counts) {
        const cluster = await startCluster(seeded, count);
        try {
          if (modes.includes('serve')) {
            console.log(
              `\n${cluster.url}: ${count} processes; sign in as ${EMAIL} / ${PASSWORD}. Ctrl-C stops.`,
            );
            await new Promise((resolve) => process.once('SIGINT', resolve));
            // Ctrl-C reached the servers too (one process group): let them finish first.
            const exited = (child: ChildProcess) =>
              child.exitCode !== null || child.signalCode !== null
                ? Promise.resolve()
                : new Promise((resolve) => child.once('exit', resolve));
            await Promise.race([
              Promise.all(cluster.servers.map((server) => exited(server.child))),
              sleep(10_000),
            ]);
            return;
          }
          for (const mode of modes) {
            const load = os.loadavg()[0]!.toFixed(1);
            const run = { mix: runMix, burst: runBurst, signin: runSignIn }[mode];
            if (!run) throw new Error(`unknown mode ${mode}`);
            const lines = await run(seeded, cluster);
            console.log(
              `\n${count} process${count > 1 ? 'es' : ''}, ${mode} (load avg ${load}-${os.loadavg()[0]!.toFixed(1)}):`,
            );
            for (const line of lines) console.log(line);
          }
        } finally {
          await cluster.stop();
        }
      }
    }
  } finally {
    await seeded.close();
    agent.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
