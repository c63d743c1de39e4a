import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { apiOf, signUpAt } from './account';
import { expect, test } from './fixtures';

/**
 * Webhooks end to end (issue 16, docs/webhooks.md): a coach adds a webhook on the
 * Integrations page, a timing device posts a result with an API key, the coach's own
 * receiver (a real HTTP server on loopback; the e2e server runs with
 * WEBHOOK_ALLOW_PRIVATE_TARGETS=true) gets a request it verifies with the Standard
 * Webhooks library and the secret shown once, and the delivery shows in the page's log.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let receiver: Server | undefined;
test.afterEach(async () => {
  await new Promise((resolve) => receiver?.close(resolve) ?? resolve(undefined));
});

async function startReceiver(received: Received[]): Promise<string> {
  receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/splitline`;
}

test('a result posted with an API key reaches a webhook, signed, and shows in its log', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const received: Received[] = [];
  const url = await startReceiver(received);
  const api = apiOf(page);
  await signUpAt(page, '/home/integration', 'webhooks');

  let secret = '';
  await test.step('add a webhook for new results; its secret is shown once', async () => {
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Add webhook' });
    await form.getByLabel('URL').fill(url);
    await form.getByLabel('Description').fill('Our athlete system');
    await form.getByRole('checkbox', { name: 'Result added (result.created)' }).check();
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const shown = page.getByRole('dialog', { name: `Signing secret for ${url}` });
    await expect(shown).toContainText('it will not be shown again');
    secret = ((await shown.getByLabel('Signing secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'I have stored the secret' }).click();
    await expect(page.getByRole('table', { name: 'Webhooks' })).toContainText(url);
  });

  let resultId = 0;
  await test.step('a device posts a result with an API key', async () => {
    const athlete = await api('POST', '/athlete', {
      firstName: 'Ada',
      lastName: 'Okafor',
      gender: 'female',
    });
    const { key } = await api('POST', '/integration/api-key', { name: 'Lane 1 gates' });
    const posted = await page.request.post('/api/event', {
      headers: { authorization: `Bearer ${key}` },
      data: {
        items: [
          {
            clientId: 'gate1-000001',
            source: 'device',
            athleteId: athlete.id,
            eventTypeId: 1,
            recordedAt: new Date(Date.now() - 60_000).toISOString(),
            distanceMm: 36576,
            timeMs: 4720,
          },
        ],
      },
    });
    expect(posted.status()).toBe(201);
    const list = await api('GET', '/event?pageNumber=1&pageSize=5');
    resultId = list.items[0].id;
  });

  await test.step('the receiver gets one signed request it can verify', async () => {
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    const [request] = received;
    const payload = new Webhook(secret).verify(request!.body, {
      'webhook-id': String(request!.headers['webhook-id']),
      'webhook-timestamp': String(request!.headers['webhook-timestamp']),
      'webhook-signature': String(request!.headers['webhook-signature']),
    }) as { type: string; data: { id: number; timeMs: number; athlete: { lastName: string } } };
    expect(payload.type).toBe('result.created');
    expect(payload.data).toMatchObject({ id: resultId, timeMs: 4720 });
    // A forged body does not verify with the same headers.
    expect(() =>
      new Webhook(secret).verify(request!.body.replace('4720', '4120'), {
        'webhook-id': String(request!.headers['webhook-id']),
        'webhook-timestamp': String(request!.headers['webhook-timestamp']),
        'webhook-signature': String(request!.headers['webhook-signature']),
      }),
    ).toThrow();
  });

  await test.step('the delivery shows in the log, with the same webhook-id', async () => {
    await page.getByRole('button', { name: `View deliveries to ${url}` }).click();
    const log = page.getByRole('dialog', { name: `Deliveries to ${url}` });
    const row = log.getByRole('row').filter({ hasText: 'result.created' });
    await expect(row).toContainText('Delivered', { timeout: 15_000 });
    await expect(row).toContainText('204');
    await expect(row).toContainText(String(received[0]!.headers['webhook-id']));
    await page.screenshot({ path: 'test-results/webhooks/01-deliveries.png' });
  });

  await test.step('a test event arrives too', async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Send a test event to ${url}` }).click();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
    expect(JSON.parse(received[1]!.body).type).toBe('webhook.test');
    await page.screenshot({ path: 'test-results/webhooks/02-integrations.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('table', { name: 'Webhooks' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/webhooks/03-integrations-phone.png' });
  });

  await test.step('events of a type it did not take are recovered once it takes them', async () => {
    await page.setViewportSize({ width: 1366, height: 800 });
    // Another webhook takes new athletes, so the server keeps the event; ours gets none.
    await api('POST', '/integration/webhook', {
      url: `${url}/athletes`,
      events: ['athlete.created'],
    });
    await api('POST', '/athlete', { firstName: 'Bo', lastName: 'Lind', gender: 'male' });
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(3);
    await page.reload();
    await page.getByRole('button', { name: `Edit ${url}`, exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Edit webhook' });
    await form.getByRole('checkbox', { name: 'Athlete added (athlete.created)' }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();

    await page
      .getByRole('button', { name: `Recover missed events to ${url}`, exact: true })
      .click();
    const recover = page.getByRole('dialog', { name: 'Recover missed events' });
    const since = recover.getByLabel('Events since');
    const hourAgo = await page.evaluate(() => {
      const at = new Date(Date.now() - 3_600_000);
      const two = (n: number) => String(n).padStart(2, '0');
      return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
    });
    await expect(since).toBeVisible();
    await page.screenshot({ path: 'test-results/webhooks/04-recover.png', animations: 'disabled' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: 'test-results/webhooks/05-recover-phone.png',
      animations: 'disabled',
    });
    await since.click();
    await since.fill(hourAgo);
    await page.screenshot({
      path: 'test-results/webhooks/06-recover-picker-phone.png',
      animations: 'disabled',
    });
    await recover.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(since).toHaveValue(hourAgo);
    await recover.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByText(`1 missed event since`)).toContainText(
      `is being sent again to ${url}.`,
    );
    // The event the other webhook got, now ours too, with the same webhook-id.
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(4);
    expect(JSON.parse(received[3]!.body).type).toBe('athlete.created');
    expect(received[3]!.headers['webhook-id']).toBe(received[2]!.headers['webhook-id']);
  });
});
