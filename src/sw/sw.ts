import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { PrecacheEntry } from 'workbox-precaching';

/**
 * The app's service worker (issue 35, docs/offline.md), built by workbox-webpack-plugin's
 * InjectManifest into dist/app/sw.js:
 * - the shell and every page's chunks are precached at install, so the app starts
 *   without a network once it has been opened;
 * - a navigation to an app route gets the precached index.html; the API (`/api/`) and
 *   the identity provider's routes (IDENTITY.md) always go to the network;
 * - /config.json, which the app needs to start, comes from the network and, offline,
 *   from the last copy;
 * - a new version waits until the page asks it to take over (the "reload" prompt): it
 *   never replaces the running one by itself.
 * Nothing of the API is cached here: answers carry one coach's data, and the Cache API
 * keys by URL only, not by who asked.
 */

interface ServiceWorkerScope {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data?: { type?: string } }) => void): void;
  addEventListener(
    type: 'install',
    listener: (event: { waitUntil(promise: Promise<unknown>): void }) => void,
  ): void;
}
declare const self: ServiceWorkerScope;

/** Paths of the server that are not the app's pages (the dev server's proxy list). */
const serverPaths =
  /^\/(api|config\.json|authorize|oauth|v2|u|\.well-known|dbconnections|interaction|userinfo)(\/|\?|$)/;

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [serverPaths] }),
);

const CONFIG_CACHE = 'splitline-config';
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json',
  new NetworkFirst({ cacheName: CONFIG_CACHE, networkTimeoutSeconds: 4 }),
);
// The page that installed this worker fetched /config.json before it existed: keep a
// copy now, so that the very next start works offline.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CONFIG_CACHE)
      .then((cache) => cache.add('/config.json'))
      .catch(() => undefined),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
