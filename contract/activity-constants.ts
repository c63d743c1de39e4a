/**
 * Plain values of the activity log (no TypeBox): the app's filter slice imports them,
 * and contract/activity.ts builds the schemas with them.
 */

/** What an entry is about. `member` entries are written by the workspace's member routes. */
export const ACTIVITY_KINDS = [
  'athlete',
  'result',
  'profile',
  'roster',
  'member',
  'api_key',
  'webhook',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** What was done (`imported`: a CSV import; `revoked`: an API key). */
export const ACTIVITY_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'imported',
  'revoked',
  'invited',
  'joined',
  'role_changed',
  'removed',
  'left',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** The activity table's sorts: by time (`DateDesc`, newest first, by default) or None (order written). */
export const ACTIVITY_SORTS = ['Date', 'DateDesc', 'None'] as const;
export type ActivitySort = (typeof ACTIVITY_SORTS)[number];
export const DEFAULT_ACTIVITY_SORT: ActivitySort = 'DateDesc';

/** `kind` filter value of every kind. */
export const ALL_KINDS = '';
