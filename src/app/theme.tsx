import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider, type ThemeConfig } from 'antd';
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
};

/**
 * antd's theme and its App context (message, modal, notification hooks).
 *
 * @example
 * <ThemeProvider><ConfigErrorScreen /></ThemeProvider>
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={appTheme}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
