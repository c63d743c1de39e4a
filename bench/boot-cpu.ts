import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { signUp } from '../e2e/account';
import { startServer, type RunningServer } from '../e2e/server';
import { machine } from './lib/machine';

/**
 * The main thread's work of the dashboard's first load, for several builds compared
 * interleaved: each directory is a checkout with its production build (`npm run build`;
 * a git worktree per commit), served by its own built server. One browser signs a new
 * coach up on each, then, round by round, loads /home/leaderboard cold (cache and site
 * storage cleared, cookies kept: as Lighthouse does) under a 4x CPU slowdown and reads
 * Chromium's own counters (`Performance.getMetrics`: ScriptDuration, TaskDuration) from
 * the navigation until 3 s after the board's heading. Minutes where Lighthouse takes an
 * hour, and steadier: Lighthouse's score follows this work (TBT), but also the network
 * simulation. Prints the medians and, for the first build, in how many rounds it did less
 * script work than each other (docs/first-load.md "Measuring a change").
 * @example npm run bench -- boot-cpu --rounds 8 /work/wt-old /work/main
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '8' }, slowdown: { type: 'string', default: '4' } },
});
const rounds = Number(values.rounds);
const slowdown = Number(values.slowdown);
if (positionals.length === 0 || !(rounds > 0)) {
  console.error('Usage: npm run bench -- boot-cpu --rounds 8 <build dir> [<build dir> ...]');
  process.exit(2);
}

interface Build {
  name: string;
  server: RunningServer;
  context: BrowserContext;
  page: Page;
  script: number[];
  task: number[];
}

const median = (list: readonly number[]) =>
  [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

async function open(dir: string, browser: import('@playwright/test').Browser): Promise<Build> {
  const cwd = process.cwd();
  process.chdir(dir); // startServer runs the dist/ of the current directory
  const server = await startServer().finally(() => process.chdir(cwd));
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await signUp(page, `bench.boot.${Date.now()}@example.org`, 'a bench that runs laps');
  await page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor({ timeout: 120_000 });
  return { name: path.basename(dir), server, context, page, script: [], task: [] };
}

async function measure(build: Build): Promise<void> {
  const cdp = await build.context.newCDPSession(build.page);
  const metrics = async () =>
    Object.fromEntries(
      (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
    );
  await cdp.send('Performance.enable');
  await build.page.goto('about:blank');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: build.server.url,
    storageTypes: 'local_storage,indexeddb,service_workers,cache_storage',
  });
  const before = await metrics();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await build.page.goto(`${build.server.url}/home/leaderboard`);
  await build.page
    .getByRole('heading', { level: 1, name: 'Leaderboard' })
    .waitFor({ timeout: 120_000 });
  await build.page.waitForTimeout(3000);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const after = await metrics();
  build.script.push(Math.round((after.ScriptDuration! - before.ScriptDuration!) * 1000));
  build.task.push(Math.round((after.TaskDuration! - before.TaskDuration!) * 1000));
  await cdp.detach();
}

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  const builds: Build[] = [];
  try {
    for (const dir of positionals) builds.push(await open(path.resolve(dir), browser));
    // Every other round in reverse order, so that no build always goes first.
    for (let round = 0; round < rounds; round++)
      for (const build of round % 2 ? [...builds].reverse() : builds) await measure(build);
  } finally {
    await browser.close();
    for (const build of builds) await build.server.stop();
  }
  console.log(`${machine()}; ${rounds} rounds, CPU slowdown ${slowdown}x; ms of the main thread`);
  console.table(
    builds.map((b) => ({
      build: b.name,
      'script median': median(b.script),
      'task median': median(b.task),
      script: b.script.join(' '),
    })),
  );
  const [first, ...others] = builds;
  for (const other of others) {
    const fewer = first!.script.filter((ms, round) => ms < other.script[round]!).length;
    console.log(`${first!.name}: less script than ${other.name} in ${fewer} of ${rounds} rounds`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
