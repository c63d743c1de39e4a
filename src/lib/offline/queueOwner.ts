import { useSyncExternalStore } from 'react';

/**
 * Whose queue this tab shows and sends: the signed-in user in their account, set by the
 * app shell (features/offline) once both are known. The last one is remembered in
 * localStorage (no token, only who it was), so that a reload made offline, when the
 * account cannot be asked for, still finds that user's queue.
 */
export interface QueueOwner {
  sub: string;
  accountId: string;
  /** `ownerKey(sub, accountId)`. */
  key: string;
}

/** The owner key of a user in an account. */
export const ownerKey = (sub: string, accountId: string) => `${sub}|${accountId}`;

const REMEMBERED = 'splitline.queueOwner';

let current: QueueOwner | null = null;
const listeners = new Set<() => void>();

export function setQueueOwner(owner: { sub: string; accountId: string } | null): void {
  const next = owner && { ...owner, key: ownerKey(owner.sub, owner.accountId) };
  if (next?.key === current?.key) return;
  current = next;
  if (next) {
    try {
      localStorage.setItem(
        REMEMBERED,
        JSON.stringify({ sub: next.sub, accountId: next.accountId }),
      );
    } catch {
      // Private mode or full storage: only an offline reload loses the owner.
    }
  }
  listeners.forEach((listener) => listener());
}

export function getQueueOwner(): QueueOwner | null {
  return current;
}

/** The account last used by `sub` on this browser, or null. */
export function rememberedAccountOf(sub: string): string | null {
  try {
    const saved = JSON.parse(localStorage.getItem(REMEMBERED) ?? 'null') as {
      sub?: string;
      accountId?: string;
    } | null;
    return saved?.sub === sub && saved.accountId ? saved.accountId : null;
  } catch {
    return null;
  }
}

/** The current owner, re-rendering when it changes. */
export function useQueueOwner(): QueueOwner | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
