import { Alert } from 'antd';
import moment from 'moment';
import { useFromCache } from '../../../lib/offline/useFromCache';

/** "12 min", "1 h 5 min", "2 days": how old a copy is, for a coach on the field. */
export function ageText(at: number, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - at) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  const days = Math.floor(minutes / (24 * 60));
  return `${days} day${days === 1 ? '' : 's'}`;
}

/**
 * Says when the event types, rosters or athletes on screen are this device's copy
 * because the server cannot be reached, and how old the oldest is (docs/offline.md).
 */
export function FromCacheNotice({ rosterId }: { rosterId: number | null }) {
  const ages = [
    useFromCache('eventTypes', undefined),
    useFromCache('rosters', undefined),
    useFromCache('rosterAthletes', rosterId),
  ].filter((at): at is number => at !== null);
  if (ages.length === 0) return null;
  const oldest = Math.min(...ages);
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      style={{ marginBottom: 16 }}
      title={`From cache, ${ageText(oldest)} old: the server cannot be reached, so the event types, rosters and athletes are this device’s copy of ${moment(oldest).format('LT')}. Results you save are kept here and sent when it can.`}
    />
  );
}
