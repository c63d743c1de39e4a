import { expect, test } from './fixtures';

test('the server is healthy and serves its API reference', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
  const docs = await request.get('/api/docs/json');
  expect(docs.status()).toBe(200);
  expect((await docs.json()).openapi).toMatch(/^3\./);
});

test('the built app opens in Chromium on a deep link', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/home/athlete');
  await expect(page.getByRole('heading', { name: 'Athletes' })).toBeVisible();
  await page.screenshot({ path: 'test-results/smoke-athletes.png', fullPage: true });
  expect(errors).toEqual([]);
});
