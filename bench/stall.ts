import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { startHealthProbe } from '../__tests__/server/helpers/probe';
import { seedTestingDay } from '../__tests__/server/helpers/profiles';
import { grantSpots } from '../server/store';
import type { Engine } from './lib/database';
import { benchServer } from './lib/server';

/**
 * What one account's heavy requests cost everyone else (issue 31): the server (buildApp
 * on a loopback port, this process) with an account whose roster of 500 athletes tested
 * on one day, and which uploaded an 8000 x 8000 PNG logo (~250 KB; refused since logos
 * are normalised, then a 600 x 240 one). Rounds of two phases, one after the other:
 * quiet (only the probe) and heavy (the roster's team PDF and a 10,000-row athlete
 * import at once). The probe asks `/api/health` over HTTP every 20 ms in both, from a
 * worker thread; printed: its p50/p99/max per phase, and the PDF's and the import's times
 * (medians over rounds).
 * Runs on the code of the tree it is in: copy it into an older checkout to compare, and
 * alternate the runs of the two trees.
 * `npm run bench -- stall [--engines pglite,postgresql] [--rounds 5] [--roster 500]
 *   [--import-rows 10000] [--quiet-ms 2000]`
 */
const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'pglite,postgresql' },
    rounds: { type: 'string', default: '5' },
    roster: { type: 'string', default: '500' },
    'import-rows': { type: 'string', default: '10000' },
    'quiet-ms': { type: 'string', default: '2000' },
  },
});
const ROUNDS = Number(values.rounds);
const ROSTER = Number(values.roster);
const IMPORT_ROWS = Number(values['import-rows']);
const QUIET_MS = Number(values['quiet-ms']);
const DAY = '2026-03-02';

/** A PNG of `width` x `height` grey pixels (RGBA), written by hand: no image library needed. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  const row = Buffer.alloc(1 + width * 4, 0x80);
  row[0] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk(
      'IDAT',
      zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), {
        level: 9,
      }),
    ),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function form(bytes: Buffer): { body: Buffer; type: string } {
  const boundary = `bench${randomUUID()}`;
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="logo"; filename="logo.png"\r\ncontent-type: image/png\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const median = (list: number[]) =>
  quantile(
    [...list].sort((a, b) => a - b),
    0.5,
  );
const ms = (value: number) => (Number.isFinite(value) ? Math.round(value).toString() : '-');

async function runEngine(engine: Engine): Promise<void> {
  const { app, base, headers, accountId, cleanup } = await benchServer(engine, 'stall');
  try {
    await grantSpots(app.db, accountId, ROSTER + ROUNDS * IMPORT_ROWS, `bench-${randomUUID()}`);
    const importCsv = (body: string) =>
      fetch(`${base}/api/athlete/import?dryRun=false`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/csv' },
        body,
      });
    const squad = [
      'firstName,lastName,gender,rosters',
      ...Array.from(
        { length: ROSTER },
        (_, i) => `Runner${i},Squad,${i % 2 ? 'male' : 'female'},Squad`,
      ),
    ].join('\r\n');
    const made = await importCsv(squad);
    if (made.status !== 200) throw new Error(`roster import: ${made.status} ${await made.text()}`);
    await seedTestingDay(app.db, accountId, DAY);
    const rosters = (await (await fetch(`${base}/api/roster`, { headers })).json()) as {
      items: { id: number }[];
    };
    const rosterId = rosters.items[0]!.id;
    const upload = async (bytes: Buffer) => {
      const { body, type } = form(bytes);
      const response = await fetch(`${base}/api/user/uploadlogo`, {
        method: 'POST',
        headers: { ...headers, 'content-type': type },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    };
    const bomb = png(8000, 8000);
    const bombStatus = await upload(bomb);
    const logo = bombStatus === 200 ? '8000 x 8000 kept' : `8000 x 8000 refused (${bombStatus})`;
    if (bombStatus !== 200) await upload(png(600, 240));
    console.log(
      `${engine}: ${ROSTER} athletes with profiles; logo ${logo} (${Math.round(bomb.length / 1024)} KB)`,
    );

    const phases = { quiet: [] as number[], heavy: [] as number[] };
    const loops = { quiet: [] as number[], heavy: [] as number[] };
    /** The longest the event loop was held during `work`, in ms. */
    const loopMax = async (into: number[], work: () => Promise<unknown>) => {
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      await work();
      loop.disable();
      into.push(loop.max / 1e6);
    };
    const pdfMs: number[] = [];
    const importMs: number[] = [];
    /** The health probe's answer times while `work` runs (a worker thread asks). */
    const probe = async (into: number[], work: () => Promise<unknown>) => {
      const health = await startHealthProbe(base);
      await work();
      into.push(...(await health.stop()));
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      await loopMax(loops.quiet, () =>
        probe(phases.quiet, () => new Promise((resolve) => setTimeout(resolve, QUIET_MS))),
      );
      const file = [
        'firstName,lastName,gender,graduationYear,heightCm,weightKg,email,externalId,rosters',
        ...Array.from(
          { length: IMPORT_ROWS },
          (_, i) =>
            `Imported${i},Round${round}x${i % 97},${i % 2 ? 'male' : 'female'},2028,${170 + (i % 30)},${60 + (i % 40)},r${round}a${i}@example.org,r${round}-${i},Import ${i % 5}`,
        ),
      ].join('\r\n');
      const timed = async (into: number[], work: () => Promise<Response>) => {
        const started = performance.now();
        const response = await work();
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${response.url}: ${response.status}`);
        into.push(performance.now() - started);
      };
      await loopMax(loops.heavy, () =>
        probe(phases.heavy, () =>
          Promise.all([
            timed(pdfMs, () =>
              fetch(`${base}/api/report/eapi/team/${rosterId}/${DAY}/pdf`, { headers }),
            ),
            timed(importMs, () => importCsv(file)),
          ]),
        ),
      );
    }
    for (const [phase, list] of Object.entries(phases)) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(
        `${engine}: /api/health while ${phase}: n ${list.length}, p50 ${ms(quantile(sorted, 0.5))} ms, ` +
          `p99 ${ms(quantile(sorted, 0.99))} ms, max ${ms(sorted.at(-1)!)} ms; event loop held ` +
          `at most ${ms(median(loops[phase as keyof typeof loops]))} ms (median of the rounds' maxima)`,
      );
    }
    console.log(
      `${engine}: team PDF of ${ROSTER} ${ms(median(pdfMs))} ms, import of ${IMPORT_ROWS} rows ` +
        `${ms(median(importMs))} ms (medians of ${ROUNDS} rounds, run at once)`,
    );
  } finally {
    await cleanup();
  }
}

async function main() {
  for (const engine of values.engines!.split(',') as Engine[]) {
    await runEngine(engine);
  }
}

void main();
