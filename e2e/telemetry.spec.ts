import { createServer, type IncomingMessage, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { signUp, uniqueEmail } from './account';
import { expect, test } from './fixtures';
import { freePort, startServer, type RunningServer } from './server';

/**
 * Usage telemetry with the real posthog-js against a local stand-in for PostHog's
 * ingestion (never the internet): what the browser sends, under which id, and that the
 * account page's switch stops it without a reload.
 */

/** A local HTTP server that answers as PostHog's ingestion does and keeps every body. */
async function startReceiver(): Promise<{ url: string; bodies: string[]; server: Server }> {
  const bodies: string[] = [];
  const port = await freePort();
  const server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
    response.setHeader('access-control-allow-credentials', 'true');
    response.setHeader('access-control-allow-headers', 'content-type');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    void readBody(request).then((body) => {
      if (body) bodies.push(body);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, bodies, server };
}

/** posthog-js sends gzip, or base64 in a form field: the text either way. */
async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  if (raw.length === 0) return '';
  if (raw[0] === 0x1f && raw[1] === 0x8b) return gunzipSync(raw).toString('utf8');
  const text = raw.toString('utf8');
  const data = new URLSearchParams(text).get('data');
  return data ? Buffer.from(data, 'base64').toString('utf8') : text;
}

// posthog-js drops events from user agents that look like bots, headless Chromium's among them.
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
});

let app: RunningServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.beforeAll(async () => {
  receiver = await startReceiver();
  app = await startServer({ POSTHOG_KEY: 'phc_e2e0123456789', POSTHOG_HOST: receiver.url });
});
test.afterAll(async () => {
  await app?.stop();
  receiver?.server.close();
});

test('sends page views under the opaque id, never the e-mail, and stops at the switch', async ({
  page,
}) => {
  const email = uniqueEmail('telemetry');
  const sdkRequests: string[] = [];
  let account: { id: string; telemetryId: string } | undefined;
  // ... and from browsers driven by automation (navigator.webdriver), as this one is.
  await page.addInitScript(
    "Object.defineProperty(navigator, 'webdriver', { get: () => false }); Object.defineProperty(navigator, 'userAgentData', { get: () => undefined });",
  );
  page.on('request', (request) => {
    if (request.url().includes('/js/telemetry.')) sdkRequests.push(request.url());
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/user' && response.ok()) {
      void response.json().then((body: { id: string; telemetryId: string }) => (account = body));
    }
  });

  // Signed out: the login page loads no analytics code.
  await page.goto(`${app.url}/home/leaderboard`);
  await expect(page).toHaveURL(/\/login$/);
  expect(sdkRequests).toEqual([]);

  await signUp(page, email, 'telemetry runs the first lap');
  await expect(page).toHaveURL(/\/home\/leaderboard$/);
  // posthog-js sends in batches, a few seconds apart.
  const sentSoon = { timeout: 20_000 };
  await expect
    .poll(() => receiver.bodies.some((body) => body.includes('$pageview')), sentSoon)
    .toBe(true);
  expect(sdkRequests.length).toBeGreaterThan(0);
  expect(account).toBeDefined();
  const sent = receiver.bodies.join('\n');
  expect(sent).toContain('/home/leaderboard');
  expect(sent).toContain(account!.telemetryId); // identified by the opaque id
  expect(sent).not.toContain(account!.id);
  expect(sent).not.toContain(email);
  expect(sent).not.toContain(email.split('@')[0]!);

  // Off on the account page: nothing more is sent, without a reload.
  await page.goto(`${app.url}/home/account/info`);
  const toggle = page.getByRole('switch', { name: 'Share anonymous usage data' });
  await expect(toggle).toBeChecked();
  await expect
    .poll(() => receiver.bodies.join('\n').includes('/home/account/info'), sentSoon)
    .toBe(true);
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  const before = receiver.bodies.length;
  await page.getByRole('link', { name: 'Athletes' }).first().click();
  await expect(page).toHaveURL(/\/home\/athlete$/);
  await page.waitForTimeout(4000); // posthog-js sends in batches every few seconds
  expect(receiver.bodies.slice(before).join('\n')).not.toContain('/home/athlete');
});
