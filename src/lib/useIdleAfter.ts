import { useEffect, useState } from 'react';
import { whenIdle } from './whenIdle';

/**
 * True once the browser has been idle after `ready` turned true (at most `timeout` ms
 * later). For work that must not compete with the page's first paint: a chunk requested
 * before the largest paint delays it (Lighthouse counts every request started before it).
 */
export function useIdleAfter(ready: boolean, timeout = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return undefined;
    return whenIdle(() => setIdle(true), timeout);
  }, [ready, idle, timeout]);
  return idle;
}
