import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { EventInput } from '../contract/event';
import { createApiKey } from '../server/integration/api-keys';
import { seedAccount } from '../server/seed/seed';
import { fortyYardSprint } from '../server/seed/norms';
import type { Engine } from './lib/database';
import { benchServer } from './lib/server';

/** Who makes the bench's API key, for the activity log. */
const BENCH_ACTOR = { sub: 'bench', email: 'bench@example.org' };

/**
 * Ingest throughput of `POST /api/event` over HTTP: the real server on a loopback port,
 * one account with athletes and an API key, batches of --batch-size results (40-yd
 * sprints with 10/20/40-yd splits, some pro agility and jumps) posted with the key, one
 * after another (--concurrency 1) or several at once. Prints results/s per engine.
 * PostgreSQL: a database `splitline_bench_ingest_<pid>` is created on the server of
 * BENCH_DATABASE_URL (else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
 * and dropped afterwards; PGlite: a temporary DATA_DIR. `--database NAME` (PostgreSQL only)
 * posts into an existing database instead (one seeded by `bench -- results --keep`: the
 * indexes then hold millions of rows), in an account of its own that is deleted afterwards;
 * `--data-dir DIR` does the same on PGlite with an existing data directory (the results
 * bench's, kept with `--keep`: $TMPDIR/splitline-bench-results-pglite). `--results N` seeds
 * the account with N results over three years up to today first (as bench/load.ts does):
 * the timed batches (dated 2025) then land before most groups' newest result.
 * `--webhooks N` gives the account N active webhook subscriptions to result.created
 * (a receiver on a loopback port answering 204; the server's worker delivers meanwhile):
 * the outbox write is then part of every batch (issue 16: within 10 % of none);
 * `--deliver false` keeps the delivery worker off, to measure the outbox write alone.
 * `npm run bench -- ingest --batches 10 --batch-size 5000 --engines postgresql,pglite`
 */
const { values } = parseArgs({
  options: {
    batches: { type: 'string', default: '10' },
    'batch-size': { type: 'string', default: '5000' },
    athletes: { type: 'string', default: '400' },
    // Results seeded into the account first (three years up to today, server/seed): the
    // timed batches then land among them, as the load bench's do (docs/performance.md).
    results: { type: 'string', default: '0' },
    concurrency: { type: 'string', default: '1' },
    engines: { type: 'string', default: 'postgresql,pglite' },
    // Statements run on the fresh database before the batches (what-if measurements:
    // `--setup-sql "drop index results_time"`).
    'setup-sql': { type: 'string' },
    database: { type: 'string' },
    'data-dir': { type: 'string' },
    webhooks: { type: 'string', default: '0' },
    // `--deliver false`: the worker stays off, so only the outbox write is measured
    // (with it on, the deliveries of earlier batches share the machine meanwhile).
    deliver: { type: 'string', default: 'true' },
  },
});
const webhookCount = Number(values.webhooks);
const batches = Number(values.batches);
const batchSize = Number(values['batch-size']);
const athleteCount = Number(values.athletes);
const seededResults = Number(values.results);
const concurrency = Number(values.concurrency);

const yd = (yards: number) => Math.round(yards * 914.4);

/**
 * A value in [0, 1) that looks random and is the same for the same n, so that runs
 * compare (murmur3's finaliser). `(n * 37) % 1200` gave each athlete the same three
 * times over and over: ties that no testing day has.
 */
function spread(n: number): number {
  let h = n >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

/**
 * A UUID-shaped client id, the same for the same n: devices send random UUIDs, whose
 * inserts land all over the unique index on (account, clientId); `bench-${n}` came
 * almost in order and flattered the ingest.
 */
function clientIdOf(n: number): string {
  const hex = (k: number) =>
    Math.floor(spread(n * 4 + k) * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
  const h = hex(0) + hex(1) + hex(2) + hex(3);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A mix like a testing day: mostly sprints with splits, some pro agility, some jumps. */
function result(n: number, athleteIds: readonly number[]): EventInput {
  const common = {
    clientId: clientIdOf(n),
    athleteId: athleteIds[n % athleteIds.length]!,
    recordedAt: new Date(Date.UTC(2025, 0, 1) + n * 20_000).toISOString(),
    laneId: 1 + (n % 4),
    source: 'device' as const,
  };
  const kind = n % 10;
  if (kind < 7) {
    const total = 4500 + Math.floor(spread(n) * 1200);
    return {
      ...common,
      eventTypeId: 1,
      ...fortyYardSprint(total),
    };
  }
  if (kind < 9) {
    const total = 4200 + Math.floor(spread(n) * 900);
    return {
      ...common,
      eventTypeId: 2,
      timeMs: total,
      splits: [
        { distanceMm: yd(5), timeMs: Math.round(total * 0.27) },
        { distanceMm: yd(15), timeMs: Math.round(total * 0.77) },
        { distanceMm: yd(20), timeMs: total },
      ],
      program: 'gamespeed',
    };
  }
  return { ...common, eventTypeId: 5, markMm: 500 + Math.floor(spread(n) * 400), program: 'eapi' };
}

interface Figures {
  engine: string;
  results: number;
  splits: number;
  seconds: number;
  perBatchMs: number[];
  duplicateBatchMs: number;
  /** CPU time per batch of this process (server and client) and of PostgreSQL's backends. */
  nodeCpuMs: number;
  pgCpuMs: number | undefined;
  load: [number, number];
}

/** CPU time (ms) a process has used, from /proc (Linux); undefined elsewhere. */
function processCpuMs(pid: number): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return undefined;
  }
}

async function bench(engine: Engine): Promise<Figures> {
  const existingDir = engine === 'pglite' ? values['data-dir'] : undefined;
  const existing = engine === 'postgresql' ? values.database : undefined;
  let webhookRequests = 0;
  const receiver = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      webhookRequests++;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverPort = (receiver.address() as { port: number }).port;
  const { app, base, store, cleanup } = await benchServer(engine, 'ingest', {
    database: existing,
    dataDir: existingDir,
    reuse: true,
    keep: true,
    env: webhookCount > 0 ? { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } : {},
    logs: true,
    build: { webhooks: { enabled: values.deliver !== 'false' } },
    account: false,
  });
  const { admin, database } = store;
  try {
    if (admin) {
      // At 3 M results the indexes outgrow PostgreSQL's default 128 MB of buffers, and a
      // batch's CPU goes up by half (docs/performance.md, "Ingest", session 8).
      const { rows } = await sql<{
        shared_buffers: string;
      }>`show shared_buffers`.execute(admin.db);
      console.log(`  postgresql: shared_buffers ${rows[0]?.shared_buffers ?? '?'}`);
    }
    if (values['setup-sql']) await sql.raw(values['setup-sql']).execute(app.db);

    async function unseeded(): Promise<{ id: string }> {
      const user = await app.db
        .insertInto('users')
        .values({
          auth_subject: `bench-ingest-${process.pid}`,
          email: `bench-ingest-${process.pid}@example.org`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await app.db
        .insertInto('athletes')
        .values(
          Array.from({ length: athleteCount }, (_, i) => ({
            account_id: user.id,
            first_name: `Runner${i}`,
            last_name: 'Bench',
            first_name_key: `runner${i}`,
            last_name_key: 'bench',
          })),
        )
        .execute();
      return user;
    }
    async function seeded(): Promise<{ id: string }> {
      const summary = await seedAccount(app.db, {
        email: `bench-ingest-${process.pid}@example.org`,
        password: 'bench-password',
        athletes: athleteCount,
        results: seededResults,
        seed: 1,
      });
      await sql`vacuum (analyze)`.execute(app.db);
      return { id: summary.accountId };
    }
    // The account, its athletes and an API key, straight into the tables (or seeded).
    const user = seededResults > 0 ? await seeded() : await unseeded();
    const athleteIds = (
      await app.db
        .selectFrom('athletes')
        .select('id')
        .where('account_id', '=', user.id)
        .orderBy('id')
        .execute()
    ).map((a) => Number(a.id));
    for (let i = 0; i < webhookCount; i++) {
      await app.db
        .insertInto('webhook_subscriptions')
        .values({
          account_id: user.id,
          url: `http://127.0.0.1:${receiverPort}/hook-${i}`,
          events: ['result.created'],
          secret: `whsec_${Buffer.alloc(32, i).toString('base64')}`,
        })
        .execute();
    }
    const made = await createApiKey(app.db, user.id, 'bench', 10, BENCH_ACTOR);
    const headers = {
      authorization: `Bearer ${made!.key}`,
      'content-type': 'application/json',
    };

    const body = (batch: number) =>
      JSON.stringify({
        items: Array.from({ length: batchSize }, (_, i) =>
          result(batch * batchSize + i, athleteIds),
        ),
      });
    const post = async (payload: string): Promise<number> => {
      const started = performance.now();
      const response = await fetch(`${base}/api/event`, {
        method: 'POST',
        headers,
        body: payload,
      });
      const text = await response.text();
      if (response.status !== 201 && response.status !== 200) {
        throw new Error(`POST /api/event answered ${response.status}: ${text.slice(0, 500)}`);
      }
      return performance.now() - started;
    };

    // One batch to warm up (JIT, plan caches), not counted: the account's earlier runs,
    // so that each timed batch is newer than what is stored, as a device's uploads are.
    const warmUp = body(0);
    await post(warmUp);
    const payloads = Array.from({ length: batches }, (_, i) => body(i + 1));
    const perBatchMs: number[] = [];
    // The backends serving this database (the server's pool), to count their CPU time:
    // read again after the run, since more devices at once open more connections, and
    // a backend that began during the run spent all its CPU in it.
    const backendCpu = async () =>
      new Map(
        admin
          ? (
              await sql<{
                pid: number;
              }>`select pid from pg_stat_activity where datname = ${database}`.execute(admin.db)
            ).rows.map((row) => [row.pid, processCpuMs(row.pid)] as const)
          : [],
      );
    const load = os.loadavg()[0]!;
    const pgBefore = await backendCpu();
    const nodeBefore = process.cpuUsage();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < payloads.length) perBatchMs.push(await post(payloads[next++]!));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const nodeCpu = process.cpuUsage(nodeBefore);
    const pgAfter = await backendCpu();
    let pgSpent = 0;
    for (const [pid, ms] of pgAfter) pgSpent += (ms ?? NaN) - (pgBefore.get(pid) ?? 0);
    const pgCpuMs = admin ? pgSpent / batches : undefined;
    const loadAfter = os.loadavg()[0]!;
    const duplicateBatchMs = await post(payloads[0]!);

    const { rows } = await sql<{ results: number; splits: number }>`
      select (select count(*) from results where account_id = ${user.id})::integer as results,
        (select count(*) from result_splits where account_id = ${user.id})::integer as splits`.execute(
      app.db,
    );
    if (existing || existingDir) await sql`delete from users where id = ${user.id}`.execute(app.db);
    const expected = seededResults + (batches + 1) * batchSize;
    if (rows[0]!.results !== expected) {
      throw new Error(`expected ${expected} results stored, found ${rows[0]!.results}`);
    }
    const splitsPerResult = rows[0]!.splits / rows[0]!.results;
    return {
      engine,
      results: batches * batchSize,
      splits: Math.round(batches * batchSize * splitsPerResult),
      seconds,
      perBatchMs,
      duplicateBatchMs,
      nodeCpuMs: (nodeCpu.user + nodeCpu.system) / 1000 / batches,
      pgCpuMs: pgCpuMs !== undefined && Number.isFinite(pgCpuMs) ? pgCpuMs : undefined,
      load: [load, loadAfter],
    };
  } finally {
    if (webhookCount > 0) console.log(`  ${engine}: ${webhookRequests} webhook requests received`);
    await cleanup();
    receiver.closeAllConnections();
    receiver.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  console.log(
    `Ingest: ${batches} batches of ${batchSize} results, ${athleteCount} athletes, concurrency ${concurrency}, ` +
      `${webhookCount} webhook subscriptions ` +
      `(node ${process.version}, ${os.cpus().length} cpus)`,
  );
  const figures: Figures[] = [];
  for (const engine of values.engines.split(',') as Engine[]) {
    figures.push(await bench(engine));
  }
  console.log(
    '\nengine       results/s   splits/s  median batch  max batch  duplicate batch' +
      '  CPU/batch node  CPU/batch pg  load avg',
  );
  for (const f of figures) {
    const pg = f.pgCpuMs === undefined ? '-'.padStart(9) : `${f.pgCpuMs.toFixed(0).padStart(9)} ms`;
    console.log(
      f.engine.padEnd(11) +
        String(Math.round(f.results / f.seconds)).padStart(10) +
        String(Math.round(f.splits / f.seconds)).padStart(11) +
        `${median(f.perBatchMs).toFixed(0).padStart(11)} ms` +
        `${Math.max(...f.perBatchMs)
          .toFixed(0)
          .padStart(8)} ms` +
        `${f.duplicateBatchMs.toFixed(0).padStart(14)} ms` +
        `${f.nodeCpuMs.toFixed(0).padStart(13)} ms  ${pg}` +
        `  ${f.load[0].toFixed(1)}-${f.load[1].toFixed(1)}`,
    );
  }
  console.log(
    '\nCPU/batch node: this process (server and client); pg: the PostgreSQL backends of the ' +
      'bench database.\nLoad avg: 1-minute, before and after the timed batches (2 cores: above 2, others ran too).',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
