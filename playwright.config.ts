import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive the built app and the real server (e2e/global-setup.ts starts it on
 * a free loopback port with a fresh data directory) in Debian's Chromium.
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: the DOM after every action, the network, the console.
    // Not the screencast: its frames cost a quarter of the browser run on two cores
    // (docs/performance.md, "CI time"); the failure's screenshot shows the last screen.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
