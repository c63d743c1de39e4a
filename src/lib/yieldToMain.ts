/**
 * Lets the browser run what is waiting (input, paint, network callbacks) before the
 * caller goes on: the start-up splits its work with it, so that no task blocks the main
 * thread for long (Lighthouse's total blocking time counts each task's time past 50 ms).
 * `scheduler.yield()` where the browser has it (Chromium), else a macrotask.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
