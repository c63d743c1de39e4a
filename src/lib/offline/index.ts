export {
  entryQueue,
  onQueueChange,
  ownerKey,
  type EntryQueue,
  type QueuedEntry,
  type QueuedLabel,
  type QueuedState,
} from './entryQueue';
export { backoffMs, flushQueue, nextDueAt, type PostAnswer, type PostBatch } from './flushQueue';
export { getQueueOwner, rememberedAccountOf, setQueueOwner, useQueueOwner } from './queueOwner';
export { startQueueRunner } from './queueRunner';
export { useEntryQueue, waitingCount } from './useEntryQueue';
