import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider, type ThemeConfig } from 'antd';
import { appTheme } from './themeConfig';

export { appTheme };

/** At run time antd only renders: its styles come from the stylesheet built from `appTheme`. */
const runtimeTheme: ThemeConfig = { ...appTheme, zeroRuntime: true };

/**
 * antd's theme and its App context (message, modal, notification hooks).
 *
 * @example
 * <ThemeProvider><ConfigErrorScreen /></ThemeProvider>
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={runtimeTheme}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
