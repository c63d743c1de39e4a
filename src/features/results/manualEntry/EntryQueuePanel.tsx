import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Table,
  Tag,
  Typography,
} from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  EditOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import moment from 'moment';
import type { EventInput } from '../../../../contract/event';
import { entryQueue, useEntryQueue, useQueueOwner, type QueuedEntry } from '../../../lib/offline';
import { programTable } from './programTable';

const stateTag = {
  waiting: (
    <Tag icon={<ClockCircleOutlined />} color="gold">
      Waiting
    </Tag>
  ),
  sent: (
    <Tag icon={<CheckCircleOutlined />} color="green">
      Sent
    </Tag>
  ),
  refused: (
    <Tag icon={<CloseCircleOutlined />} color="red">
      Refused
    </Tag>
  ),
};

/** What the Fix dialog may change: the result, the moment, and the splits. */
interface FixValues {
  seconds?: number;
  markCm?: number;
  recordedAt: string;
  dropSplits: boolean;
}

/** A refused row, changed as the coach fixed it; it waits to be sent again. */
export function fixedItem(item: EventInput, values: FixValues): EventInput {
  const fixed: EventInput = { ...item, recordedAt: moment(values.recordedAt).toISOString() };
  if (values.seconds !== undefined && item.timeMs !== undefined)
    fixed.timeMs = Math.round(values.seconds * 1000);
  if (values.markCm !== undefined && item.markMm !== undefined)
    fixed.markMm = Math.round(values.markCm * 10);
  if (values.dropSplits) delete fixed.splits;
  return fixed;
}

function FixDialog({ row, onClose }: { row: QueuedEntry; onClose: () => void }) {
  const owner = useQueueOwner();
  const [form] = Form.useForm<FixValues>();
  const { item } = row;
  const fix = async () => {
    // A field left wrong shows its message under it; the dialog stays open.
    const values = await form.validateFields().catch(() => null);
    if (!values || !owner) return;
    // The row is not on the server (refused): the same client id carries the fixed content.
    await entryQueue(owner.key).update([
      {
        clientId: row.clientId,
        item: fixedItem(item, values),
        label: {
          ...row.label,
          value:
            values.seconds !== undefined
              ? `${values.seconds.toFixed(2)} s`
              : values.markCm !== undefined
                ? `${values.markCm} cm`
                : row.label.value,
        },
        state: 'waiting',
        reason: undefined,
        fields: undefined,
        attempts: 0,
        nextAttemptAt: Date.now(),
      },
    ]);
    onClose();
  };
  return (
    <Modal
      open
      title="Fix the refused result"
      okText="Send again"
      onOk={() => void fix()}
      onCancel={onClose}
    >
      <Alert type="error" showIcon title={row.reason} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          seconds: item.timeMs !== undefined ? item.timeMs / 1000 : undefined,
          markCm: item.markMm !== undefined ? item.markMm / 10 : undefined,
          recordedAt: moment(item.recordedAt).format('YYYY-MM-DDTHH:mm'),
          dropSplits: false,
        }}
      >
        {item.timeMs !== undefined && (
          <Form.Item name="seconds" label="Time (s)" rules={[{ required: true }]}>
            <InputNumber min={0.01} step={0.01} style={{ width: 160 }} />
          </Form.Item>
        )}
        {item.markMm !== undefined && (
          <Form.Item name="markCm" label="Mark (cm)" rules={[{ required: true }]}>
            <InputNumber min={0.1} step={0.1} style={{ width: 160 }} />
          </Form.Item>
        )}
        <Form.Item name="recordedAt" label="Date and time" rules={[{ required: true }]}>
          <Input type="datetime-local" style={{ width: 240 }} />
        </Form.Item>
        {item.splits && item.splits.length > 0 && (
          <Form.Item name="dropSplits" valuePropName="checked">
            <Checkbox>Send without the splits ({item.splits.length})</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/**
 * The results saved on this device by the signed-in coach in this account, oldest first,
 * whatever their program: waiting (kept here until the server has them), sent (with a
 * link to the table that lists them), refused (the server's reason, Fix or Remove).
 * docs/offline.md explains the states to coaches.
 */
export function EntryQueuePanel() {
  const rows = useEntryQueue();
  const owner = useQueueOwner();
  const [fixing, setFixing] = useState<QueuedEntry | null>(null);
  if (!rows || rows.length === 0 || !owner) return null;
  const queue = entryQueue(owner.key);
  const count = (state: QueuedEntry['state']) => rows.filter((row) => row.state === state).length;
  const sent = rows.filter((row) => row.state === 'sent');

  return (
    <section aria-label="Results saved on this device" style={{ marginTop: 24 }}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Saved on this device
        </Typography.Title>
        <Typography.Text role="status" data-testid="queue-counts">
          {count('waiting')} waiting · {count('sent')} sent · {count('refused')} refused
        </Typography.Text>
        <Button
          size="small"
          disabled={sent.length === 0}
          onClick={() => void queue.remove(sent.map((row) => row.clientId))}
        >
          Clear the sent rows
        </Button>
      </Flex>
      <Table<QueuedEntry>
        size="small"
        rowKey="clientId"
        dataSource={rows}
        pagination={rows.length > 50 ? { pageSize: 50 } : false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'Athlete', key: 'athlete', render: (_, row) => row.label.athleteName },
          { title: 'Event', key: 'event', render: (_, row) => row.label.eventName },
          { title: 'Result', key: 'value', render: (_, row) => row.label.value },
          {
            title: 'State',
            key: 'state',
            render: (_, row) => (
              <span data-testid="queue-state" data-state={row.state}>
                {stateTag[row.state]}
                {row.state === 'refused' && (
                  <Typography.Text type="danger">{row.reason}</Typography.Text>
                )}
                {row.state === 'waiting' && row.attempts > 0 && (
                  <Typography.Text type="secondary">
                    tried {row.attempts}×, again {moment(row.nextAttemptAt).fromNow()}
                  </Typography.Text>
                )}
              </span>
            ),
          },
          {
            title: 'Where',
            key: 'where',
            render: (_, row) => {
              const table = programTable(row.item.program);
              return row.state === 'sent' ? <Link to={table.path}>{table.label}</Link> : null;
            },
          },
          {
            title: '',
            key: 'fix',
            render: (_, row) =>
              row.state === 'refused' && (
                <Flex gap={4}>
                  <Button size="small" icon={<EditOutlined />} onClick={() => setFixing(row)}>
                    Fix
                  </Button>
                  <Popconfirm
                    title="Remove this result?"
                    description="The server refused it; removing it forgets it on this device."
                    okText="Remove"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => void queue.remove([row.clientId])}
                  >
                    <Button size="small" danger>
                      Remove
                    </Button>
                  </Popconfirm>
                </Flex>
              ),
          },
        ]}
      />
      {fixing && <FixDialog row={fixing} onClose={() => setFixing(null)} />}
    </section>
  );
}
