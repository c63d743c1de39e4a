import { selectAuthStatus } from '../lib/session';
import type { AppStore } from './store';

/**
 * Resolves once the session check has answered (signed in or out), or after `maxWaitMs`:
 * the app's first render waits for it (src/index.tsx). Until then the boot's splash says
 * "Loading Splitline…", as the sign-in guard's spinner would, and the main thread is free
 * for the check's own steps (the SDK's locks and token worker, the provider's silent
 * answer), each a task that the app's first render held back while the network stood
 * idle (docs/first-load.md). The render then draws what the session calls for, once.
 *
 * @example
 * await whenSessionKnown(store, 3000);
 * root.render(<App />);
 */
export function whenSessionKnown(
  store: Pick<AppStore, 'getState' | 'subscribe'>,
  maxWaitMs: number,
): Promise<void> {
  return new Promise((resolve) => {
    const known = () => selectAuthStatus(store.getState()) !== 'unknown';
    if (known()) {
      resolve();
      return;
    }
    const done = () => {
      unsubscribe();
      clearTimeout(timer);
      resolve();
    };
    const unsubscribe = store.subscribe(() => {
      if (known()) done();
    });
    const timer = setTimeout(done, maxWaitMs);
  });
}
