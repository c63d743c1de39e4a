import type { BadgeProps } from 'antd';
import type { LiveStatus } from './useLiveResults';

/** The live badge of the page and of TV mode, by the stream's status. */
export const liveBadge: Record<LiveStatus, { status: BadgeProps['status']; text: string }> = {
  live: { status: 'success', text: 'Live' },
  connecting: { status: 'processing', text: 'Connecting…' },
  offline: { status: 'error', text: 'Offline' },
  // The member may not follow the stream (limited to some rosters: not narrowed yet).
  off: { status: 'default', text: 'Not live' },
};
