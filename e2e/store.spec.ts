import { spawnSync } from 'node:child_process';
import { expect, test } from './fixtures';
import { signUp, uniqueEmail } from './account';
import { startServer, type RunningServer } from './server';

/**
 * The Store with the manual provider (docs/store.md), end to end: a coach buys spots, the
 * order waits for the administrator, the operator fulfils it with `npm run store`, and the
 * top bar's figure follows. The embedded database belongs to one process, so this test
 * runs a server of its own and restarts it around the operator's command, as an operator
 * of an embedded install does.
 */

let server: RunningServer | undefined;

test.afterEach(async () => {
  await server?.stop();
});

/** `npm run store -- <args>` on the server's data directory. */
function store(dataDir: string, ...args: string[]): string {
  const run = spawnSync('npm', ['run', '--silent', 'store', '--', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  expect(run.status, `store ${args.join(' ')}: ${run.stderr}`).toBe(0);
  return run.stdout;
}

test('buy spots, the operator fulfils the order, the top bar follows', async ({ page }) => {
  test.setTimeout(120_000);
  server = await startServer();
  const spotsLeft = (count: number) => page.getByText(`${count} athlete spots left`);

  await page.goto(`${server.url}/home/store/credit`);
  await expect(page).toHaveURL(/\/login$/);
  await signUp(page, uniqueEmail('store'), 'store buyer runs the first lap');
  await expect(page).toHaveURL(/\/home\/store\/credit$/);
  await expect(spotsLeft(50)).toBeVisible();
  await expect(page.getByText('an order stays pending until they confirm it')).toBeVisible();

  await page.getByRole('button', { name: 'Buy 25 athlete spots' }).click();
  // Buy asks first: the package, its price, and that an administrator confirms it.
  const confirm = page.getByRole('dialog', { name: 'Buy 25 athlete spots?' });
  await expect(confirm).toContainText('$49.00');
  await expect(confirm).toContainText('your administrator');
  await confirm.getByRole('button', { name: 'Place order' }).click();
  await expect(confirm).toBeHidden();
  const placed = page.getByRole('alert').filter({ hasText: '25 athlete spots for' });
  await expect(placed).toContainText('administrator');
  const orderId = /Order (\d+)/.exec((await placed.textContent()) ?? '')?.[1];
  expect(orderId).toBeDefined();
  const history = page.getByRole('row').filter({ hasText: 'pending' });
  await expect(history).toHaveCount(1);
  await expect(spotsLeft(50)).toBeVisible();

  // The operator: stop the server, list and fulfil, start it again (same port and data).
  const place = { port: server.port, dataDir: server.dataDir };
  await server.stop();
  expect(store(place.dataDir, 'list')).toContain('25');
  expect(store(place.dataDir, 'fulfil', orderId!)).toMatch(/fulfilled/i);
  expect(store(place.dataDir, 'fulfil', orderId!)).toMatch(/already fulfilled/i);
  server = await startServer({}, place);

  // No reload: the page looks again and the top bar follows the ledger.
  await page.getByRole('button', { name: 'Check for updates' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'fulfilled' })).toHaveCount(1);
  await expect(spotsLeft(75)).toBeVisible();
  // The Store's own figure is the same one.
  const statistic = page.locator('.ant-statistic').filter({ hasText: 'Athlete spots left' });
  await expect(statistic).toContainText('75');
});
