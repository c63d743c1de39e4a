import { signUp, uniqueEmail } from './account';
import { expect, test } from './fixtures';

test('the server is healthy and serves its API reference', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
  const docs = await request.get('/api/docs/json');
  expect(docs.status()).toBe(200);
  expect((await docs.json()).openapi).toMatch(/^3\./);
});

test('a deep link opened signed out lands on the sign-in page', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/home/athlete');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await page.screenshot({ path: 'test-results/smoke-login.png', fullPage: true });
  expect(errors).toEqual([]);
});

test('/login opened signed out is the light card: no app, and its buttons reach the provider', async ({
  page,
}) => {
  // Decision 027: the boot script shows the card from index.html and loads the app's
  // chunks (React, antd, the store) only when a page needs them.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in · Splitline');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    /\/u\/forgot-password$/,
  );
  expect(scripts.map((script) => script.replace(/\.[0-9a-f]{8}\.js$/, ''))).toEqual([
    '/js/runtime',
    '/js/boot',
  ]);

  // The buttons' code cannot be fetched (offline): the card says so, and a retry works.
  await page.route('**/js/sign-in.*.js', (route) => route.abort());
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toContainText('Sign-in is unavailable');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
  await page.screenshot({ path: 'test-results/smoke-light-login-error.png' });
  await page.unroute('**/js/sign-in.*.js');

  // Create account: the sign-in chunk and the SDK, then the provider's sign-up page; the
  // way back through /login?code&state starts the app, on the leaderboard.
  await signUp(page, uniqueEmail('light'), 'a light card runs the first lap');
  await expect(page).toHaveURL(/\/home\/leaderboard$/);
  expect(scripts.some((script) => script.startsWith('/js/sign-in.'))).toBe(true);
  expect(scripts.some((script) => script.startsWith('/js/auth-sdk.'))).toBe(true);

  // Signed in, /login opened directly is the app again (the SDK's session hint), which
  // leads on to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home\/leaderboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
  expect(errors).toEqual([]);
});
