import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { ResultsEventBody } from '../../../contract/event-stream';
import { getConfig } from '../config';
import { getAccessToken, notifyForbidden } from './authBridge';
import { workspaceHeader } from './workspaceBridge';
import { yieldToMain } from '../yieldToMain';

export type StreamStatus = 'connecting' | 'live' | 'offline';

export interface ResultStreamHandlers {
  /** New results were stored in the account. */
  onResults(body: ResultsEventBody): void;
  /** Results may have been missed (the server said so, or the stream was re-opened). */
  onResync(): void;
  onStatus?(status: StreamStatus): void;
}

export interface ResultStreamOptions {
  signal: AbortSignal;
  /** Waits before re-opening after a failure, one per failure in a row (the last repeats). */
  retryDelays?: readonly number[];
  fetch?: typeof fetch;
}

const DEFAULT_RETRY_DELAYS = [500, 1000, 2000, 5000, 10000, 30000];

function streamUrl(): string {
  const base = getConfig().apiBase.replace(/\/+$/, '');
  return new URL(`${base}/event/stream`, globalThis.location?.href).toString();
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

type Outcome = 'ended' | 'expired' | 'unauthorized' | 'failed';

/** One connection: answers how it ended. */
async function readOnce(
  handlers: ResultStreamHandlers,
  token: string,
  { signal, fetch: fetchImpl = fetch }: ResultStreamOptions,
  opened: () => void,
): Promise<Outcome> {
  // A task of its own, as every API request's (kyBaseQuery): the board opens the stream
  // in the effects of its first render, whose task it made longer on a first load.
  await yieldToMain();
  const response = await fetchImpl(streamUrl(), {
    headers: {
      ...workspaceHeader(),
      Authorization: `Bearer ${token}`,
      Accept: 'text/event-stream',
    },
    cache: 'no-store',
    signal,
  });
  if (response.status === 401) return 'unauthorized';
  if (response.status === 403) notifyForbidden();
  if (!response.ok || !response.body) return 'failed';
  opened();
  let outcome: Outcome = 'ended';
  const parser = createParser({
    onEvent: ({ event, data }: EventSourceMessage) => {
      if (event === 'results') handlers.onResults(JSON.parse(data) as ResultsEventBody);
      else if (event === 'resync') handlers.onResync();
      else if (event === 'expired') outcome = 'expired';
    },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return outcome;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Follows `GET /api/event/stream` (Server-Sent Events) until `signal` aborts: read with
 * `fetch` and the bearer token, as decision 007 says (EventSource cannot send headers).
 * After any drop it opens the stream again, with a fresh token when the old one expired
 * or was refused, waiting longer after each failure in a row; every re-open calls
 * `onResync`, since results stored meanwhile are not replayed.
 *
 * @example
 * const stop = new AbortController();
 * void followResults({ onResults: refetch, onResync: refetch }, { signal: stop.signal });
 */
export async function followResults(
  handlers: ResultStreamHandlers,
  options: ResultStreamOptions,
): Promise<void> {
  const { signal, retryDelays = DEFAULT_RETRY_DELAYS } = options;
  let failures = 0;
  let freshToken = false;
  let everOpened = false;
  while (!signal.aborted) {
    handlers.onStatus?.('connecting');
    let outcome: Outcome;
    try {
      const token = await getAccessToken(freshToken);
      if (!token) outcome = 'unauthorized';
      else
        outcome = await readOnce(handlers, token, options, () => {
          failures = 0;
          handlers.onStatus?.('live');
          if (everOpened) handlers.onResync();
          everOpened = true;
        });
    } catch {
      outcome = 'failed';
    }
    if (signal.aborted) return;
    freshToken = outcome === 'expired' || outcome === 'unauthorized';
    if (outcome === 'expired') continue; // at once, with a new token
    handlers.onStatus?.('offline');
    const delay = retryDelays[Math.min(failures, retryDelays.length - 1)] ?? 1000;
    failures += 1;
    await wait(delay, signal);
  }
}
