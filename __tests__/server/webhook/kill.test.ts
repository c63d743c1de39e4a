import { Webhook } from 'standardwebhooks';
import { embeddedDatabase } from '../helpers/build-test-app';
import { killHard, startServer } from '../helpers/server-process';
import { startReceiver } from './receiver';

/**
 * kill -9 in the middle of a delivery, on real processes and the embedded database (the
 * child never sees DATABASE_URL): the next server takes the delivery up once the dead
 * one's lease has run out, and delivers it once more under the same webhook-id.
 */
jest.setTimeout(120_000);

it('delivers after kill -9 mid-attempt, under the same webhook-id', async () => {
  const database = await embeddedDatabase(); // migrated, as a server that has run before
  const receiver = await startReceiver();
  const env = {
    ...database.env,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_TIMEOUT_MS: '60000',
    // Shorter than the attempt's timeout (production's lease is the timeout + 30 s), so
    // that the next server takes the delivery up soon; long enough that the first server,
    // killed once the first attempt arrives, cannot lease its own hung attempt again
    // before it dies. At 2 s a loaded CI machine (2 cores) let it send three more.
    TEST_LEASE_MS: '6000',
  };
  try {
    receiver.answers.push('hang'); // the first attempt never gets an answer
    const first = startServer('__tests__/server/fixtures/webhook-server.ts', env);
    await first.listening;
    const made = await first.request('/api/test/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url }),
    });
    const { secret } = (await made.json()) as { secret: string };
    await receiver.waitFor(1, 30_000);
    await killHard(first);

    const second = startServer('__tests__/server/fixtures/webhook-server.ts', env);
    await second.listening;
    const [hung, delivered] = await receiver.waitFor(2, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });

    expect(receiver.received).toHaveLength(2);
    expect(delivered!.headers['webhook-id']).toBe(hung!.headers['webhook-id']);
    expect(delivered!.body).toBe(hung!.body);
    const verified = new Webhook(secret).verify(delivered!.body, {
      'webhook-id': delivered!.headers['webhook-id'] as string,
      'webhook-timestamp': delivered!.headers['webhook-timestamp'] as string,
      'webhook-signature': delivered!.headers['webhook-signature'] as string,
    });
    expect(verified).toMatchObject({ type: 'result.deleted', data: { id: 42 } });
  } finally {
    await receiver.close();
    await database.cleanup();
  }
});
