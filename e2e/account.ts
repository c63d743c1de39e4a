import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * A fresh coach account through the embedded identity provider's own pages, the way a
 * coach gets one (nothing of the provider or our API is mocked), and what the tests
 * share around it: the server's data directory (the mail outbox) and screenshots.
 */

/** The server's DATA_DIR, where its outbox is (set by global-setup). */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run through `npm run test:e2e`');
  return dir;
}

/** A fresh address per test (and per run: the data directory is fresh anyway). */
export const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}@example.org`;

/**
 * /login's Sign in, once the session check is done: until then the button spins and
 * ignores clicks, and antd's spinner icon adds "loading" to its name.
 */
export const signInButton = (page: Page) =>
  page.getByRole('button', { name: 'Sign in', exact: true });

/** /login → "Create account" → the provider's sign-up page, filled and sent. */
export async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/u\/login\/[^/?]+$/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await signInAfterSignUp(page, email, password);
}

/**
 * The answer to a sign-up, the same for a new address and a taken one (decision 018):
 * the sign-in form, the address filled in, with a notice about the mail; signs in there.
 */
export async function signInAfterSignUp(page: Page, email: string, password: string) {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Sign in with your password to continue');
  await expect(page.getByLabel('E-mail address')).toHaveValue(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The provider's sign-in form, reached from /login's "Sign in". */
export async function signInForm(page: Page, email: string, password: string): Promise<void> {
  await expect(page).toHaveURL(/\/u\/login\/[^/?]+$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Opens `path` (a page under /home) signed out, which lands on /login, signs a new
 * account up there and waits until the dashboard is back at `path`.
 *
 * @example
 * const { email } = await signUpAt(page, '/home/athlete', 'roster');
 */
export async function signUpAt(
  page: Page,
  path: string,
  name: string,
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(name);
  const password = `${name} runs the first lap`;
  await page.goto(path);
  await expect(page).toHaveURL(/\/login$/);
  await signUp(page, email, password);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/.]/g, '\\$&')}$`));
  return { email, password };
}

/**
 * Numbered full-page screenshots into `dir` (page.screenshot creates it), taken from the
 * top so that the sticky side menu is drawn where a user sees it first.
 *
 * @example
 * const screenshot = screenshots(page, 'test-results/account-walk');
 * await screenshot('login'); // test-results/account-walk/01-login.png
 */
export function screenshots(page: Page, dir: string) {
  let shot = 0;
  return async (name: string, tab = page): Promise<void> => {
    await tab.evaluate('window.scrollTo(0, 0)'); // a string: e2e/ is type-checked without the DOM
    await tab.screenshot({
      path: `${dir}/${String(++shot).padStart(2, '0')}-${name}.png`,
      fullPage: true,
      animations: 'disabled',
    });
  };
}

/** The API as the signed-in page calls it (an any-typed answer: tests read what they need). */
export type Api = (method: 'GET' | 'POST', url: string, data?: unknown) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The test's way into the real API, as the page's user: the app's own bearer token is
 * read off its requests, and each call waits until the page has sent one.
 *
 * @example
 * const api = apiOf(page); // before the page signs in
 * const roster = await api('POST', '/roster', { name: 'Sprinters' });
 */
export function apiOf(page: Page): Api {
  let authorization = '';
  page.on('request', (request) => {
    const header = request.headers().authorization;
    if (request.url().includes('/api/') && header) authorization = header;
  });
  return async (method, url, data) => {
    await expect.poll(() => authorization).not.toBe('');
    const response = await page.request.fetch(`/api${url}`, {
      method,
      data,
      headers: { authorization },
    });
    expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
    return response.json();
  };
}
