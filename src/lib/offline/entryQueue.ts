import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { EventInput } from '../../../contract/event';

/**
 * The results a coach saved on this device, kept in IndexedDB until the server has them
 * (issue 35, docs/offline.md). A row goes in before any network call, under its client
 * id, so a reload, a closed tab or a restarted browser loses nothing; the ingest is
 * idempotent by client id (docs/ingest.md), so a row sent twice is stored once.
 *
 * Every row belongs to one user of one account (`owner`): another user on the same
 * browser never lists or sends it, and signing out keeps it for the next sign-in.
 */

/** waiting: not on the server yet; sent: stored there; refused: the server said why. */
export type QueuedState = 'waiting' | 'sent' | 'refused';

/** What a row shows besides its result: who, what, the value as the grid showed it. */
export interface QueuedLabel {
  athleteName: string;
  eventName: string;
  /** The result as typed, with its unit: "4.62 s", "31.5 in". */
  value: string;
}

export interface QueuedEntry {
  clientId: string;
  /** `<sub>|<accountId>`: the user and the account the row belongs to. */
  owner: string;
  /** Order of saving, ascending; rows are sent in this order. */
  seq: number;
  item: EventInput;
  label: QueuedLabel;
  state: QueuedState;
  /** The server's reason for a refused row (or why a sent one was a duplicate). */
  reason?: string;
  /** A refused row's messages by field (`timeMs`, `recordedAt`), to show at the fix. */
  fields?: Record<string, string[]>;
  /** Failed sends so far (network, 5xx); sets the wait before the next. */
  attempts: number;
  /** Epoch ms before which the row is not sent again. */
  nextAttemptAt: number;
  queuedAt: number;
  sentAt?: number;
  serverId?: number;
}

/** A field read kept for offline use (fieldCache.ts): its key names the owner. */
export interface CachedRead {
  key: string;
  data: unknown;
  /** Epoch ms of the server's answer. */
  at: number;
}

interface QueueSchema extends DBSchema {
  entries: {
    key: string;
    value: QueuedEntry;
    indexes: { byOwner: [string, number] };
  };
  reads: { key: string; value: CachedRead };
}

export const QUEUE_DB_NAME = 'splitline-offline';

export { ownerKey } from './queueOwner';

let db: Promise<IDBPDatabase<QueueSchema>> | undefined;

function database(): Promise<IDBPDatabase<QueueSchema>> {
  db ??= openDB<QueueSchema>(QUEUE_DB_NAME, 2, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        const entries = database.createObjectStore('entries', { keyPath: 'clientId' });
        entries.createIndex('byOwner', ['owner', 'seq']);
      }
      if (oldVersion < 2) database.createObjectStore('reads', { keyPath: 'key' });
    },
  });
  return db;
}

/** A field read as last answered, or undefined. */
export async function readCached(key: string): Promise<CachedRead | undefined> {
  return (await database()).get('reads', key);
}

export async function writeCached(read: CachedRead): Promise<void> {
  await (await database()).put('reads', read);
}

/** Closes the connection (tests delete the database between cases). */
export async function closeQueueDatabase(): Promise<void> {
  const open = db;
  db = undefined;
  (await open)?.close();
}

type Listener = () => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function tabs(): BroadcastChannel | null {
  if (channel === undefined)
    channel =
      typeof BroadcastChannel === 'function' ? new BroadcastChannel('splitline-offline') : null;
  if (channel && !channel.onmessage) channel.onmessage = () => listeners.forEach((l) => l());
  return channel;
}

/** Every screen that lists the queue hears of each change, in this tab and the others. */
function changed(): void {
  listeners.forEach((listener) => listener());
  tabs()?.postMessage('changed');
}

/**
 * Calls `listener` after every change of the queue (here or in another tab).
 *
 * @example
 * const stop = onQueueChange(() => void reload());
 */
export function onQueueChange(listener: Listener): () => void {
  listeners.add(listener);
  tabs();
  return () => listeners.delete(listener);
}

let lastSeq = 0;
/** Increasing even when two saves fall in the same millisecond. */
function nextSeq(now: number): number {
  lastSeq = Math.max(lastSeq + 1, now * 1000);
  return lastSeq;
}

/**
 * One owner's queue. Every method is one IndexedDB transaction.
 *
 * @example
 * const queue = entryQueue(ownerKey(identity.sub, user.id));
 * await queue.add([{ item, label }]);
 * (await queue.list()).filter((row) => row.state === 'waiting').length;
 */
export function entryQueue(owner: string) {
  return {
    owner,
    /** Adds rows as waiting, in the order given; a client id already queued is kept as is. */
    async add(rows: ReadonlyArray<{ item: EventInput; label: QueuedLabel }>, now = Date.now()) {
      const tx = (await database()).transaction('entries', 'readwrite');
      for (const { item, label } of rows) {
        if (await tx.store.get(item.clientId)) continue;
        await tx.store.put({
          clientId: item.clientId,
          owner,
          seq: nextSeq(now),
          item,
          label,
          state: 'waiting',
          attempts: 0,
          nextAttemptAt: now,
          queuedAt: now,
        });
      }
      await tx.done;
      changed();
    },
    /** The owner's rows in the order saved. */
    async list(): Promise<QueuedEntry[]> {
      const range = IDBKeyRange.bound([owner, -Infinity], [owner, Infinity]);
      return (await database()).getAllFromIndex('entries', 'byOwner', range);
    },
    /** Changes rows of this owner (by client id); rows of others are left alone. */
    async update(changes: ReadonlyArray<{ clientId: string } & Partial<QueuedEntry>>) {
      const tx = (await database()).transaction('entries', 'readwrite');
      for (const change of changes) {
        const row = await tx.store.get(change.clientId);
        if (row?.owner === owner) await tx.store.put({ ...row, ...change, owner });
      }
      await tx.done;
      changed();
    },
    /** Forgets rows (a refused row the coach removed, or sent rows cleared). */
    async remove(clientIds: readonly string[]) {
      const tx = (await database()).transaction('entries', 'readwrite');
      for (const clientId of clientIds) {
        const row = await tx.store.get(clientId);
        if (row?.owner === owner) await tx.store.delete(clientId);
      }
      await tx.done;
      changed();
    },
  };
}

export type EntryQueue = ReturnType<typeof entryQueue>;
