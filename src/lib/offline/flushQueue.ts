import type { EventBatchBody, EventInput } from '../../../contract/event';
import type { EntryQueue, QueuedEntry } from './entryQueue';

/** What one `POST /api/event` of queued rows came back with. */
export type PostAnswer =
  | { status: 200 | 201; body: EventBatchBody }
  /** A 400 with its `errors` by field (`items.3.timeMs`). */
  | { status: 400; fields: Record<string, string[]> }
  /** Any other answer; `message` when the body had one. */
  | { status: number; message?: string }
  /** No answer: offline, refused connection, timeout. */
  | { status: 'network' };

export type PostBatch = (items: EventInput[]) => Promise<PostAnswer>;

/** Rows per call: a field day's session in one, well under the ingest's 5,000. */
export const QUEUE_BATCH = 100;
/** The wait after the first failure; doubled after each, up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 2_000;
export const MAX_BACKOFF_MS = 60_000;

/** The wait before sending again after `attempts` failures in a row: 2 s, 4 s, ... 60 s. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

export interface FlushOutcome {
  sent: number;
  refused: number;
  /** True when the last call got no usable answer (rows wait for the next attempt). */
  failed: boolean;
}

/** The text the server's 409 says when a client id is stored with other content. */
const reusedClientId = /reuse a clientId/i;

/** A 400's fields grouped by the item they name: `items.3.timeMs` -> { 3: { timeMs } }. */
function fieldsByItem(fields: Record<string, string[]>) {
  const byItem = new Map<number, Record<string, string[]>>();
  const general: string[] = [];
  for (const [name, messages] of Object.entries(fields)) {
    const match = /^items\.(\d+)\.(.+)$/.exec(name);
    if (!match) {
      general.push(...messages);
      continue;
    }
    const index = Number(match[1]);
    byItem.set(index, { ...byItem.get(index), [match[2]!]: messages });
  }
  return { byItem, general };
}

const describeFields = (fields: Record<string, string[]>) =>
  Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('; ');

/**
 * Sends the owner's waiting rows that are due, oldest first, in batches, until none is
 * left or the server cannot be reached:
 * - stored (201), or stored before (200: the duplicate answer): the rows are sent;
 * - 400: the rows it names are refused with the server's reason, the others (nothing of
 *   the batch was stored) go again at once;
 * - 409 for a client id stored before with other content: that row is on the server, so
 *   it counts as sent (the server keeps the first content); when the answer does not name
 *   which row, the batch is sent again one row at a time;
 * - no answer, 5xx, 401 (a token to refresh), 429, a 409 that asks to send again: every
 *   due row waits, each failure doubling the wait (`backoffMs`).
 *
 * @example
 * await flushQueue(entryQueue(owner), (items) => postEvents(items));
 */
export async function flushQueue(
  queue: EntryQueue,
  post: PostBatch,
  now: () => number = Date.now,
): Promise<FlushOutcome> {
  const outcome: FlushOutcome = { sent: 0, refused: 0, failed: false };
  let size = QUEUE_BATCH;
  for (;;) {
    const due = (await queue.list()).filter(
      (row) => row.state === 'waiting' && row.nextAttemptAt <= now(),
    );
    if (due.length === 0) return outcome;
    const batch = due.slice(0, size);
    const answer = await post(batch.map((row) => row.item));

    if ((answer.status === 200 || answer.status === 201) && 'body' in answer) {
      const ids = new Map(answer.body.items.map((ref) => [ref.clientId, ref.id]));
      await queue.update(
        batch.map((row) => ({
          clientId: row.clientId,
          state: 'sent' as const,
          sentAt: now(),
          serverId: ids.get(row.clientId),
          reason: undefined,
        })),
      );
      outcome.sent += batch.length;
      continue;
    }

    if (answer.status === 400 && 'fields' in answer) {
      const { byItem, general } = fieldsByItem(answer.fields);
      const refused: Array<{ row: QueuedEntry; fields: Record<string, string[]> }> =
        byItem.size > 0
          ? [...byItem].flatMap(([index, fields]) => {
              const row = batch[index];
              return row ? [{ row, fields }] : [];
            })
          : batch.map((row) => ({ row, fields: { result: general } }));
      // Named rows that are not in the batch would loop for ever: refuse the batch then.
      const rows =
        refused.length > 0
          ? refused
          : batch.map((row) => ({
              row,
              fields: { result: general.length ? general : ['refused'] },
            }));
      await queue.update(
        rows.map(({ row, fields }) => ({
          clientId: row.clientId,
          state: 'refused' as const,
          reason: describeFields(fields),
          fields,
        })),
      );
      outcome.refused += rows.length;
      continue;
    }

    if (answer.status === 409 && 'message' in answer && reusedClientId.test(answer.message ?? '')) {
      const named = batch.filter((row) => answer.message!.includes(`"${row.clientId}"`));
      const stored = batch.length === 1 ? batch : named;
      if (stored.length === 0) {
        size = 1;
        continue;
      }
      await queue.update(
        stored.map((row) => ({
          clientId: row.clientId,
          state: 'sent' as const,
          sentAt: now(),
          reason: 'Already on the server under this row’s id.',
        })),
      );
      outcome.sent += stored.length;
      continue;
    }

    // Refused in this workspace (a viewer's rows, a removed member's, an athlete outside
    // a roster limit): one row at a time, so that only the refused ones are kept aside,
    // with the server's reason. They would wait for ever otherwise.
    if (answer.status === 403) {
      if (batch.length > 1) {
        size = 1;
        continue;
      }
      await queue.update(
        batch.map((row) => ({
          clientId: row.clientId,
          state: 'refused' as const,
          reason: ('message' in answer && answer.message) || 'Refused in this workspace.',
        })),
      );
      outcome.refused += batch.length;
      continue;
    }

    // No usable answer: everything due waits, the wait doubling with each failure.
    const at = now();
    await queue.update(
      due.map((row) => ({
        clientId: row.clientId,
        attempts: row.attempts + 1,
        nextAttemptAt: at + backoffMs(row.attempts + 1),
      })),
    );
    outcome.failed = true;
    return outcome;
  }
}

/** When the next waiting row is due (epoch ms), or null when none waits. */
export function nextDueAt(rows: readonly QueuedEntry[]): number | null {
  const waiting = rows.filter((row) => row.state === 'waiting');
  return waiting.length === 0 ? null : Math.min(...waiting.map((row) => row.nextAttemptAt));
}
