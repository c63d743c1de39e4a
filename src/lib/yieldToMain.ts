interface Scheduler {
  yield?: () => Promise<void>;
  postTask?: (callback: () => void, options: { priority: 'background' }) => Promise<void>;
}

const scheduler = () => (globalThis as { scheduler?: Scheduler }).scheduler;

/** A macrotask: the fallback of both yields in a browser without `scheduler`. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Lets the browser run what is waiting (input, paint, network callbacks) before the
 * caller goes on: the start-up splits its work with it, so that no task blocks the main
 * thread for long (Lighthouse's total blocking time counts each task's time past 50 ms).
 * `scheduler.yield()` where the browser has it (Chromium), else a macrotask.
 */
export function yieldToMain(): Promise<void> {
  const yieldNow = scheduler()?.yield;
  if (typeof yieldNow === 'function') return yieldNow.call(scheduler());
  return nextTask();
}

/**
 * Like `yieldToMain`, but the caller goes on only when nothing else is waiting: the app's
 * start gives way to the session check's steps (the SDK's locks, its PKCE hash, the
 * provider's answers), each a task of its own that a start going first held back while the
 * network stood idle (docs/first-load.md). A background task of `scheduler.postTask`
 * where the browser has it (Chromium, Firefox), else a macrotask.
 */
export function yieldToWaiting(): Promise<void> {
  const postTask = scheduler()?.postTask;
  if (typeof postTask === 'function')
    return postTask.call(scheduler(), () => undefined, { priority: 'background' });
  return nextTask();
}
