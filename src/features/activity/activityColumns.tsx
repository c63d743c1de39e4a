import { Typography, type TableColumnsType } from 'antd';
import type { ActivityEntryBody, ActivitySort } from '../../../contract/activity';
import { orderIn, type SortMap } from '../../lib/sortColumns';
import { describeAction, describeActor, describeChanges } from './activityFormat';

/** The one sortable column, by time. */
export const activitySorts: SortMap<ActivitySort> = {
  at: { ascend: 'Date', descend: 'DateDesc' },
};

const when = (at: string) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Details({ entry }: { entry: ActivityEntryBody }) {
  const changes = describeChanges(entry);
  if (changes.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }}>
      {changes.map((change) => (
        <li key={change.field}>
          <Typography.Text type="secondary">{change.label}: </Typography.Text>
          {change.before !== null && change.after !== null ? (
            <>
              <del>{change.before}</del> →{' '}
              <ins style={{ textDecoration: 'none' }}>{change.after}</ins>
            </>
          ) : (
            (change.after ?? change.before)
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The activity table's columns: when, who, what, which, details. On a phone (below
 * antd's `sm`) one column stands for what and which, with who and when under it
 * (decision 033's column priority); details from `md`.
 */
export function activityColumns(sort: ActivitySort): TableColumnsType<ActivityEntryBody> {
  return [
    {
      key: 'entry',
      title: 'Activity',
      responsive: ['xs'],
      render: (_, entry) => (
        <div style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
          <div>
            <strong>{describeAction(entry)}</strong> {entry.subjectLabel}
          </div>
          <div>
            <Typography.Text type="secondary">{describeActor(entry.actor)}</Typography.Text>
          </div>
          <div>
            <Typography.Text type="secondary">{when(entry.at)}</Typography.Text>
          </div>
          {describeChanges(entry).length > 0 && <Details entry={entry} />}
        </div>
      ),
    },
    {
      key: 'at',
      title: 'When',
      sorter: true,
      sortOrder: orderIn(activitySorts, sort, 'at'),
      responsive: ['sm'],
      width: 170,
      render: (_, entry) => <time dateTime={entry.at}>{when(entry.at)}</time>,
    },
    {
      key: 'who',
      title: 'Who',
      responsive: ['sm'],
      render: (_, entry) => describeActor(entry.actor),
    },
    {
      key: 'what',
      title: 'What',
      responsive: ['sm'],
      render: (_, entry) => describeAction(entry),
    },
    {
      key: 'which',
      title: 'Which',
      responsive: ['sm'],
      render: (_, entry) => entry.subjectLabel || '—',
    },
    {
      key: 'details',
      title: 'Details',
      responsive: ['md'],
      render: (_, entry) => <Details entry={entry} />,
    },
  ];
}
