import type { ReactElement, ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { homePath, paths } from '../lib/paths';

function isPreloadable(type: unknown): type is { preload(): Promise<unknown> } {
  return (
    typeof type === 'function' && typeof (type as { preload?: unknown }).preload === 'function'
  );
}

/**
 * The lazy parts of a route's element: the element itself, or what it wraps, one child or
 * several (the shell sits inside the sign-in guard beside the account's request:
 * `<RequireSignIn><AccountRequest /><AppShell /></RequireSignIn>`).
 */
export function preloadablesOf(element: ReactNode): Array<{ preload(): Promise<unknown> }> {
  if (Array.isArray(element)) return element.flatMap((child: ReactNode) => preloadablesOf(child));
  if (!element || typeof element !== 'object') return [];
  const { type, props } = element as Partial<ReactElement<{ children?: ReactNode }>>;
  if (isPreloadable(type)) return [type];
  return preloadablesOf(props?.children);
}

/**
 * Starts loading the page chunks the app is about to render, before the config, the
 * store and the session are ready: the pages of this address, and on the way back from
 * the identity provider (`/login?code=...`) also the dashboard the user lands on. Loading
 * errors are left to the render, which shows them.
 *
 * @example
 * preloadPages(routes, new URL(window.location.href));
 */
export function preloadPages(routes: RouteObject[], url: URL): void {
  const targets = [url.pathname];
  if (url.pathname === paths.login.path && url.searchParams.has('code')) targets.push(homePath);
  for (const target of targets) {
    for (const { route } of matchRoutes(routes, target) ?? []) {
      for (const part of preloadablesOf(route.element)) part.preload().catch(() => undefined);
    }
  }
}
