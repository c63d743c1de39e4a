import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { EventInput } from '../contract/event';
import { createApiKey } from '../server/integration/api-keys';
import { fortyYardSprint } from '../server/seed/norms';
import type { Engine } from './lib/database';
import { benchServer } from './lib/server';

/**
 * Webhook delivery shared between accounts (issue 31): the real server on a loopback
 * port with the worker's defaults, two accounts with an API key each. The quiet account
 * has one webhook to a receiver that answers 204 at once; the noisy one, in noisy runs,
 * has --endpoints webhooks (10, the most an account may have) to a receiver on
 * 127.0.0.1 that never answers, and posts --noisy-results results at the start of the
 * run (300 deliveries that each hang until WEBHOOK_TIMEOUT_MS). In every run the quiet
 * account posts --events results one at a time; each one's latency is from the start
 * of its POST to its arrival at the quiet receiver. Quiet and noisy runs alternate
 * (--runs of each); the noisy webhooks are deleted and the hanging connections cut after
 * each noisy run, so the next quiet run is quiet. Prints the medians and p95 per kind
 * and the most requests the hanging receiver held at once (the noisy account's share).
 * Only loopback addresses (WEBHOOK_ALLOW_PRIVATE_TARGETS=true for the run).
 * PostgreSQL: a database `splitline_bench_webhooks_<pid>` on BENCH_DATABASE_URL (else
 * DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test), dropped afterwards.
 * `npm run bench -- webhooks --engines pglite,postgresql --runs 5 --events 20`
 */
const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'pglite,postgresql' },
    runs: { type: 'string', default: '5' },
    events: { type: 'string', default: '20' },
    endpoints: { type: 'string', default: '10' },
    'noisy-results': { type: 'string', default: '30' },
    'timeout-ms': { type: 'string', default: '10000' },
    // A quiet delivery not there by then counts as this long (the old worker: minutes).
    'give-up-ms': { type: 'string', default: '120000' },
  },
});
const runs = Number(values.runs);
const eventsPerRun = Number(values.events);
const endpoints = Number(values.endpoints);
const noisyResults = Number(values['noisy-results']);
const timeoutMs = Number(values['timeout-ms']);
const giveUpMs = Number(values['give-up-ms']);

/** The receiver that answers 204 and notes when each result id arrived. */
function healthyReceiver() {
  const arrived = new Map<number, number>();
  const waiting = new Map<number, (at: number) => void>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      response.writeHead(204).end();
      const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        data: { id: number };
      };
      arrived.set(data.id, at);
      waiting.get(data.id)?.(at);
    });
  });
  return {
    server,
    /** When the result's event arrived (it may come before the POST's answer). */
    arrival(id: number): Promise<number> {
      const at = arrived.get(id);
      if (at !== undefined) return Promise.resolve(at);
      return new Promise((resolve) => waiting.set(id, resolve));
    },
  };
}

/** The receiver that reads each request and never answers; counts what it holds at once. */
function hangingReceiver() {
  const open = new Set<http.ServerResponse>();
  const stats = { requests: 0, mostAtOnce: 0 };
  const server = http.createServer((request, response) => {
    request.resume();
    stats.requests++;
    open.add(response);
    stats.mostAtOnce = Math.max(stats.mostAtOnce, open.size);
    response.on('close', () => open.delete(response));
  });
  return {
    server,
    stats,
    cut() {
      for (const response of open) response.destroy();
      server.closeAllConnections();
    },
  };
}

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 0 to 1000 ms, the same sequence every run (a linear congruential generator). */
let state = 1;
const jitter = () => {
  state = (Math.imul(state, 1103515245) + 12345) >>> 0;
  return (state >>> 8) % 1000;
};

interface Run {
  kind: 'quiet' | 'noisy';
  latenciesMs: number[];
  /** Most requests the hanging receiver held at once during the run. */
  hangingAtOnce: number;
}

async function bench(engine: Engine): Promise<Run[]> {
  const healthy = healthyReceiver();
  const hanging = hangingReceiver();
  const healthyPort = await listen(healthy.server);
  const hangingPort = await listen(hanging.server);
  const { app, base, cleanup } = await benchServer(engine, 'webhooks', {
    env: {
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_TIMEOUT_MS: String(timeoutMs),
    },
    logs: true,
    account: false,
  });
  try {
    /** An account with 4 athletes and an API key: what it takes to post results. */
    const account = async (name: string) => {
      const user = await app.db
        .insertInto('users')
        .values({ auth_subject: `bench-${name}-${process.pid}`, email: `${name}@bench.local` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const athletes = await app.db
        .insertInto('athletes')
        .values(
          Array.from({ length: 4 }, (_, i) => ({
            account_id: user.id,
            first_name: `Runner${i}`,
            last_name: name,
            first_name_key: `runner${i}`,
            last_name_key: name,
          })),
        )
        .returning('id')
        .execute();
      const key = (await createApiKey(app.db, user.id, 'bench', 10, {
        sub: 'bench',
        email: 'bench@example.org',
      }))!.key;
      return { id: user.id, athletes: athletes.map((a) => Number(a.id)), key };
    };
    const subscribe = (accountId: string, url: string) =>
      app.db
        .insertInto('webhook_subscriptions')
        .values({
          account_id: accountId,
          url,
          events: ['result.created'],
          secret: `whsec_${Buffer.alloc(32, 9).toString('base64')}`,
        })
        .execute();
    let n = 0;
    const result = (athletes: number[]): EventInput => {
      n++;
      return {
        clientId: `bench-${process.pid}-${n}`,
        athleteId: athletes[n % athletes.length]!,
        eventTypeId: 1,
        recordedAt: new Date(Date.UTC(2025, 0, 1) + n * 20_000).toISOString(),
        ...fortyYardSprint(4500 + (n % 700)),
        source: 'device',
        laneId: 1 + (n % 4),
      };
    };
    const post = async (key: string, body: unknown) => {
      const response = await fetch(`${base}/api/event`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { id?: number; items?: { id: number }[] };
      if (response.status !== 201) throw new Error(`POST /api/event: ${response.status}`);
      return answer;
    };

    const quiet = await account('quiet');
    const noisy = await account('noisy');
    await subscribe(quiet.id, `http://127.0.0.1:${healthyPort}/hook`);

    /** The quiet account's results, one at a time: each one's latency to its receiver. */
    const measure = async (): Promise<number[]> => {
      const latencies: number[] = [];
      state = 1; // the same pauses in every run
      for (let i = 0; i < eventsPerRun; i++) {
        const started = performance.now();
        const { id } = await post(quiet.key, result(quiet.athletes));
        const arrived = await Promise.race([
          healthy.arrival(id!),
          sleep(giveUpMs).then(() => started + giveUpMs),
        ]);
        latencies.push(arrived - started);
        // A pause across the worker's 1 s poll, so that posts do not lock onto its phase.
        await sleep(50 + jitter());
      }
      return latencies;
    };

    const results: Run[] = [];
    // One quiet warm-up run, not counted (JIT, plans).
    await measure();
    for (let run = 0; run < runs; run++) {
      for (const kind of ['quiet', 'noisy'] as const) {
        hanging.stats.mostAtOnce = 0;
        if (kind === 'noisy') {
          for (let e = 0; e < endpoints; e++) {
            await subscribe(noisy.id, `http://127.0.0.1:${hangingPort}/dead-${e}`);
          }
          const before = hanging.stats.requests;
          await post(noisy.key, {
            items: Array.from({ length: noisyResults }, () => result(noisy.athletes)),
          });
          // The worker is busy with them before the quiet account posts.
          const until = performance.now() + 10_000;
          while (hanging.stats.requests < before + 3 && performance.now() < until) await sleep(20);
        }
        const latenciesMs = await measure();
        results.push({ kind, latenciesMs, hangingAtOnce: hanging.stats.mostAtOnce });
        console.log(
          `  ${engine} run ${run + 1} ${kind}: median ${median(latenciesMs).toFixed(0)} ms, ` +
            `max ${Math.max(...latenciesMs).toFixed(0)} ms, hanging at once ${hanging.stats.mostAtOnce}`,
        );
        if (kind === 'noisy') {
          await app.db
            .deleteFrom('webhook_subscriptions')
            .where('account_id', '=', noisy.id)
            .execute();
          hanging.cut();
          await sleep(1_000);
        }
      }
    }
    return results;
  } finally {
    // The hanging deliveries end before the database is dropped.
    await cleanup(async () => {
      hanging.cut();
      healthy.server.closeAllConnections();
      await new Promise((resolve) => healthy.server.close(resolve));
      await new Promise((resolve) => hanging.server.close(resolve));
    });
  }
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;

async function main(): Promise<void> {
  console.log(
    `Webhooks: ${runs} quiet and ${runs} noisy runs interleaved, ${eventsPerRun} quiet deliveries each; ` +
      `noisy: ${endpoints} hanging endpoints, ${noisyResults} results; timeout ${timeoutMs} ms ` +
      `(node ${process.version}, ${os.cpus().length} cpus)`,
  );
  const table: string[] = [];
  for (const engine of values.engines.split(',') as Engine[]) {
    const results = await bench(engine);
    const of = (kind: Run['kind']) => results.filter((r) => r.kind === kind);
    const runMedians = (kind: Run['kind']) => of(kind).map((r) => median(r.latenciesMs));
    const all = (kind: Run['kind']) => of(kind).flatMap((r) => r.latenciesMs);
    const quiet = median(runMedians('quiet'));
    const noisy = median(runMedians('noisy'));
    table.push(
      engine.padEnd(11) +
        `${quiet.toFixed(0)} ms`.padStart(13) +
        `${noisy.toFixed(0)} ms`.padStart(13) +
        `${(noisy / quiet).toFixed(2)}x`.padStart(8) +
        `${p95(all('quiet')).toFixed(0)} ms`.padStart(12) +
        `${p95(all('noisy')).toFixed(0)} ms`.padStart(12) +
        `${Math.max(...of('noisy').map((r) => r.hangingAtOnce))}`.padStart(16),
    );
  }
  console.log(
    '\nengine     quiet median  noisy median   ratio   quiet p95   noisy p95  hanging at once',
  );
  for (const line of table) console.log(line);
  console.log('(medians of the runs’ medians; p95 over every delivery of the kind)');
}

void main();
