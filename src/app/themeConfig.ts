import type { ThemeConfig } from 'antd';
import { brand } from '../lib/brand';

/** System fonts only: nothing is fetched from outside (PRODUCT.md). */
const systemFonts =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";

/** One brand colour, through tokens rather than CSS overrides. */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: brand.primaryColor,
    // antd derives links and info from colorInfo, not colorPrimary; keep them on brand.
    colorInfo: brand.primaryColor,
    colorLink: brand.primaryColor,
    // Secondary text (Typography `type="secondary"`, descriptions, table sorters, icons)
    // is antd's colorTextTertiary, rgba(0,0,0,0.45): #8c8c8c on white, contrast 3.36:1,
    // under WCAG AA's 4.5:1 (issue 18). 0.58 is #6b6b6b: 5.3:1 on white, 4.9:1 on the
    // layout's #f5f5f5. colorTextSecondary (0.65, 7:1) already passes.
    colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
    colorTextDescription: 'rgba(0, 0, 0, 0.58)',
    // Placeholders (a Select's "All rosters") are text that must be read too: 0.25 was
    // #bfbfbf, 1.8:1.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    // Error text and danger buttons on white: antd's #ff4d4f is 3.3:1; #d9363e (antd's own
    // pressed shade of it) is 4.6:1. The error palette (backgrounds, borders) derives from it.
    colorError: '#d9363e',
    fontFamily: systemFonts,
    borderRadius: 6,
  },
  components: {
    Layout: { headerHeight: 56, headerPadding: '0 16px' },
  },
  // Plain class names and one fixed variable scope, so that the stylesheet made at build
  // time (scripts/antd-css.ts) matches what the components render.
  hashed: false,
  cssVar: { key: 'splitline' },
};
