import { writeFileSync } from 'node:fs';
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
  options: {
    rounds: { type: 'string', default: '8' },
    slowdown: { type: 'string', default: '4' },
    // Also a CPU profile of each load: self time by script and by function, summed.
    profile: { type: 'boolean', default: false },
    // Also the blocking time: Chromium's trace of the main thread's tasks (at the slowdown)
    // after the first contentful paint, each one's time over 50 ms, summed, as Lighthouse's
    // TBT counts them. The page is not polled during the load (a poll is a task too).
    blocking: { type: 'boolean', default: false },
    // With --blocking: the load's length in ms (the board must be on screen by then).
    wait: { type: 'string', default: '12000' },
    // With --blocking: also write each load's trace to DIR/<build>-<round>.json.
    'trace-dir': { type: 'string' },
  },
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
  /** --blocking: ms of the tasks over 50 ms after the first contentful paint, a load. */
  blocking: number[];
  /** --blocking: the longest such task of each load. */
  longest: number[];
  /** Self time (µs) by "script" and by "script function", summed over the rounds. */
  self: Map<string, number>;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Adds a profile's self time to `into`, by script file and by function in it. */
function addSelfTime(
  profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] },
  into: Map<string, number>,
): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length - 1; i++) {
    const frame = byId.get(samples[i]!)!;
    const file = frame.url
      ? frame.url
          .split('/')
          .pop()!
          .replace(/\.[0-9a-f]{8}\.js$/, '.js')
      : `(${frame.functionName})`;
    const dt = deltas[i + 1] ?? 0;
    into.set(file, (into.get(file) ?? 0) + dt);
    const fn = `${file} ${frame.functionName || '(anonymous)'}:${frame.lineNumber}`;
    if (frame.url) into.set(fn, (into.get(fn) ?? 0) + dt);
  }
}

const TRACE = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
}

/**
 * Lighthouse's blocking time read off a trace: the renderer's main thread is the one with
 * the first contentful paint; each of its tasks after that paint adds its time past 50 ms
 * (a task the paint falls in, its part after it).
 */
function blockingTime(events: TraceEvent[]): { blocking: number; longest: number } {
  const paint = events.find((e) => e.name === 'firstContentfulPaint');
  if (!paint) throw new Error('the trace has no first contentful paint');
  let blocking = 0;
  let longest = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== paint.pid || e.tid !== paint.tid)
      continue;
    const end = e.ts + e.dur!;
    if (end <= paint.ts) continue;
    const ms = (end - Math.max(e.ts, paint.ts)) / 1000;
    blocking += Math.max(0, ms - 50);
    longest = Math.max(longest, ms);
  }
  return { blocking: Math.round(blocking), longest: Math.round(longest) };
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
  return {
    name: path.basename(dir),
    server,
    context,
    page,
    script: [],
    task: [],
    blocking: [],
    longest: [],
    self: new Map(),
  };
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
  if (values.profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  if (values.blocking) {
    await build.page.context().browser()!.startTracing(build.page, { categories: TRACE });
    await build.page.goto(`${build.server.url}/home/leaderboard`);
    await build.page.waitForTimeout(Number(values.wait));
    const trace = await build.page.context().browser()!.stopTracing();
    if (values['trace-dir'])
      writeFileSync(
        path.join(values['trace-dir'], `${build.name}-${build.blocking.length}.json`),
        trace,
      );
    const heading = build.page.getByRole('heading', { level: 1, name: 'Leaderboard' });
    if (!(await heading.isVisible())) throw new Error(`${build.name}: no board after --wait`);
    const { blocking, longest } = blockingTime(JSON.parse(trace.toString()).traceEvents);
    build.blocking.push(blocking);
    build.longest.push(longest);
  } else {
    await build.page.goto(`${build.server.url}/home/leaderboard`);
    await build.page
      .getByRole('heading', { level: 1, name: 'Leaderboard' })
      .waitFor({ timeout: 120_000 });
    await build.page.waitForTimeout(3000);
  }
  if (values.profile) addSelfTime((await cdp.send('Profiler.stop')).profile, build.self);
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
      ...(values.blocking
        ? {
            'blocking median': median(b.blocking),
            blocking: b.blocking.join(' '),
            longest: median(b.longest),
          }
        : { script: b.script.join(' ') }),
    })),
  );
  if (values.profile) printSelfTime(builds);
  const [first, ...others] = builds;
  for (const other of others) {
    const fewer = first!.script.filter((ms, round) => ms < other.script[round]!).length;
    console.log(`${first!.name}: less script than ${other.name} in ${fewer} of ${rounds} rounds`);
    if (values.blocking) {
      const less = first!.blocking.filter((ms, round) => ms < other.blocking[round]!).length;
      console.log(
        `${first!.name}: less blocking than ${other.name} in ${less} of ${rounds} rounds`,
      );
    }
  }
}

/** The scripts, then the functions, with the most self time in any build: ms a round. */
function printSelfTime(builds: readonly Build[]): void {
  const keys = new Set(builds.flatMap((b) => [...b.self.keys()]));
  const row = (key: string) => ({
    where: key,
    ...Object.fromEntries(
      builds.map((b) => [b.name, Math.round((b.self.get(key) ?? 0) / 1000 / rounds)]),
    ),
  });
  const top = (list: string[], n: number) =>
    list
      .sort(
        (a, b) =>
          Math.max(...builds.map((x) => x.self.get(b) ?? 0)) -
          Math.max(...builds.map((x) => x.self.get(a) ?? 0)),
      )
      .slice(0, n)
      .map(row);
  console.table(
    top(
      [...keys].filter((k) => !k.includes(' ')),
      15,
    ),
  );
  console.table(
    top(
      [...keys].filter((k) => k.includes(' ')),
      30,
    ),
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
