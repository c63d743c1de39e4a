import type { ReactNode } from 'react';
import { StyleProvider } from '@ant-design/cssinjs';
import { App as AntdApp, ConfigProvider, type ThemeConfig } from 'antd';
import { appTheme } from './themeConfig';

export { appTheme };

/** At run time antd only renders: its styles come from the stylesheet built from `appTheme`. */
const runtimeTheme: ThemeConfig = { ...appTheme, zeroRuntime: true };

/**
 * Where antd writes the CSS variables it still registers at run time in zero-runtime mode
 * (the theme's and each component's, one `<style>` per component): an element outside the
 * document. The stylesheets built from `appTheme` hold the same variables (scripts/
 * antd-css.ts), so the page needs none of them; written into the document's head, each
 * one made the browser recompute styles over the dashboard's first load
 * (docs/first-load.md). antd has no option to skip
 * them (ant-design/ant-design#55982); `container` is cssinjs' own setting for where they go.
 */
const outsideTheDocument =
  typeof document === 'undefined' ? undefined : document.createElement('div');

/**
 * antd's theme and its App context (message, modal, notification hooks).
 *
 * @example
 * <ThemeProvider><ConfigErrorScreen /></ThemeProvider>
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <StyleProvider container={outsideTheDocument}>
      <ConfigProvider theme={runtimeTheme}>
        <AntdApp>{children}</AntdApp>
      </ConfigProvider>
    </StyleProvider>
  );
}
