/**
 * A screen for jsdom, which has no matchMedia: antd's responsive pieces (the Sider's
 * breakpoint, Grid, a table column's `responsive`) ask it. Tests see a desktop of 1280 px
 * unless one sets a narrower screen (a phone: 390) before it renders; each test starts on
 * the desktop again (setup.ts).
 */
let width = 1280;

/** The media query's width conditions, `min-width` and `max-width` in px, against `width`. */
function matches(query: string): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  return conditions.every(([, bound, px]) =>
    bound === 'min' ? width >= Number(px) : width <= Number(px),
  );
}

export function setScreenWidth(px: number): void {
  width = px;
}

export function matchMedia(query: string): MediaQueryList {
  return {
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}
