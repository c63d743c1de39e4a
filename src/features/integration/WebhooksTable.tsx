import { Button, Empty, Flex, Grid, Popconfirm, Table, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import moment from 'moment';
import type { Webhook } from './webhookApi';
import { EVENT_LABELS, WEBHOOK_STATUS_TAGS } from './webhookFormat';
import type { useWebhookActions } from './useWebhookActions';

interface WebhooksTableProps {
  webhooks: Webhook[] | undefined;
  loading: boolean;
  actions: ReturnType<typeof useWebhookActions>;
  onEdit: (webhook: Webhook) => void;
  onRecover: (webhook: Webhook) => void;
  onShowLog: (webhook: Webhook) => void;
}

function LastDelivery({ webhook }: { webhook: Webhook }) {
  if (!webhook.lastDeliveryAt) return <>—</>;
  return (
    <Flex vertical>
      <span>{moment(webhook.lastDeliveryAt).format('lll')}</span>
      {webhook.lastStatusCode !== null && <span>HTTP {webhook.lastStatusCode}</span>}
      {webhook.consecutiveFailures > 0 && (
        <Typography.Text type="danger">
          {webhook.consecutiveFailures} failed in a row
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * The subscriptions: URL, events, status, last delivery, and the actions, each button
 * named with the URL for screen readers ("Pause https://…"). On a phone the table scrolls
 * sideways inside its card, the actions last and not pinned over the URL.
 */
export function WebhooksTable({
  webhooks,
  loading,
  actions,
  onEdit,
  onRecover,
  onShowLog,
}: WebhooksTableProps) {
  // Below md the actions are not pinned: pinned, they covered the URL on a 390 px phone.
  const { md } = Grid.useBreakpoint();
  return (
    <Table<Webhook>
      size="small"
      rowKey="id"
      aria-label="Webhooks"
      loading={loading}
      dataSource={webhooks}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="No webhooks yet: add one to send results to your system."
          />
        ),
      }}
      columns={[
        {
          title: 'URL',
          key: 'url',
          render: (_, webhook) => (
            <Flex vertical align="start" style={{ maxWidth: 240 }}>
              <Typography.Text style={{ wordBreak: 'break-all' }}>{webhook.url}</Typography.Text>
              {webhook.description && (
                <Typography.Text type="secondary">{webhook.description}</Typography.Text>
              )}
              <Button
                type="link"
                size="small"
                style={{ padding: 0 }}
                onClick={() => onShowLog(webhook)}
                aria-label={`View deliveries to ${webhook.url}`}
              >
                Deliveries
              </Button>
            </Flex>
          ),
        },
        // Column priority (decision 033): a phone shows URL, Status and Actions; Events and
        // Last delivery from `sm`. An empty table's header then fits the card, which left
        // axe a scrolling region with nothing in it to focus (scrollable-region-focusable).
        {
          title: 'Events',
          dataIndex: 'events',
          responsive: ['sm'],
          render: (events: Webhook['events']) => (
            <Flex wrap gap={4} style={{ maxWidth: 180 }}>
              {events.map((type) => (
                <Tag key={type} title={type} style={{ marginInlineEnd: 0 }}>
                  {EVENT_LABELS[type]}
                </Tag>
              ))}
            </Flex>
          ),
        },
        {
          title: 'Status',
          dataIndex: 'status',
          render: (status: Webhook['status']) => (
            <Tag color={WEBHOOK_STATUS_TAGS[status].color}>{WEBHOOK_STATUS_TAGS[status].label}</Tag>
          ),
        },
        {
          title: 'Last delivery',
          key: 'lastDelivery',
          responsive: ['sm'],
          render: (_, webhook) => <LastDelivery webhook={webhook} />,
        },
        {
          title: 'Actions',
          key: 'actions',
          // Always in sight from md up (at 1280 px beside the menu the middle columns scroll
          // instead); on a phone the row scrolls sideways to them, after the URL.
          fixed: md ? 'right' : undefined,
          render: (_, webhook) => (
            <Flex gap={4} wrap={false}>
              <Button
                size="small"
                loading={actions.busy('test', webhook)}
                onClick={() => void actions.sendTest(webhook)}
                aria-label={`Send a test event to ${webhook.url}`}
              >
                Send test
              </Button>
              {webhook.status === 'active' ? (
                <Button
                  size="small"
                  loading={actions.busy('pause', webhook)}
                  onClick={() => void actions.pause(webhook)}
                  aria-label={`Pause ${webhook.url}`}
                >
                  Pause
                </Button>
              ) : (
                <Button
                  size="small"
                  loading={actions.busy('resume', webhook)}
                  onClick={() => void actions.resume(webhook)}
                  aria-label={`Resume ${webhook.url}`}
                >
                  Resume
                </Button>
              )}
              <Button
                size="small"
                onClick={() => onRecover(webhook)}
                aria-label={`Recover missed events to ${webhook.url}`}
                title="Recover missed events…"
              >
                Recover…
              </Button>
              <Tooltip title="Edit">
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => onEdit(webhook)}
                  aria-label={`Edit ${webhook.url}`}
                />
              </Tooltip>
              <Popconfirm
                title={`Delete the webhook to ${webhook.url}?`}
                description="Its delivery log goes too, and nothing more is sent there."
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => actions.remove(webhook)}
              >
                <Button
                  type="text"
                  danger
                  size="small"
                  icon={<DeleteOutlined />}
                  loading={actions.busy('delete', webhook)}
                  aria-label={`Delete ${webhook.url}`}
                  title="Delete"
                />
              </Popconfirm>
            </Flex>
          ),
        },
      ]}
    />
  );
}
