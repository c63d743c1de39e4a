import { useMemo, type ReactNode } from 'react';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider, type ThemeConfig } from 'antd';

/**
 * A part of a page themed at run time (the TV's dark theme, which the built stylesheets
 * do not hold): antd writes its styles and variables into the document, as it does
 * without zero-runtime mode.
 *
 * @example
 * <RuntimeTheme theme={{ algorithm: theme.darkAlgorithm }}><Board /></RuntimeTheme>
 */
export function RuntimeTheme({ theme, children }: { theme: ThemeConfig; children: ReactNode }) {
  const runtime = useMemo(() => ({ ...theme, zeroRuntime: false }), [theme]);
  return (
    <StyleProvider container={typeof document === 'undefined' ? undefined : document.head}>
      <ConfigProvider theme={runtime}>{children}</ConfigProvider>
    </StyleProvider>
  );
}
