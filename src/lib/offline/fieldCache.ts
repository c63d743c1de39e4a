import type { BaseQueryApi, QueryReturnValue } from '@reduxjs/toolkit/query';

type MaybePromise<T> = T | PromiseLike<T>;
import type { ApiArgs, ApiError } from '../api';
import { getQueueOwner } from './queueOwner';

/**
 * The reads a coach needs on the field (event types, rosters, a roster's athletes) kept
 * in IndexedDB, per user and account, each time the server answers them; when it cannot
 * be reached (offline, refused, 5xx) the last copy is answered instead, and
 * `useFromCache` says how old it is (issue 35, docs/offline.md). Not a service worker
 * cache: the Cache API keys by URL only, and these answers are one coach's.
 */

export const fromCache = new Map<string, number>();
export const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

const isUnreachable = (error: ApiError) =>
  error.status === 'FETCH_ERROR' ||
  error.status === 'TIMEOUT_ERROR' ||
  (typeof error.status === 'number' && error.status >= 502 && error.status <= 504);

/** IndexedDB's side, in the queue's chunk: not on the first load's path. */
const store = () => import(/* webpackChunkName: "offline-queue" */ './entryQueue');

export const keyOf = (name: string, arg: unknown) => {
  const owner = getQueueOwner();
  return owner ? `${owner.key}|${name}|${JSON.stringify(arg ?? null)}` : null;
};

/**
 * A `queryFn` for a read endpoint that keeps its answer for offline use.
 *
 * @example
 * listEventTypes: build.query<EventType[], void>({
 *   queryFn: cachedRead('eventTypes', () => '/event-type', (answer: EventTypeListBody) => answer.items),
 * }),
 */
export function cachedRead<Arg, Answer, Result>(
  name: string,
  request: (arg: Arg) => ApiArgs,
  transform: (answer: Answer) => Result,
) {
  return async (
    arg: Arg,
    _api: BaseQueryApi,
    _extra: unknown,
    baseQuery: (args: ApiArgs) => MaybePromise<QueryReturnValue<unknown, ApiError, object>>,
  ): Promise<{ data: Result } | { error: ApiError }> => {
    const result = await baseQuery(request(arg));
    const key = keyOf(name, arg);
    if (!result.error) {
      const data = transform(result.data as Answer);
      if (key) {
        if (fromCache.delete(key)) notify();
        void store()
          .then(({ writeCached }) => writeCached({ key, data, at: Date.now() }))
          .catch(() => undefined);
      }
      return { data };
    }
    if (!key || !isUnreachable(result.error)) return { error: result.error };
    const cached = await store()
      .then(({ readCached }) => readCached(key))
      .catch(() => undefined);
    if (!cached) return { error: result.error };
    fromCache.set(key, cached.at);
    notify();
    return { data: cached.data as Result };
  };
}
