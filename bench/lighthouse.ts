import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { signUp } from '../e2e/account';
import { startServer } from '../e2e/server';

/**
 * Lighthouse (the installed package, its mobile defaults: simulated slow 4G and a 4x
 * slower CPU) on the built app, served by the built server on loopback with a fresh data
 * directory: /login signed out, then the dashboard's first page (/home/leaderboard)
 * signed in as a new coach made through the sign-up page. Chromium is /usr/bin/chromium,
 * started by chrome-launcher; Playwright drives the sign-up in the same browser, so the
 * provider's session cookie is there when Lighthouse opens the dashboard (Lighthouse
 * clears caches and storage but keeps cookies: the first load is a cold one). Prints
 * scores, the paint metrics and the JavaScript transferred; `--out DIR` keeps the
 * reports (JSON), with each run's trace and network log. Targets (issue 18): /login ≥ 0.9 with LCP ≤ 2.5 s, dashboard ≥ 0.8.
 * @example npm run build && npm run bench -- lighthouse --runs 1
 */
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    out: { type: 'string' },
  },
});

const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Figures {
  page: string;
  finalUrl: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptKiB: number;
  stylesheetKiB: number;
  /** Lighthouse's measure of this machine's speed at the time (higher is faster): runs on
   * different machines or days compare only beside it. */
  benchmarkIndex: number;
}

async function signUpCoach(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  // The e2e helper: the provider's sign-up form, then its sign-in form (decision 018).
  await signUp(page, `bench.lighthouse.${Date.now()}@example.org`, 'a bench that runs laps');
  try {
    // Long: the machine is shared with other work.
    await page
      .getByRole('heading', { level: 1, name: 'Leaderboard' })
      .waitFor({ timeout: 120_000 });
  } catch (error) {
    await page.screenshot({ path: path.join(os.tmpdir(), 'lighthouse-signup-failed.png') });
    throw new Error(`sign-up did not reach the leaderboard (at ${page.url()})`, { cause: error });
  }
}

async function main(): Promise<void> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'splitline-lighthouse-')),
  });
  const figures: Figures[] = [];
  try {
    const audit = async (name: string, pathname: string): Promise<void> => {
      for (let run = 1; run <= Number(values.runs); run++) {
        const result = await lighthouse(`${server.url}${pathname}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${pathname}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`${pathname}: ${lhr.runtimeError.message}`);
        const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const items =
          (
            lhr.audits['resource-summary']?.details as {
              items?: Array<{ resourceType: string; transferSize: number }>;
            }
          )?.items ?? [];
        const transferred = (type: string) =>
          (items.find((item) => item.resourceType === type)?.transferSize ?? 0) / 1024;
        figures.push({
          page: name,
          finalUrl: lhr.finalDisplayedUrl,
          performance: lhr.categories.performance?.score ?? NaN,
          accessibility: lhr.categories.accessibility?.score ?? NaN,
          fcpMs: numeric('first-contentful-paint'),
          lcpMs: numeric('largest-contentful-paint'),
          tbtMs: numeric('total-blocking-time'),
          cls: numeric('cumulative-layout-shift'),
          scriptKiB: transferred('script'),
          stylesheetKiB: transferred('stylesheet'),
          benchmarkIndex: lhr.environment.benchmarkIndex,
        });
        if (values.out) {
          fs.mkdirSync(values.out, { recursive: true });
          fs.writeFileSync(path.join(values.out, `${name}-${run}.json`), result.report as string);
          // The trace and the network log Lantern simulated from, for DevTools' Performance
          // panel or a script (what ran when, which requests ended before the first paint).
          fs.writeFileSync(
            path.join(values.out, `${name}-${run}.trace.json`),
            JSON.stringify(result.artifacts.Trace),
          );
          fs.writeFileSync(
            path.join(values.out, `${name}-${run}.devtoolslog.json`),
            JSON.stringify(result.artifacts.DevtoolsLog),
          );
        }
      }
    };

    await audit('login', '/login');
    printTable(figures); // already, in case the dashboard's part fails

    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0]!.newPage();
    await signUpCoach(page, server.url);
    await page.close();
    await audit('leaderboard', '/home/leaderboard');
  } finally {
    await chrome.kill();
    await server.stop();
  }

  printTable(figures);
}

function printTable(figures: Figures[]): void {
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.table(
    figures.map((f) => ({
      page: f.page,
      'final URL': new URL(f.finalUrl).pathname,
      performance: f.performance,
      accessibility: f.accessibility,
      'FCP s': (f.fcpMs / 1000).toFixed(2),
      'LCP s': (f.lcpMs / 1000).toFixed(2),
      'TBT ms': Math.round(f.tbtMs),
      CLS: f.cls.toFixed(3),
      'JS KiB': f.scriptKiB.toFixed(1),
      'CSS KiB': f.stylesheetKiB.toFixed(1),
      'bench index': Math.round(f.benchmarkIndex),
    })),
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
