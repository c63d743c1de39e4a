/**
 * The first-load budgets of issue 18: for each page in budgets.json, the JavaScript and
 * CSS its first visit loads (the entry's files and the lazy chunks of its route), summed
 * as they go over the wire (brotli, the `.br` beside each file in dist/app; a file too
 * small to compress goes as it is). Prints a table and exits 1 when a page is past its
 * budget. Run by `npm run build:app` after webpack, so the build (and CI) fails.
 *
 * The chunk groups come from dist/app-chunks.json, written by the build
 * (webpack.config.mts): what webpack itself loads for the entry and for each named
 * `import()` (`webpackChunkName`), including the library chunks split out of them.
 *
 * The entry is the boot script (src/boot.ts), which imports the app (`app` in
 * budgets.json) on every page except the light ones (decision 027: /login signed out):
 * a page counts the app's chunk group unless it says `"light": true`, so that a page
 * left out by mistake is counted heavier, never lighter.
 */
import fs from 'node:fs';
import path from 'node:path';
import { preloadManifestFile, type PreloadManifest } from '../contract/app-preload';

/** The part of webpack's stats the check reads (`entrypoints` and `namedChunkGroups`). */
export interface ChunkStats {
  entrypoints: Record<string, { assets: Array<{ name: string }> }>;
  namedChunkGroups: Record<string, { assets: Array<{ name: string }> }>;
}

/** budgets.json: per page, the named chunks its route loads and its budgets in KiB. */
export interface Budgets {
  /** The entry point (index.html's only script). */
  entry: string;
  /** The chunk group the entry imports to start the app, counted on every page but light ones. */
  app?: string;
  pages: Array<{
    path: string;
    chunks: string[];
    jsKiB: number;
    cssKiB: number;
    /** Served without the app by the boot script (decision 027). */
    light?: boolean;
    why?: string;
  }>;
}

/**
 * The chunk groups a page loads besides the entry: the app's (unless the page is light),
 * then its route's.
 *
 * @example
 * pageChunks({ entry: 'boot', app: 'app', pages: [] }, { chunks: ['shell'] }); // ['app', 'shell']
 */
export function pageChunks(
  budgets: Pick<Budgets, 'app'>,
  page: Pick<Budgets['pages'][number], 'chunks' | 'light'>,
): string[] {
  return budgets.app && !page.light ? [budgets.app, ...page.chunks] : page.chunks;
}

export interface PageFigures {
  path: string;
  files: string[];
  js: number;
  css: number;
  jsBudget: number;
  cssBudget: number;
  over: boolean;
}

/**
 * The files a page's first visit loads: the entry's, then its route's chunk groups, each
 * file once (a library chunk shared by the shell and the page counts once).
 *
 * @example
 * pageFiles(stats, 'main', ['shell', 'leaderboard']); // ['js/runtime.1.js', …, 'js/leaderboard.2.js']
 */
export function pageFiles(stats: ChunkStats, entry: string, chunks: string[]): string[] {
  const groups = [stats.entrypoints[entry], ...chunks.map((name) => stats.namedChunkGroups[name])];
  const names = [entry, ...chunks];
  const files = new Set<string>();
  groups.forEach((group, index) => {
    if (!group) throw new Error(`No chunk group "${names[index]}" in the build (budgets.json)`);
    for (const { name } of group.assets) if (/\.(js|css)$/.test(name)) files.add(name);
  });
  return [...files];
}

/**
 * Each page's bytes over the wire against its budget.
 *
 * @example
 * checkBudgets(stats, budgets, (file) => fs.statSync(`dist/app/${file}.br`).size);
 */
export function checkBudgets(
  stats: ChunkStats,
  budgets: Budgets,
  wireSize: (file: string) => number,
): PageFigures[] {
  return budgets.pages.map((page) => {
    const files = pageFiles(stats, budgets.entry, pageChunks(budgets, page));
    const sum = (extension: string) =>
      files.filter((file) => file.endsWith(extension)).reduce((n, f) => n + wireSize(f), 0);
    const js = sum('.js');
    const css = sum('.css');
    const jsBudget = page.jsKiB * 1024;
    const cssBudget = page.cssKiB * 1024;
    return {
      path: page.path,
      files,
      js,
      css,
      jsBudget,
      cssBudget,
      over: js > jsBudget || css > cssBudget,
    };
  });
}

/** A file's size as the server sends it to a browser that takes brotli. */
export function brotliSize(dir: string, file: string): number {
  const compressed = path.join(dir, `${file}.br`);
  return fs.statSync(fs.existsSync(compressed) ? compressed : path.join(dir, file)).size;
}

/** The identity SDK's chunk (src/features/auth/authClient.ts). */
const SDK_CHUNK = 'auth-sdk';

/**
 * What the server preloads for each navigation to the dashboard (contract/app-preload.ts):
 * the entry's scripts, which the server asks first; then, per page budgets.json names
 * that is not light, the identity SDK's files and the page's others, and for any other
 * page under /home the SDK's, the app's and the shell's. Written beside the app by the
 * build (dist/app/preload.json).
 *
 * @example
 * preloadManifest(stats, budgets, '/home/leaderboard').pages['/home/leaderboard']; // ['js/auth-sdk.1.js', 'js/react.2.js', …]
 */
export function preloadManifest(
  stats: ChunkStats,
  budgets: Budgets,
  landing: string,
): PreloadManifest {
  const entry = pageFiles(stats, budgets.entry, []);
  const sdk = pageFiles(stats, budgets.entry, [SDK_CHUNK]).filter((file) => !entry.includes(file));
  // The SDK first (the session check waits for it), then the app's and the page's files.
  const files = (chunks: string[]) => [
    ...sdk,
    ...pageFiles(stats, budgets.entry, chunks).filter(
      (file) => !entry.includes(file) && !sdk.includes(file),
    ),
  ];
  const pages: Record<string, string[]> = {};
  for (const page of budgets.pages)
    if (!page.light) pages[page.path] = files(pageChunks(budgets, page));
  const home = files(pageChunks(budgets, { chunks: [SDK_CHUNK, 'shell'] }));
  return { entry: entry.filter((file) => file.endsWith('.js')), home, pages, landing };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** The table the build prints. */
export function formatTable(figures: PageFigures[]): string {
  const rows = figures.map((page) => [
    page.path,
    `${kib(page.js)} / ${kib(page.jsBudget)}`,
    `${kib(page.css)} / ${kib(page.cssBudget)}`,
    String(page.files.length),
    page.over ? 'OVER' : 'ok',
  ]);
  const header = ['page', 'JS KiB (brotli) / budget', 'CSS KiB / budget', 'files', ''];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i]!.length)));
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function main(): void {
  const root = path.join(__dirname, '..');
  const stats = JSON.parse(
    fs.readFileSync(path.join(root, 'dist/app-chunks.json'), 'utf8'),
  ) as ChunkStats;
  const budgets = JSON.parse(fs.readFileSync(path.join(root, 'budgets.json'), 'utf8')) as Budgets;
  const dir = path.join(root, 'dist/app');
  const figures = checkBudgets(stats, budgets, (file) => brotliSize(dir, file));
  fs.writeFileSync(
    path.join(dir, preloadManifestFile),
    // The landing page is the app's homePath (src/lib/paths.ts).
    JSON.stringify(preloadManifest(stats, budgets, '/home/leaderboard'), null, 2),
  );
  console.log(`First-load budgets (budgets.json), bytes over the wire:\n${formatTable(figures)}`);
  const over = figures.filter((page) => page.over);
  if (over.length > 0) {
    console.error(
      `\nOver budget: ${over.map((page) => page.path).join(', ')} (docs/first-load.md)`,
    );
    process.exitCode = 1;
  }
}

if (require.main === module) main();
