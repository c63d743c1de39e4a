import { test as base, expect } from '@playwright/test';
import { FakeStripeApi } from '../__tests__/server/fixtures/stripe-api';
import { signUpAt } from './account';
import { startServer, type RunningServer } from './server';

const SECRET_KEY = 'sk_test_e2e_store';
const WEBHOOK_SECRET = 'whsec_e2e_store';

interface StripeWorld {
  server: RunningServer;
  stripe: FakeStripeApi;
}

/**
 * The Store with Stripe: the real server (its own, with Stripe configured) and the app,
 * Stripe's API and checkout page played by a local fake on 127.0.0.1; the payment
 * reaches the server only as a signed webhook, as in production.
 */
const test = base.extend<object, { world: StripeWorld }>({
  world: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructured fixtures argument
    async ({}, use) => {
      const stripe = await new FakeStripeApi(SECRET_KEY).start();
      const server = await startServer({
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.base,
      });
      stripe.deliverTo(`${server.url}/api/store/stripe-webhook`, WEBHOOK_SECRET);
      await use({ server, stripe });
      await server.stop();
      await stripe.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ world }, use) => use(world.server.url),
});

test('buys spots on Stripe Checkout and sees them once the signed webhook lands', async ({
  page,
  world: { stripe },
}) => {
  await signUpAt(page, '/home/store/credit', 'stripe');
  await expect(page.getByText("You pay on Stripe's secure page")).toBeVisible();
  await expect(page.getByText(/50 athlete spots left/)).toBeVisible();

  await page.getByRole('button', { name: 'Buy 25 athlete spots' }).click();
  const confirm = page.getByRole('dialog', { name: 'Buy 25 athlete spots?' });
  await expect(confirm).toContainText('$49.00');
  await expect(confirm).toContainText('Stripe Checkout');
  await confirm.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.base}/c/pay/cs_test_`));
  await expect(page.getByRole('heading', { name: 'Pay 49.00 USD' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back in the app before Stripe's event: the order waits, and the page keeps looking.
  await expect(page).toHaveURL(/\/home\/store\/credit\?order=\d+$/);
  const returned = page.getByRole('status').filter({ hasText: /^Order \d+: 25 athlete spots/ });
  await expect(returned).toContainText('Waiting for the payment at Stripe');
  await expect(page.getByText(/50 athlete spots left/)).toBeVisible();

  expect(await stripe.deliverPayments()).toEqual([200]);
  await expect(returned).toContainText('25 athlete spots were added', { timeout: 15_000 });
  await expect(page.getByText(/75 athlete spots left/)).toBeVisible();
  // The order list follows (at once, or at its next look if the server was busy).
  await expect(page.getByRole('row', { name: /fulfilled/ })).toBeVisible({ timeout: 20_000 });
});
