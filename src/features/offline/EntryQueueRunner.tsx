import { useEffect } from 'react';
import { baseApi } from '../../lib/api';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { rememberedAccountOf, setQueueOwner, useQueueOwner } from '../../lib/offline/queueOwner';
import { selectIdentity } from '../../lib/session';
import { useIdleAfter } from '../../lib/useIdleAfter';

/**
 * Sends this device's queued results for the signed-in coach (docs/offline.md). Mounted
 * once by the app shell with the account's id; offline, when the account cannot be read,
 * the account this user last used here is taken, so that the queue is theirs alone.
 * Renders nothing.
 */
export function EntryQueueRunner({ accountId }: { accountId: string | undefined }) {
  const dispatch = useAppDispatch();
  const sub = useAppSelector(selectIdentity)?.sub;
  const owner = useQueueOwner();

  useEffect(() => {
    const account = accountId ?? (sub ? rememberedAccountOf(sub) : null);
    setQueueOwner(sub && account ? { sub, accountId: account } : null);
  }, [sub, accountId]);
  useEffect(() => () => setQueueOwner(null), []);

  // Started once the page has been drawn: its chunk must not delay the first paint.
  const idle = useIdleAfter(owner !== null);
  useEffect(() => {
    if (!owner || !idle) return undefined;
    let stop: (() => void) | undefined;
    let ended = false;
    // Its own chunk (IndexedDB's wrapper and the sender): not on the first load's path.
    void import(/* webpackChunkName: "offline-queue" */ '../../lib/offline/queueRunner').then(
      ({ startQueueRunner }) => {
        if (ended) return;
        stop = startQueueRunner(owner.key, {
          workspaceId: owner.accountId,
          // Stored: the tables and boards read them from the server now.
          onSent: () => dispatch(baseApi.util.invalidateTags(['Event', 'Leaderboard'])),
        });
      },
      () => undefined,
    );
    return () => {
      ended = true;
      stop?.();
    };
  }, [owner, idle, dispatch]);
  return null;
}
