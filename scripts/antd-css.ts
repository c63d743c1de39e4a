/**
 * Writes antd's component styles for the app's theme as static stylesheets
 * (src/generated/, not committed), so that the app runs antd in zero-runtime mode: no
 * CSS-in-JS work while rendering, which was most of the sign-in's browser time
 * (docs/performance.md, "Sign-in"; docs/decisions/008-antd-styles-at-build-time.md).
 * Run by `npm run build:app` and `npm run dev`.
 *
 * Four files, so that each page loads the styles of the components it renders rather
 * than of all of them (docs/first-load.md, "antd's styles in four files"):
 * - antd.css: the components the pages outside the shell render (/login, /verification,
 *   the error screens), imported by src/index.tsx;
 * - antd-shell.css: what the shell and the dashboard's first page (the leaderboard) add,
 *   imported by the shell (a lazy chunk);
 * - antd-controls.css: selects, number fields and date pickers, imported by the filter
 *   bars' lazy controls (src/components/filterControls.ts, DatePicker.tsx) and the pages;
 * - antd-pages.css: every other component the app imports from antd (found in src/ at
 *   build time), loaded with the pages but the leaderboard (src/app/lazyPages.tsx).
 * antd components no file of src/ imports get no styles at all.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentProps } from 'react';
import * as antd from 'antd';
import { extractStyle } from '@ant-design/static-style-extract';
import { appTheme } from '../src/app/themeConfig';

/**
 * The antd components rendered outside the shell (src/index.tsx and what it imports
 * statically, the login and verification pages). A component missing here that such a
 * page renders would show unstyled there: keep it in step with their imports.
 */
export const signedOutComponents = [
  'Alert',
  'App',
  'Button',
  'Card',
  'Flex',
  'Result',
  'Space',
  'Spin',
  'Typography',
  'message',
  'notification',
];

/**
 * The extractor renders each component with a sample (node_modules/@ant-design/
 * static-style-extract), and its sample of Input includes the deprecated `Input.Group`,
 * which makes antd print a deprecation warning at every build. `Space.Compact` is what
 * antd advises instead and what `Input.Group` renders itself, so the styles are the same.
 */
const InputSample = Object.assign(
  (props: ComponentProps<typeof antd.Input>) => createElement(antd.Input, props),
  antd.Input,
  { Group: antd.Space.Compact },
);
const antdInstance = { ...antd, Input: InputSample } as unknown as typeof antd;

/**
 * What the shell (side menu, header, drawer, user menu, banners) and the leaderboard
 * render besides the signed-out components: with the shell's chunk. Row and Col are
 * Grid's styles (the board's columns); Tooltip and Popover, the menu's collapsed items.
 */
export const shellComponents = [
  'Avatar',
  'Badge',
  'Col',
  'Divider',
  'Drawer',
  'Dropdown',
  'Empty',
  'Input',
  'Layout',
  'Menu',
  'Popover',
  'Row',
  'Skeleton',
  'Switch',
  'Tooltip',
];

/** The filter bars' and forms' pickers (their chunks load these styles with them). */
export const controlComponents = ['AutoComplete', 'DatePicker', 'InputNumber', 'Select'];

/** Components antd renders inside others the app uses (not imported by name). */
const innerComponents: Record<string, string[]> = {
  Table: ['Checkbox', 'Pagination', 'Radio'],
  Upload: ['Progress'],
};

/** Not style-bearing exports, or no styles of their own. */
const notComponents = new Set(['ConfigProvider', 'Grid', 'theme', 'version']);

/**
 * The antd components the app imports, from the `import { … } from 'antd'` of every
 * source file under `dir` (with `X as Y` and `type X` handled).
 */
export function importedComponents(dir: string): Set<string> {
  const found = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'generated') walk(full);
      } else if (/\.tsx?$/.test(entry.name)) {
        const text = fs.readFileSync(full, 'utf8');
        for (const [, names] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g))
          for (const part of names!.split(',')) {
            const name = part
              .trim()
              .split(/\s+as\s+/)[0]!
              .trim();
            if (name && !name.startsWith('type ') && !notComponents.has(name)) found.add(name);
          }
      }
    }
  };
  walk(dir);
  return found;
}

const used = importedComponents(path.join(__dirname, '../src'));
const pageComponents = [...used, ...[...used].flatMap((name) => innerComponents[name] ?? [])]
  .filter(
    (name) =>
      !signedOutComponents.includes(name) &&
      !shellComponents.includes(name) &&
      !controlComponents.includes(name) &&
      name in antd,
  )
  .filter((name, index, all) => all.indexOf(name) === index)
  .sort();

const customTheme = (node: React.JSX.Element) =>
  createElement(antd.ConfigProvider, { theme: appTheme }, node);

const outputs = {
  'antd.css': extractStyle({ customTheme, antdInstance, includes: signedOutComponents }),
  'antd-shell.css': extractStyle({ customTheme, antdInstance, includes: shellComponents }),
  'antd-controls.css': extractStyle({ customTheme, antdInstance, includes: controlComponents }),
  'antd-pages.css': extractStyle({ customTheme, antdInstance, includes: pageComponents }),
};

const dir = path.join(__dirname, '../src/generated');
fs.mkdirSync(dir, { recursive: true });
// Where earlier builds wrote them (src/app/, which components/ may not import from).
fs.rmSync(path.join(__dirname, '../src/app/generated'), { recursive: true, force: true });
for (const [file, css] of Object.entries(outputs)) {
  const out = path.join(dir, file);
  fs.writeFileSync(out, `/* Generated by scripts/antd-css.ts: do not edit. */\n${css}\n`);
  console.log(
    `antd styles: ${(css.length / 1024).toFixed(0)} KiB → ${path.relative(process.cwd(), out)}`,
  );
}
console.log(`antd styles: the pages' components: ${pageComponents.join(', ')}`);
