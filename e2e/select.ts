import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The antd Select list that is open now: visible, and not one still sliding away after
 * an earlier choice (antd keeps a closing list visible for its leave animation, so two
 * lists can be visible for a moment). Not the hidden a11y copy of the options either.
 */
export const openList = (page: Page): Locator =>
  page.locator('.ant-select-dropdown:visible:not([class*="-leave"])');

/**
 * Chooses an option of an antd Select; with `search`, types its first letters first.
 * A single Select's list closes on a choice: this returns once it has, so the next
 * Select's list is the only one open. A `multiple` Select's list stays open.
 */
export async function choose(
  page: Page,
  select: Locator,
  option: string,
  { search = false, multiple = false }: { search?: boolean; multiple?: boolean } = {},
): Promise<void> {
  await select.click();
  if (search) await select.fill(option.slice(0, 4));
  if (multiple) {
    await openList(page).getByTitle(option, { exact: true }).click();
    return;
  }
  // On a loaded machine a click can land while the list is still opening and choose
  // nothing (the list stays open on the old value): then it is clicked again.
  await expect(async () => {
    if ((await openList(page).count()) === 0) await select.click();
    await openList(page).getByTitle(option, { exact: true }).click({ timeout: 2_000 });
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}
