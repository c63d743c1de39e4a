import { Card, Tag, Typography } from 'antd';
import { useEntryQueue } from '../../lib/offline';

/**
 * The results this coach saved on this device that the server does not have yet, for
 * the board's event type: shown at once, marked "Not sent yet", until the queue has sent
 * them and the board's own answer lists them (docs/offline.md). A chunk of its own
 * (IndexedDB), requested when the page first renders.
 */
export default function QueuedOnBoard({ eventTypeId }: { eventTypeId: number }) {
  const rows = (useEntryQueue() ?? []).filter(
    (row) => row.state === 'waiting' && row.item.eventTypeId === eventTypeId,
  );
  if (rows.length === 0) return null;
  return (
    <Card
      size="small"
      title={`Saved on this device, not sent yet (${rows.length})`}
      style={{ marginTop: 16 }}
      data-testid="queued-on-board"
    >
      <ol style={{ margin: 0, paddingInlineStart: 20 }}>
        {rows.map((row) => (
          <li key={row.clientId}>
            <Typography.Text>
              {row.label.athleteName} {row.label.value}
            </Typography.Text>{' '}
            <Tag color="gold">Not sent yet</Tag>
          </li>
        ))}
      </ol>
    </Card>
  );
}
