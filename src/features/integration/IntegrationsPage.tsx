import { Button, Card, Empty, Popconfirm, Table, Tag, Typography, App } from 'antd';
import moment from 'moment';
import { PageFrame } from '../../components/PageFrame';
import { describeFailure } from '../../components/serverErrors';
import { paths } from '../../lib/paths';
import { useListApiKeysQuery, useRevokeApiKeyMutation, type ApiKey } from './apiKeyApi';
import { NewKeyForm } from './NewKeyForm';
import { WebhooksCard } from './WebhooksCard';

const when = (at: string | null) => (at ? moment(at).format('lll') : '—');

const example = `curl -X POST ${window.location.origin}/api/event \\
  -H "Authorization: Bearer sl_live_…" -H "Content-Type: application/json" \\
  -d '{"items":[{"clientId":"gate1-000123","source":"device","athleteId":42,
       "eventTypeId":1,"laneId":1,"recordedAt":"2026-03-01T15:04:05Z",
       "distanceMm":36576,"timeMs":4620,
       "splits":[{"distanceMm":9144,"timeMs":1620},{"distanceMm":18288,"timeMs":2710}]}]}'`;

/**
 * Integrations: API keys for timing devices and apps (shown once, revocable), webhooks that
 * push changes to the coach's own system, and how to send results.
 */
export default function IntegrationsPage() {
  const { message } = App.useApp();
  const { data: keys, isLoading } = useListApiKeysQuery();
  const [revokeApiKey] = useRevokeApiKeyMutation();

  async function revoke(key: ApiKey) {
    try {
      await revokeApiKey(key.id).unwrap();
      void message.success(`Revoked ${key.name}`);
    } catch (error) {
      void message.error(describeFailure(error));
    }
  }

  return (
    <PageFrame title={paths.home.integrations.label}>
      <Card title="API keys" style={{ marginBottom: 24 }}>
        <Typography.Paragraph type="secondary">
          A timing device or app sends results with a key. A key can add results and read event
          types, sports and positions; nothing else.
        </Typography.Paragraph>
        <NewKeyForm />
        <Table<ApiKey>
          style={{ marginTop: 16 }}
          size="small"
          rowKey="id"
          loading={isLoading}
          dataSource={keys}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description="No keys yet: name a device above to make its key."
              />
            ),
          }}
          columns={[
            { title: 'Name', dataIndex: 'name' },
            {
              title: 'Key',
              dataIndex: 'prefix',
              render: (prefix: string) => <Typography.Text code>{prefix}…</Typography.Text>,
            },
            { title: 'Created', dataIndex: 'createdAt', render: when },
            { title: 'Last used', dataIndex: 'lastUsedAt', render: when },
            {
              title: 'Status',
              key: 'status',
              render: (_, key) =>
                key.revokedAt ? (
                  <Tag>Revoked {moment(key.revokedAt).format('ll')}</Tag>
                ) : (
                  <Tag color="success">Active</Tag>
                ),
            },
            {
              title: '',
              key: 'actions',
              align: 'right',
              render: (_, key) =>
                !key.revokedAt && (
                  <Popconfirm
                    title={`Revoke ${key.name}?`}
                    description="Devices using this key can no longer send results."
                    okText="Revoke"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => revoke(key)}
                  >
                    <Button danger size="small" aria-label={`Revoke ${key.name}`}>
                      Revoke
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      </Card>
      <WebhooksCard />
      <Card title="Sending results">
        <Typography.Paragraph>
          Post one result or a batch of up to 5,000 to{' '}
          <Typography.Text code>POST /api/event</Typography.Text> with the key as a bearer token.
          Give each result a <Typography.Text code>clientId</Typography.Text> of your own: sending
          it again changes nothing, so a device can retry safely. Times in milliseconds, distances
          in millimetres (40 yd = 36576); splits are cumulative.
        </Typography.Paragraph>
        <Typography.Paragraph>
          <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>{example}</pre>
        </Typography.Paragraph>
        <Typography.Link href="/api/docs" target="_blank">
          The API reference (OpenAPI)
        </Typography.Link>
      </Card>
    </PageFrame>
  );
}
