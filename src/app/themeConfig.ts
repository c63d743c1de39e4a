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
