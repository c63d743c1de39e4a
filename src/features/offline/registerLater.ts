/**
 * After the first render, when the page has loaded and the browser is idle: the service
 * worker's registration and its precache downloads must not compete with the first
 * load (budgets.json). Its code is a chunk of its own, outside every page's budget.
 */
export function registerServiceWorkerLater(): void {
  if (process.env.NODE_ENV !== 'production') return;
  const start = () => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
    idle(() => {
      void import(/* webpackChunkName: "sw-register" */ './registerServiceWorker').then(
        (module) => module.registerServiceWorker(),
        () => undefined,
      );
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
