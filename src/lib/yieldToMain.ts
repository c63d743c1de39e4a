interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Lets the browser run what is waiting (input, paint, network callbacks) before the
 * caller goes on: a request is started in a task of its own (kyBaseQuery), so that a page
 * asking for several at once does not set them all up in one task. `scheduler.yield()`
 * where the browser has it (Chromium), else a macrotask.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}
