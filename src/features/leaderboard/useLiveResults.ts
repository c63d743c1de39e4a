import { useEffect, useRef, useState } from 'react';
import { followResults, type StreamStatus } from '../../lib/api/resultStream';
import { createLiveRefresh } from './liveRefresh';

/** The stream's status, or `off`: not followed (`enabled` false: the member may not). */
export type LiveStatus = StreamStatus | 'off';

/**
 * Follows the live results stream while mounted (and `enabled`): `onChange` runs when
 * results of `eventTypeId` were stored, and after the stream was re-opened (something may
 * have been missed); never two at a time and at most once a second (createLiveRefresh),
 * so give it a function that resolves when its load is done. Answers the stream's status
 * for a "live" badge: "offline" from a drop until the stream is open again; "off" while
 * not `enabled`.
 *
 * @example
 * const status = useLiveResults(filters.eventTypeId, () => refetch());
 */
export function useLiveResults(
  eventTypeId: number,
  onChange: () => PromiseLike<unknown> | void,
  enabled = true,
): LiveStatus {
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const latest = useRef({ eventTypeId, onChange });
  useEffect(() => {
    latest.current = { eventTypeId, onChange };
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const stop = new AbortController();
    const refresh = createLiveRefresh(async () => latest.current.onChange());
    void followResults(
      {
        onResults: ({ eventTypeIds }) => {
          if (eventTypeIds.includes(latest.current.eventTypeId)) refresh.notify();
        },
        onResync: () => refresh.notify(),
        // Once offline, offline until the stream is open again: each retry's brief
        // "connecting" would take the offline notice off and put it back (a jump of the page).
        onStatus: (next) =>
          setStatus((current) =>
            current === 'offline' && next === 'connecting' ? 'offline' : next,
          ),
      },
      { signal: stop.signal },
    );
    return () => {
      stop.abort();
      refresh.stop();
    };
  }, [enabled]);
  return enabled ? status : 'off';
}
