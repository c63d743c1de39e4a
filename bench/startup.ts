import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

/**
 * Server start time on an existing data directory: from spawning the built server
 * (`dist/`, as `npm start` runs it) until /api/health answers 200.
 * The directory is prepared once: first start with the demo account, then optionally a
 * large seeded account (`--results N`), so later starts only open and check migrations.
 * @example npm run build && npm run bench -- startup --runs 5 --results 1000000
 */
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    results: { type: 'string', default: '0' },
  },
});
const projectRoot = path.resolve(__dirname, '..');
const serverEntry = path.join(projectRoot, 'dist/server/server/server.js');

async function startOnce(dataDir: string, demoData: boolean): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: String(demoData),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+),[^\n]*Splitline is running/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    if (response?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const elapsed = performance.now() - started;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return elapsed;
}

async function main(): Promise<void> {
  if (!fs.existsSync(serverEntry)) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'splitline-bench-startup-'));
  try {
    const first = await startOnce(dataDir, true);
    console.log(`first start (initdb, migrations, demo account): ${(first / 1000).toFixed(2)} s`);
    const results = Number(values.results);
    if (results > 0) {
      const seeded = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'server/seed/cli.ts',
          '--email',
          'big@bench.local',
          '--athletes',
          '10000',
          '--results',
          String(results),
        ],
        {
          cwd: projectRoot,
          env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
          stdio: 'inherit',
        },
      );
      if (seeded.status !== 0) throw new Error('seeding failed');
    }
    const times: number[] = [];
    for (let run = 0; run < Number(values.runs); run += 1)
      times.push(await startOnce(dataDir, true));
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    console.log(
      `restart on the existing data dir (${results} extra results), ${times.length} runs:`,
    );
    console.log(
      `  median ${(median / 1000).toFixed(2)} s, max ${(times.at(-1)! / 1000).toFixed(2)} s`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
