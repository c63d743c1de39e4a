import { test as base } from '@playwright/test';

/** Every test talks to the server that global-setup started. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructured fixtures argument
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through `npm run test:e2e`');
    await use(url);
  },
});

export { expect } from '@playwright/test';
