import { useEffect, useRef, useState } from 'react';
import { followResults, type StreamStatus } from '../../lib/api/resultStream';

/**
 * Follows the live results stream while mounted (and `enabled`): `onChange` runs when
 * results of `eventTypeId` were stored, and after the stream was re-opened (something may
 * have been missed). Answers the stream's status for a "live" badge.
 *
 * @example
 * const status = useLiveResults(filters.eventTypeId, refetch);
 */
export function useLiveResults(
  eventTypeId: number,
  onChange: () => void,
  enabled = true,
): StreamStatus {
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const latest = useRef({ eventTypeId, onChange });
  useEffect(() => {
    latest.current = { eventTypeId, onChange };
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const stop = new AbortController();
    void followResults(
      {
        onResults: ({ eventTypeIds }) => {
          if (eventTypeIds.includes(latest.current.eventTypeId)) latest.current.onChange();
        },
        onResync: () => latest.current.onChange(),
        onStatus: setStatus,
      },
      { signal: stop.signal },
    );
    return () => stop.abort();
  }, [enabled]);
  return status;
}
