import { useEffect, useRef } from 'react';
import { defaultSerializeQueryArgs, skipToken } from '@reduxjs/toolkit/query';
import { baseApi } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';

/** What the list view reads of an RTK Query `useQuery` result. */
export interface ListQuery<Data> {
  /** The last answer, also while the next one (other filters, another page) is on its way. */
  data?: Data;
  /** The answer to the current arguments only. */
  currentData?: Data;
  error?: unknown;
  /** The first load: nothing to show yet. */
  isLoading: boolean;
  /** A request is running, the first or a later one. */
  isFetching: boolean;
  /** When the last answer arrived (ms since the epoch): "Offline: last update 10:42". */
  fulfilledTimeStamp?: number;
  refetch: () => unknown;
}

/** The list view's reading of a query: what it shows and how current that is. */
export interface ListQueryState<Data> extends ListQuery<Data> {
  /**
   * The rows shown are the answer to other arguments (the previous page or filters) while
   * the current ones are on their way: the view marks them stale.
   */
  stale: boolean;
}

/** An RTK Query endpoint (`api.endpoints.listX`): its name, hook and types. */
interface ListEndpoint<Args, Data> {
  name: string;
  useQuery: (args: Args | typeof skipToken) => unknown;
  /** Types only (undefined at runtime): what the hook is asked and answers. */
  Types: { QueryArg: Args; ResultType: Data };
}

/** The cache key RTK Query gives these arguments (every list endpoint keeps the default). */
function cacheKeyOf(endpointName: string, queryArgs: unknown): string {
  return defaultSerializeQueryArgs({ endpointName, queryArgs, endpointDefinition: {} as never });
}

/**
 * A list endpoint's `useQuery`, for the list view: besides RTK Query's result it says
 * whether the rows shown are stale, and it cancels the request a newer filter change made
 * obsolete. RTK Query by itself lets that request run to its end (it aborts a running
 * query only when its cache entry is removed, `keepUnusedDataFor` after its last
 * subscriber left, 60 s here), holding a browser connection and the server's work for
 * rows nobody will see (a slow combination of filters took seconds, issue 32). So when
 * the arguments change, the running request of the previous ones is aborted
 * (`getRunningQueryThunk(…).abort()`: its `AbortSignal`, which the base query hands to
 * ky and fetch, fires). Answers already in the cache are kept for going back.
 * A list endpoint has this one subscriber (its table), so the abort takes nothing from
 * another view.
 *
 * @example
 * const query = useListQuery(athleteApi.endpoints.listAthletes, filters);
 */
export function useListQuery<Args, Data>(
  endpoint: ListEndpoint<Args, Data>,
  args: Args | typeof skipToken,
): ListQueryState<Data> {
  const dispatch = useAppDispatch();
  const result = endpoint.useQuery(args) as ListQuery<Data>;
  const key = args === skipToken ? null : cacheKeyOf(endpoint.name, args);
  const previous = useRef<{ key: string | null; args: Args | typeof skipToken }>({ key, args });
  useEffect(() => {
    const before = previous.current;
    previous.current = { key, args };
    if (before.key === key || before.args === skipToken) return;
    const running = dispatch(
      baseApi.util.getRunningQueryThunk(endpoint.name as never, before.args as never),
    ) as { abort?: () => void } | undefined;
    running?.abort?.();
  }, [dispatch, endpoint.name, key, args]);
  const stale = result.isFetching && result.data !== undefined && result.currentData === undefined;
  return { ...result, stale };
}

/** An aborted request's error (the obsolete request above): not a failure to show. */
export function isAborted(error: unknown): boolean {
  return (error as { name?: unknown } | undefined)?.name === 'AbortError';
}
