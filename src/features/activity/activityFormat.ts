import type { ActivityEntryBody } from '../../../contract/activity';

type Entry = ActivityEntryBody;

const kindNames: Record<Entry['kind'], [one: string, many: string]> = {
  athlete: ['Athlete', 'Athletes'],
  result: ['Result', 'Results'],
  profile: ['Profile', 'Profiles'],
  roster: ['Roster', 'Rosters'],
  member: ['Member', 'Members'],
  api_key: ['API key', 'API keys'],
  webhook: ['Webhook', 'Webhooks'],
};

const actionNames: Record<Entry['action'], string> = {
  created: 'added',
  updated: 'changed',
  deleted: 'deleted',
  imported: 'imported',
  revoked: 'revoked',
  invited: 'invited',
  joined: 'joined',
  role_changed: 'role changed',
  removed: 'removed',
  left: 'left',
};

/** "Result corrected", "Results added", "Athletes imported": what was done, as a coach says it. */
export function describeAction(entry: Pick<Entry, 'kind' | 'action' | 'count'>): string {
  const [one, many] = kindNames[entry.kind];
  const noun = entry.count > 1 || entry.action === 'imported' ? many : one;
  const verb =
    entry.kind === 'result' && entry.action === 'updated' ? 'corrected' : actionNames[entry.action];
  return `${noun} ${verb}`;
}

/** The kinds, for the filter. */
export const kindOptions = (Object.keys(kindNames) as Entry['kind'][]).map((kind) => ({
  value: kind,
  label: kindNames[kind][1],
}));

/** Who did it: the member's e-mail, or the API key by name. */
export function describeActor(actor: Entry['actor']): string {
  if (actor.apiKeyId !== null) return `API key ${actor.apiKeyName ?? `#${actor.apiKeyId}`}`;
  return actor.email || actor.sub || 'Unknown';
}

const fieldNames: Record<string, string> = {
  timeMs: 'Time',
  markMm: 'Mark',
  athlete: 'Athlete',
  eventType: 'Event',
  recordedAt: 'Recorded',
  distanceMm: 'Distance',
  laneId: 'Lane',
  implausible: 'Implausible',
  splits: 'Splits',
  name: 'Name',
  url: 'URL',
  description: 'Description',
  events: 'Events',
  status: 'Status',
  role: 'Role',
  rosters: 'Rosters',
};

/** Fields of a snapshot that another field names better (ids beside names, the unit). */
const hidden = new Set(['athleteId', 'eventTypeId', 'unit']);

function formatValue(field: string, value: unknown): string {
  // A member's roster limit: none is every roster.
  if (field === 'rosters' && value === null) return 'All rosters';
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'timeMs' && typeof value === 'number') return `${(value / 1000).toFixed(2)} s`;
  if (field === 'markMm' && typeof value === 'number') return `${(value / 10).toFixed(1)} cm`;
  if (field === 'distanceMm' && typeof value === 'number') return `${(value / 1000).toFixed(2)} m`;
  if (field === 'recordedAt' && typeof value === 'string') return new Date(value).toLocaleString();
  if (field === 'splits' && Array.isArray(value)) return `${value.length} splits`;
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number);
}

export interface Change {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

/**
 * What changed, field by field: a correction's fields whose values differ (before ->
 * after), a deletion's last values (before only), a roster's members (after only).
 */
export function describeChanges(entry: Pick<Entry, 'before' | 'after'>): Change[] {
  const { before, after } = entry;
  if (!before && !after) return [];
  if (after && 'athletesAdded' in after) {
    const parts = [];
    if (after.athletesAdded) parts.push(`${String(after.athletesAdded)} added`);
    if (after.athletesRemoved) parts.push(`${String(after.athletesRemoved)} removed`);
    return [{ field: 'members', label: 'Athletes', before: null, after: parts.join(', ') }];
  }
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (field) => !hidden.has(field),
  );
  const changes: Change[] = [];
  for (const field of fields) {
    const was = before?.[field];
    const now = after?.[field];
    if (before && after && JSON.stringify(was) === JSON.stringify(now)) continue;
    // A deletion shows only the result's value and when it was recorded.
    if (!after && !['timeMs', 'markMm', 'recordedAt'].includes(field)) continue;
    if (!after && (was === null || was === undefined)) continue;
    changes.push({
      field,
      label: fieldNames[field] ?? field,
      before: before ? formatValue(field, was) : null,
      after: after ? formatValue(field, now) : null,
    });
  }
  return changes;
}
