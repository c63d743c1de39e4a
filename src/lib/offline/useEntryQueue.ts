import { useEffect, useState } from 'react';
import { entryQueue, onQueueChange, type QueuedEntry } from './entryQueue';
import { useQueueOwner } from './queueOwner';

/**
 * The current owner's queued rows, oldest first, kept up to date (this tab and others);
 * `null` while unknown (no owner yet, or IndexedDB not read yet).
 *
 * @example
 * const rows = useEntryQueue();
 * const waiting = rows?.filter((row) => row.state === 'waiting').length ?? 0;
 */
export function useEntryQueue(): QueuedEntry[] | null {
  const owner = useQueueOwner();
  const [rows, setRows] = useState<{ owner: string; rows: QueuedEntry[] } | null>(null);
  useEffect(() => {
    if (!owner) return;
    let live = true;
    const queue = entryQueue(owner.key);
    const read = () =>
      void queue.list().then(
        (list) => live && setRows({ owner: owner.key, rows: list }),
        () => undefined,
      );
    read();
    const stop = onQueueChange(read);
    return () => {
      live = false;
      stop();
    };
  }, [owner]);
  return owner && rows?.owner === owner.key ? rows.rows : null;
}

/** How many of the rows still wait for the server. */
export const waitingCount = (rows: readonly QueuedEntry[] | null) =>
  rows?.filter((row) => row.state === 'waiting').length ?? 0;
