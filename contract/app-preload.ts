/**
 * The app's chunks the server asks the browser to fetch with the page itself (a `Link:
 * rel=preload` header on index.html), so that they start with the HTML rather than after
 * the boot script (docs/first-load.md, "The boot sequence"). The build writes the
 * manifest (scripts/check-budgets.ts, from budgets.json's pages and the build's chunk
 * groups); the server reads it (server/plugins/static.ts). A plain module: no TypeBox,
 * imported by the app too.
 */

/** dist/app/preload.json: the files each navigation preloads, in the order they are asked. */
export interface PreloadManifest {
  /**
   * The entry's files (webpack's runtime, the boot script), asked first: index.html
   * loads them with `defer`, a low priority that Chrome asked after every preload.
   */
  entry: string[];
  /** Any page of the dashboard (/home/...): the identity SDK, the app, the shell. */
  home: string[];
  /** The pages budgets.json names (the page's own chunks added). */
  pages: Record<string, string[]>;
  /** Where a sign-in comes back to by default (the dashboard's first page). */
  landing: string;
}

/**
 * The app's runtime configuration (server/app-config/routes.ts), preloaded right after
 * the entry: the boot script asks for it first thing (src/lib/config.ts).
 */
export const runtimeConfigFile = 'config.json';

export const preloadManifestFile = 'preload.json';

/**
 * Whether a navigation to this address gets the app's chunks preloaded: the dashboard,
 * and the way back from the identity provider (`/login?code=…&state=…`, which goes on to
 * the dashboard). /login signed out is the light card (decision 027) and loads no app.
 *
 * @example
 * preloadsApp('/home/athlete', new URLSearchParams()); // true
 */
export function preloadsApp(pathname: string, search: URLSearchParams): boolean {
  if (pathname === '/home' || pathname.startsWith('/home/')) return true;
  return pathname === '/login' && search.has('code') && search.has('state');
}

/**
 * The files to preload for a navigation, in order, none where `preloadsApp` says no.
 * The session check comes first: it is the longest chain of the dashboard's first load
 * (the boot script, the config, the SDK, then the provider's two round trips before any
 * API call), and each of its files would otherwise wait behind the app's larger ones.
 * Then the app, the shell and the page.
 *
 * @example
 * preloadFiles(manifest, '/home/leaderboard', new URLSearchParams()); // ['js/runtime.1.js', 'js/boot.2.js', 'config.json', …]
 */
export function preloadFiles(
  manifest: PreloadManifest,
  pathname: string,
  search: URLSearchParams,
): string[] {
  if (!preloadsApp(pathname, search)) return [];
  const path = pathname === '/login' ? manifest.landing : pathname;
  return [...manifest.entry, runtimeConfigFile, ...(manifest.pages[path] ?? manifest.home)];
}
