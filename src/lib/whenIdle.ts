/**
 * Calls `callback` when the browser is idle, at most `timeout` ms later (at once where
 * `requestIdleCallback` is missing: Safari, jsdom). Answers the cancel.
 */
export function whenIdle(callback: () => void, timeout: number): () => void {
  if (!window.requestIdleCallback) {
    const timer = setTimeout(callback, 1);
    return () => clearTimeout(timer);
  }
  const id = window.requestIdleCallback(callback, { timeout });
  return () => window.cancelIdleCallback(id);
}
