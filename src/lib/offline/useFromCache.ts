import { useSyncExternalStore } from 'react';
import { fromCache, keyOf, listeners } from './fieldCache';

/**
 * When the read `name(arg)` on screen came from this device's copy: the epoch ms of that
 * copy's answer; null when it came from the server.
 */
export function useFromCache(name: string, arg: unknown): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => {
      const key = keyOf(name, arg);
      return key ? (fromCache.get(key) ?? null) : null;
    },
  );
}
