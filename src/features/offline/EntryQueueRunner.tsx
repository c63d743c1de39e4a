import { useEffect } from 'react';
import { baseApi } from '../../lib/api';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import {
  rememberedAccountOf,
  setQueueOwner,
  startQueueRunner,
  useQueueOwner,
} from '../../lib/offline';
import { selectIdentity } from '../../lib/session';

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

  useEffect(() => {
    if (!owner) return undefined;
    return startQueueRunner(owner.key, {
      // Stored: the tables and boards read them from the server now.
      onSent: () => dispatch(baseApi.util.invalidateTags(['Event', 'Leaderboard'])),
    });
  }, [owner, dispatch]);
  return null;
}
