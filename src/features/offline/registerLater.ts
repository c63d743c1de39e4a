import { whenIdle } from '../../lib/whenIdle';

/**
 * How long after the page's `load` the service worker waits before it registers. Its
 * install downloads every chunk of the app for offline use; started at `load`, it
 * competed with the dashboard's first load for the CPU and the network (the main
 * thread's script work of the first load +27 %, `npm run bench -- boot-cpu`,
 * docs/first-load.md). A coach who opens the app gets offline support from then on.
 */
export const REGISTER_AFTER_LOAD_MS = 10_000;

const registerNow = () =>
  import(/* webpackChunkName: "sw-register" */ './registerServiceWorker').then((module) =>
    module.registerServiceWorker(),
  );

/**
 * Once the first load is over (REGISTER_AFTER_LOAD_MS after `load`, then when the browser
 * is idle): the service worker's registration and its precache downloads must not compete
 * with the first load (budgets.json). Its code is a chunk of its own, outside every page's
 * budget. `register` is for tests.
 */
export function registerServiceWorkerLater(register: () => Promise<void> = registerNow): void {
  if (process.env.NODE_ENV !== 'production') return;
  const start = () =>
    setTimeout(
      () => whenIdle(() => void register().catch(() => undefined), 5000),
      REGISTER_AFTER_LOAD_MS,
    );
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
