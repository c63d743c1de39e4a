import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Whether the page scrolls sideways, with the elements that stick out, for the message. */
export async function sidewaysOverflow(page: Page) {
  return page.evaluate(`(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .filter((el) => !el.closest('.ant-table-content, .ant-table-body, [data-scrolls-inside]'))
      .slice(0, 5)
      .map((el) => el.tagName.toLowerCase() + '.' + String(el.className).slice(0, 60) +
        ' right=' + Math.round(el.getBoundingClientRect().right));
    return { scrollWidth: root.scrollWidth, clientWidth: width, wide };
  })()`) as Promise<{ scrollWidth: number; clientWidth: number; wide: string[] }>;
}

/**
 * A soft check that the page does not scroll sideways; the failure names what sticks out.
 * It polls for a moment: right after a resize the side menu's collapse (antd's 0.2 s
 * transition) leaves the page wider for a few frames (594 px at 390 for ~100 ms here).
 */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  await expect.soft
    .poll(
      async () => {
        const overflow = await sidewaysOverflow(page);
        return overflow.scrollWidth <= overflow.clientWidth ? 'fits' : JSON.stringify(overflow);
      },
      { message: `${where} scrolls sideways`, timeout: 3_000 },
    )
    .toBe('fits');
}
