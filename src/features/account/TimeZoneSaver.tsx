import { useEffect } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { useMayCall } from '../../lib/permissions';
import { browserTimeZone } from '../../lib/timeZone';
import { useGetUserQuery, userApi } from './userApi';

/** Where the zone last saved for a user is remembered (one key per user). */
export const savedTimeZoneKey = (userId: string) => `splitline.timeZone.${userId}`;

function readSaved(userId: string): string | null {
  try {
    return localStorage.getItem(savedTimeZoneKey(userId));
  } catch {
    return null; // storage refused (private mode): save again, it is cheap
  }
}

function remember(userId: string, timeZone: string): void {
  try {
    localStorage.setItem(savedTimeZoneKey(userId), timeZone);
  } catch {
    // nothing to do: the next start saves it again
  }
}

/** Users whose zone this app start has already sent (once per start at most). */
const sentThisStart = new Set<string>();

/**
 * Saves the browser's time zone for the signed-in coach (`PUT /api/user/time-zone`), so
 * that the server counts a profile's testing day as the coach's day. Once the user is
 * loaded, and only when the zone differs from the one last saved from this browser; at
 * most once per app start. Renders nothing; the request's state is not watched (no
 * re-render, nothing shown: a failure is retried at the next start). The zone is the
 * workspace's: only an owner's browser saves it.
 *
 * @example
 * <TimeZoneSaver /> // in the shell, under the signed-in guard
 */
export function TimeZoneSaver() {
  const { data: user } = useGetUserQuery();
  const dispatch = useAppDispatch();
  const { allowed } = useMayCall('PUT', '/api/user/time-zone');
  const userId = user?.id;
  useEffect(() => {
    const timeZone = browserTimeZone();
    if (!allowed || !userId || !timeZone || sentThisStart.has(userId)) return;
    if (readSaved(userId) === timeZone) return;
    sentThisStart.add(userId);
    const request = dispatch(userApi.endpoints.saveTimeZone.initiate({ timeZone }));
    void request.then((result) => {
      if (!('error' in result)) remember(userId, timeZone);
    });
  }, [allowed, userId, dispatch]);
  return null;
}
