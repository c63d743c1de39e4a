import {
  checkBudgets,
  formatTable,
  pageChunks,
  pageFiles,
  preloadManifest,
  type Budgets,
  type ChunkStats,
} from '../../../scripts/check-budgets';

/** A build in miniature: the entry, a shell, two pages sharing a library chunk. */
const stats: ChunkStats = {
  entrypoints: {
    main: {
      assets: [
        { name: 'js/runtime.1.js' },
        { name: 'js/react.2.js' },
        { name: 'css/main.3.css' },
        { name: 'js/main.4.js' },
      ],
    },
  },
  namedChunkGroups: {
    login: { assets: [{ name: 'js/login.5.js' }] },
    shell: {
      assets: [{ name: 'js/77.6.js' }, { name: 'css/shell.7.css' }, { name: 'js/shell.8.js' }],
    },
    leaderboard: {
      // 77 is shared with the shell: loaded, and counted, once.
      assets: [
        { name: 'js/77.6.js' },
        { name: 'js/leaderboard.9.js' },
        { name: 'assets/logo.png' },
      ],
    },
  },
};

/** Bytes over the wire per file: whatever the test says. */
const sizes: Record<string, number> = {
  'js/runtime.1.js': 1_000,
  'js/react.2.js': 80_000,
  'css/main.3.css': 10_000,
  'js/main.4.js': 9_000,
  'js/login.5.js': 1_240,
  'js/77.6.js': 100_000,
  'css/shell.7.css': 60_000,
  'js/shell.8.js': 20_000,
  'js/leaderboard.9.js': 30_000,
};
const wireSize = (file: string) => {
  const size = sizes[file];
  if (size === undefined) throw new Error(`unexpected file ${file}`);
  return size;
};

const budgets = (loginJsKiB: number): Budgets => ({
  entry: 'main',
  pages: [
    { path: '/login', chunks: ['login'], jsKiB: loginJsKiB, cssKiB: 40 },
    { path: '/home/leaderboard', chunks: ['shell', 'leaderboard'], jsKiB: 350, cssKiB: 120 },
  ],
});

describe('pageFiles', () => {
  it("takes the entry's files and the route's chunk groups, each file once, JS and CSS only", () => {
    expect(pageFiles(stats, 'main', ['shell', 'leaderboard'])).toEqual([
      'js/runtime.1.js',
      'js/react.2.js',
      'css/main.3.css',
      'js/main.4.js',
      'js/77.6.js',
      'css/shell.7.css',
      'js/shell.8.js',
      'js/leaderboard.9.js',
    ]);
  });

  it('refuses a chunk name the build does not have (a renamed page would go unchecked)', () => {
    expect(() => pageFiles(stats, 'main', ['leaderbord'])).toThrow('No chunk group "leaderbord"');
  });
});

describe('checkBudgets', () => {
  it('sums JS and CSS per page and passes pages within budget', () => {
    const [login, board] = checkBudgets(stats, budgets(180), wireSize);
    expect(login).toMatchObject({ path: '/login', js: 91_240, css: 10_000, over: false });
    expect(board).toMatchObject({
      path: '/home/leaderboard',
      js: 1_000 + 80_000 + 9_000 + 100_000 + 20_000 + 30_000,
      css: 70_000,
      jsBudget: 350 * 1024,
      over: false,
    });
  });

  it('flags a page one byte over its budget, and only that page', () => {
    // /login is 91,240 bytes: a budget of 89.1 KiB is 91,238.4 bytes.
    const figures = checkBudgets(stats, budgets(89.1), wireSize);
    expect(figures.map((page) => page.over)).toEqual([true, false]);
    expect(formatTable(figures)).toMatch(/\/login\s+89\.1 \/ 89\.1.*OVER/);
  });

  it('flags CSS past its budget as well', () => {
    const tight: Budgets = { entry: 'main', pages: [{ ...budgets(180).pages[1]!, cssKiB: 60 }] };
    expect(checkBudgets(stats, tight, wireSize)[0]!.over).toBe(true);
  });
});

describe('the boot entry and the light pages (decision 027)', () => {
  /** The boot script as entry; the app a chunk group it imports; /login light. */
  const bootStats: ChunkStats = {
    entrypoints: { boot: { assets: [{ name: 'js/runtime.1.js' }, { name: 'js/boot.2.js' }] } },
    namedChunkGroups: {
      app: {
        assets: [{ name: 'js/react.3.js' }, { name: 'css/app.4.css' }, { name: 'js/app.5.js' }],
      },
      'sign-in': { assets: [{ name: 'js/sign-in.6.js' }] },
      'auth-sdk': { assets: [{ name: 'js/auth-sdk.7.js' }] },
      leaderboard: { assets: [{ name: 'js/react.3.js' }, { name: 'js/leaderboard.8.js' }] },
    },
  };
  const bootSizes: Record<string, number> = {
    'js/runtime.1.js': 2_000,
    'js/boot.2.js': 2_000,
    'js/react.3.js': 80_000,
    'css/app.4.css': 14_000,
    'js/app.5.js': 9_000,
    'js/sign-in.6.js': 600,
    'js/auth-sdk.7.js': 53_000,
    'js/leaderboard.8.js': 30_000,
  };
  const bootBudgets: Budgets = {
    entry: 'boot',
    app: 'app',
    pages: [
      { path: '/login', light: true, chunks: ['sign-in', 'auth-sdk'], jsKiB: 60, cssKiB: 1 },
      { path: '/home/leaderboard', chunks: ['auth-sdk', 'leaderboard'], jsKiB: 200, cssKiB: 20 },
    ],
  };

  it("counts the app's chunk group on every page but the light ones", () => {
    expect(pageChunks(bootBudgets, { chunks: ['shell'] })).toEqual(['app', 'shell']);
    expect(pageChunks(bootBudgets, { chunks: ['sign-in'], light: true })).toEqual(['sign-in']);
    // budgets without an app (one entry that is the app): the page's chunks only.
    expect(pageChunks({}, { chunks: ['shell'] })).toEqual(['shell']);
  });

  it('sums a light page without the app, and a page of the app with it, each file once', () => {
    const [login, board] = checkBudgets(bootStats, bootBudgets, (file) => bootSizes[file]!);
    expect(login).toMatchObject({ js: 2_000 + 2_000 + 600 + 53_000, css: 0, over: false });
    expect(login!.files).not.toContain('js/app.5.js');
    expect(board).toMatchObject({
      js: 2_000 + 2_000 + 80_000 + 9_000 + 53_000 + 30_000,
      css: 14_000,
      over: false,
    });
  });

  it('fails a page of the app whose budget was set as if it were light', () => {
    const forgot: Budgets = {
      ...bootBudgets,
      pages: [{ path: '/home/leaderboard', chunks: ['leaderboard'], jsKiB: 60, cssKiB: 20 }],
    };
    expect(checkBudgets(bootStats, forgot, (file) => bootSizes[file]!)[0]!.over).toBe(true);
  });

  it("writes what the server preloads: the entry's scripts, then each page's files with the SDK's first", () => {
    const withShell: ChunkStats = {
      ...bootStats,
      namedChunkGroups: {
        ...bootStats.namedChunkGroups,
        shell: { assets: [{ name: 'css/shell.9.css' }, { name: 'js/shell.10.js' }] },
      },
    };
    const manifest = preloadManifest(withShell, bootBudgets, '/home/leaderboard');
    expect(manifest.landing).toBe('/home/leaderboard');
    expect(manifest.entry).toEqual(['js/runtime.1.js', 'js/boot.2.js']);
    expect(manifest.pages).toEqual({
      '/home/leaderboard': [
        'js/auth-sdk.7.js',
        'js/react.3.js',
        'css/app.4.css',
        'js/app.5.js',
        'js/leaderboard.8.js',
      ],
    }); // /login is light: none
    expect(manifest.home).toEqual([
      'js/auth-sdk.7.js',
      'js/react.3.js',
      'css/app.4.css',
      'js/app.5.js',
      'css/shell.9.css',
      'js/shell.10.js',
    ]);
  });
});
