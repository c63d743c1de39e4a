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
