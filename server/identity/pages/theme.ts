/**
 * The app's antd design tokens the identity pages use, as plain values: those pages are
 * server-rendered HTML and CSS with no antd at runtime, yet sit next to the app's /login
 * card (src/components/CenteredCard.tsx) and must look like the same product. The values
 * are what `theme.getDesignToken(appTheme)` (src/app/themeConfig.ts) gives;
 * __tests__/server/identity/pages.test.ts fails when the theme and this copy part ways.
 * Colours with transparency are given composited on white, as they are drawn.
 */
export const identityTheme = {
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'",
  fontSize: 14,
  fontSizeLG: 16,
  lineHeight: 1.5714285714285714,
  colorPrimary: '#1f4fff',
  colorPrimaryHover: '#4775ff',
  colorPrimaryActive: '#0f34d9',
  colorLink: '#1f4fff',
  /** rgba(0,0,0,0.88) */
  colorText: '#1f1f1f',
  /** rgba(0,0,0,0.65): 7:1 on white (the tertiary 0.45 reaches only 3.4:1, too faint). */
  colorTextSecondary: '#595959',
  colorBorder: '#d9d9d9',
  colorBorderSecondary: '#f0f0f0',
  colorBgContainer: '#ffffff',
  colorError: '#d9363e',
  colorErrorBg: '#fff1f0',
  colorErrorBorder: '#ffbeba',
  colorInfoBg: '#ebf2ff',
  colorInfoBorder: '#99b9ff',
  borderRadiusLG: 8,
  controlHeightLG: 40,
  padding: 16,
  paddingLG: 24,
  fontWeightStrong: 600,
} as const;
