import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { linkTo, mailsTo } from '../e2e/mail';
import { startServer } from '../e2e/server';
import { hashPassword, verifyPassword } from '../server/identity/password';

/**
 * The sign-in round trip as a user lives it, in Chromium against the built server on
 * loopback (fresh data directory, one verified account made through the sign-up page):
 * open /login signed out, press Sign in, submit the provider's form, until the
 * leaderboard shows in the shell. A fresh browser context per run: no cookies, no
 * cached bundle, no session.
 * `--profile` adds one run that prints its requests as a waterfall and the renderer's
 * script and layout time.
 * @example npm run build && npm run bench -- signin --runs 20 [--profile]
 */
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    profile: { type: 'boolean', default: false },
    cpuprofile: { type: 'string' },
  },
});
const projectRoot = path.resolve(__dirname, '..');
const email = 'bench.signin@example.org';
const password = 'a bench that runs laps';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Signed-out /login is ready once the session check is done: until then its Sign in button
 * spins, and antd's spinner adds "loading" to the button's name.
 */
const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign in', exact: true });

/** The shell with the leaderboard page in it. */
async function dashboardShown(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

async function createVerifiedAccount(browser: Browser, url: string, dataDir: string) {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await dashboardShown(page);
  const [mail] = await mailsTo(dataDir, email);
  const link = mail && linkTo(mail.text, '/u/email-verification');
  if (!link) throw new Error('no verification mail in the outbox');
  const verified = await fetch(link);
  if (!verified.ok) throw new Error(`verification link answered ${verified.status}`);
  await context.close();
}

/**
 * Runs in every document of a context (browser code, hence a string: this file is
 * type-checked without the DOM): notes (epoch ms) when each milestone is first in the
 * DOM, so that the figures do not include Playwright's polling.
 */
const watchMilestones = `(() => {
  const seen = (window.__milestones = {});
  const note = (name, reached) => {
    if (!seen[name] && reached()) seen[name] = performance.timeOrigin + performance.now();
  };
  const check = () => {
    note('loginReady', () => location.pathname === '/login' &&
      [...document.querySelectorAll('button')].some(
        (b) => b.textContent === 'Sign in' && !b.classList.contains('ant-btn-loading')));
    note('form', () => document.querySelector('form input[name="password"]') !== null);
    note('dashboard', () => document.querySelector('nav[aria-label="Main"]') !== null &&
      [...document.querySelectorAll('h1')].some((h) => h.textContent === 'Leaderboard'));
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

async function milestone(page: Page, name: string): Promise<number> {
  const at = (await page.evaluate(`window.__milestones?.[${JSON.stringify(name)}]`)) as
    number | undefined;
  if (!at) throw new Error(`milestone ${name} not seen`);
  return at;
}

interface Run {
  total: number;
  /** Open /login until its Sign in button is ready (bundle, /config.json, session check). */
  loginPage: number;
  /** Sign in pressed until the provider's form is there (/authorize, the interaction page). */
  toForm: number;
  /** Form submitted until the dashboard is there (password check, redirects, app load, code exchange, /api/user, page chunk). */
  toDashboard: number;
}

/**
 * One sign-in in a fresh context. The figures are what the user waits for: the time
 * Playwright takes to notice a screen and to type is left out.
 */
async function signInOnce(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({ baseURL: url });
  await context.addInitScript({ content: watchMilestones });
  const page = await context.newPage();
  const started = Date.now();
  await page.goto('/login');
  await signInButton(page).waitFor();
  const loginReady = await milestone(page, 'loginReady');
  const pressed = Date.now();
  await signInButton(page).click();
  await page.getByLabel('E-mail address').waitFor();
  const form = await milestone(page, 'form');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  const submitted = Date.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await dashboardShown(page);
  const dashboard = await milestone(page, 'dashboard');
  await context.close();
  const run = {
    loginPage: loginReady - started,
    toForm: form - pressed,
    toDashboard: dashboard - submitted,
  };
  return { ...run, total: run.loginPage + run.toForm + run.toDashboard };
}

/**
 * One sign-in with its requests as a waterfall (start, time to the end of the response),
 * the page's milestones and the renderer's busy time of the last document: where the
 * time goes.
 */
async function profileOnce(browser: Browser, url: string): Promise<void> {
  const context = await browser.newContext({ baseURL: url });
  await context.addInitScript({ content: watchMilestones });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const events: Array<[number, string]> = [];
  const started = Date.now();
  const event = (at: number, text: string) =>
    events.push([at - started, `${String(Math.round(at - started)).padStart(5)} ms  ${text}`]);
  page.on('requestfinished', (request) => {
    const { startTime, responseEnd } = request.timing();
    const { pathname, search } = new URL(request.url());
    const kind = request.isNavigationRequest() ? 'page' : request.resourceType();
    const took = `+${String(Math.round(responseEnd)).padStart(4)} ms`;
    event(
      startTime,
      `${took}  ${kind.padEnd(7)} ${request.method().padEnd(4)} ${(pathname + search).slice(0, 80)}`,
    );
  });
  if (values.cpuprofile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.goto('/login');
  await signInButton(page).waitFor();
  event(await milestone(page, 'loginReady'), '/login ready (Sign in pressed now)');
  const marks = async () => {
    const list = (await page.evaluate(
      `performance.getEntriesByType('mark').map((m) => [performance.timeOrigin + m.startTime, m.name])`,
    )) as Array<[number, string]>;
    for (const [at, name] of list) event(at, `mark ${name}`);
  };
  await marks();
  await signInButton(page).click();
  await page.getByLabel('E-mail address').waitFor();
  event(await milestone(page, 'form'), "provider's form there");
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  event(Date.now(), 'submit');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await dashboardShown(page);
  event(await milestone(page, 'dashboard'), 'dashboard there');
  await marks();
  if (values.cpuprofile) {
    const { profile } = await cdp.send('Profiler.stop');
    fs.writeFileSync(values.cpuprofile, JSON.stringify(profile));
    printHotFunctions(profile);
  }
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) =>
    Math.round((metrics.find((m) => m.name === name)?.value ?? 0) * 1000);
  await context.close();
  console.log('\nprofile of one run (the typing is in it):');
  for (const [, line] of events.sort((a, b) => a[0] - b[0])) console.log(`  ${line}`);
  console.log(
    `renderer, last document: script ${metric('ScriptDuration')} ms, layout ${metric('LayoutDuration')} ms, ` +
      `style ${metric('RecalcStyleDuration')} ms, all tasks ${metric('TaskDuration')} ms`,
  );
}

interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }>;
  samples?: number[];
  timeDeltas?: number[];
}

/** The renderer's self time by script and by function, from a CDP CPU profile. */
function printHotFunctions(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const ms = (deltas[index + 1] ?? deltas[index] ?? 0) / 1000;
    const script = frame.url ? frame.url.replace(/^.*\//, '') : `(${frame.functionName})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const name = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  });
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log('\nrenderer self time by script (ms):');
  for (const [name, ms] of top(byScript, 12))
    console.log(`  ${ms.toFixed(0).padStart(5)}  ${name}`);
  console.log('renderer self time by function (ms):');
  for (const [name, ms] of top(byFunction, 25))
    console.log(`  ${ms.toFixed(0).padStart(5)}  ${name}`);
}

/**
 * CPU time (ms) used so far by a process and its descendants, from /proc (Linux): each
 * process's own time plus that of its children that exited, which their parent collected.
 */
function cpuMsOfTree(root: number): number {
  const stats = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        // Fields after the command name, which is in parentheses and may hold spaces.
        const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
        const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
        return [{ pid: Number(pid), ppid: Number(fields[1]), ticks }];
      } catch {
        return []; // exited meanwhile
      }
    });
  const inTree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const { pid, ppid } of stats)
      if (inTree.has(ppid) && !inTree.has(pid)) grew = inTree.add(pid) !== undefined;
  }
  const ticks = stats.filter(({ pid }) => inTree.has(pid)).reduce((sum, s) => sum + s.ticks, 0);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

function summary(label: string, xs: number[]): string {
  const sorted = [...xs].sort((a, b) => a - b);
  const ms = (x: number) => `${Math.round(x)}`.padStart(5);
  return `${label.padEnd(26)} median ${ms(quantile(sorted, 0.5))} ms  p95 ${ms(quantile(sorted, 0.95))} ms  max ${ms(sorted.at(-1)!)} ms`;
}

/** The server's share of a sign-in that does not depend on the network: one scrypt check. */
async function scryptCost(): Promise<number[]> {
  const stored = await hashPassword(password);
  const times: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    const started = performance.now();
    await verifyPassword(password, stored);
    times.push(performance.now() - started);
  }
  return times;
}

function bundleSize(): string {
  const dir = path.join(projectRoot, 'dist/app/js');
  const html = fs.readFileSync(path.join(projectRoot, 'dist/app/index.html'), 'utf8');
  const entry = [...html.matchAll(/src="?\/js\/([^"\s>]+\.js)/g)].map((match) => match[1]!);
  const bytes = entry.reduce((sum, file) => sum + fs.statSync(path.join(dir, file)).size, 0);
  return `${entry.length} scripts, ${(bytes / 1024).toFixed(0)} KiB uncompressed`;
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(projectRoot, 'dist/server/server/server.js')))
    throw new Error('Build first: npm run build');
  const runs = Number(values.runs);
  console.log(
    `sign-in round trip, ${runs} runs (node ${process.version}, ${os.cpus().length} cpus, load ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')})`,
  );
  console.log(`entry bundle: ${bundleSize()}`);
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    await createVerifiedAccount(browser, server.url, server.dataDir);
    await signInOnce(browser, server.url); // warm-up: JIT, PGlite caches
    const results: Run[] = [];
    // Chromium is a child of this process; so is the server, counted on its own.
    const serverPid = server.process.pid!;
    const cpu = () => ({ all: cpuMsOfTree(process.pid), server: cpuMsOfTree(serverPid) });
    const before = cpu();
    for (let run = 0; run < runs; run += 1) results.push(await signInOnce(browser, server.url));
    const after = cpu();
    const serverCpu = (after.server - before.server) / runs;
    const browserAndBench = (after.all - before.all) / runs - serverCpu;
    console.log(
      summary(
        'total',
        results.map((r) => r.total),
      ),
    );
    console.log(
      summary(
        '  /login ready',
        results.map((r) => r.loginPage),
      ),
    );
    console.log(
      summary(
        '  Sign in → provider form',
        results.map((r) => r.toForm),
      ),
    );
    console.log(
      summary(
        '  submit → dashboard',
        results.map((r) => r.toDashboard),
      ),
    );
    console.log(
      `CPU per sign-in: Chromium (with this script) ${Math.round(browserAndBench)} ms, server ${Math.round(serverCpu)} ms`,
    );
    console.log(summary('scrypt verify (in process)', await scryptCost()));
    if (values.profile) await profileOnce(browser, server.url);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
