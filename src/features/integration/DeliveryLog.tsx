import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Drawer, Empty, Grid, Table, Tag, Typography } from 'antd';
import moment from 'moment';
import { describeFailure } from '../../components/serverErrors';
import { useAppDispatch } from '../../lib/hooks';
import { useListDeliveriesQuery, webhookApi, type Delivery, type Webhook } from './webhookApi';
import { DELIVERY_STATUS_TAGS, deliveryPollInterval } from './webhookFormat';

const when = (at: string | null) => (at ? moment(at).format('lll') : '—');
const inFlight = (items: Delivery[]) =>
  new Set(items.filter((d) => d.status === 'pending' || d.status === 'retrying').map((d) => d.id));

/**
 * One page of the log, fetched again while a delivery on it is still on its way. When one
 * ends, the subscription's last delivery (and perhaps its status) changed on the server:
 * the list is fetched again too.
 */
function useDeliveryPage(webhookId: number, pageNumber: number, pageSize: number) {
  const dispatch = useAppDispatch();
  const [polling, setPolling] = useState(0);
  const query = useListDeliveriesQuery(
    { webhookId, pageNumber, pageSize },
    { pollingInterval: polling, skipPollingIfUnfocused: true },
  );
  // In flight on the page last seen; another page (paging) is not a change of status.
  const before = useRef<{ page: number; ids: Set<number> } | null>(null);
  const { currentData } = query;
  useEffect(() => {
    if (!currentData) return;
    const ids = inFlight(currentData.items);
    const was = before.current;
    if (was?.page === currentData.pageNumber && [...was.ids].some((id) => !ids.has(id))) {
      dispatch(webhookApi.util.invalidateTags(['Webhook']));
    }
    before.current = { page: currentData.pageNumber, ids };
    setPolling(deliveryPollInterval(currentData.items, Date.now()));
  }, [currentData, dispatch]);
  return query;
}

const columns = [
  { title: 'Event', dataIndex: 'eventType', key: 'eventType' },
  {
    title: 'Message id',
    dataIndex: 'messageId',
    key: 'messageId',
    render: (id: string) => <Typography.Text code>{id}</Typography.Text>,
  },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: Delivery['status']) => (
      <Tag color={DELIVERY_STATUS_TAGS[status].color}>{DELIVERY_STATUS_TAGS[status].label}</Tag>
    ),
  },
  {
    title: 'HTTP',
    dataIndex: 'statusCode',
    key: 'statusCode',
    render: (c: number | null) => c ?? '—',
  },
  {
    title: 'Duration',
    dataIndex: 'durationMs',
    key: 'durationMs',
    align: 'right' as const,
    render: (ms: number | null) => (ms === null ? '—' : `${ms.toLocaleString()} ms`),
  },
  { title: 'Attempts', dataIndex: 'attempts', key: 'attempts', align: 'right' as const },
  { title: 'Last attempt', dataIndex: 'lastAttemptAt', key: 'lastAttemptAt', render: when },
  { title: 'Next try', dataIndex: 'nextAttemptAt', key: 'nextAttemptAt', render: when },
  {
    title: 'Error or response',
    key: 'error',
    render: (_: unknown, d: Delivery) => {
      const text = d.error ?? d.responseExcerpt;
      if (!text) return '—';
      return (
        <Typography.Text
          type={d.error ? 'danger' : 'secondary'}
          style={{ display: 'inline-block', maxWidth: 320, wordBreak: 'break-word' }}
        >
          {text}
        </Typography.Text>
      );
    },
  },
];

function DeliveryTable({ webhookId }: { webhookId: number }) {
  const [page, setPage] = useState({ pageNumber: 1, pageSize: 20 });
  const { data, currentData, error, isLoading, isFetching, refetch } = useDeliveryPage(
    webhookId,
    page.pageNumber,
    page.pageSize,
  );
  return (
    <>
      <Button
        onClick={() => void refetch()}
        loading={isFetching && !isLoading}
        style={{ marginBottom: 12 }}
      >
        Refresh
      </Button>
      {error ? (
        <Alert type="error" showIcon title={describeFailure(error)} style={{ marginBottom: 12 }} />
      ) : null}
      <Table<Delivery>
        size="small"
        rowKey="id"
        aria-label="Deliveries"
        className="tabular-nums"
        // A new page spins until it is here; a poll of the same page does not.
        loading={isFetching && !currentData}
        dataSource={data?.items}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="No deliveries yet: send a test event to see one."
            />
          ),
        }}
        pagination={{
          current: page.pageNumber,
          pageSize: page.pageSize,
          total: data?.totalCount ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          showTotal: (total, [from, to]) => `${from}–${to} of ${total.toLocaleString()}`,
          onChange: (pageNumber, pageSize) =>
            setPage((was) => ({
              pageNumber: pageSize === was.pageSize ? pageNumber : 1,
              pageSize,
            })),
        }}
      />
    </>
  );
}

interface DeliveryLogProps {
  /** Whose log: kept while the drawer closes, so its title stays until it is gone. */
  webhook: Webhook | null;
  open: boolean;
  onClose: () => void;
  /** The closing animation ended; the caller may forget the subscription. */
  onClosed: () => void;
}

/**
 * The delivery log of one subscription in a drawer: the whole width below the lg
 * breakpoint (the table scrolls sideways inside it), 960 px beside the page above it.
 */
export function DeliveryLog({ webhook, open, onClose, onClosed }: DeliveryLogProps) {
  const { lg } = Grid.useBreakpoint();
  return (
    <Drawer
      open={open}
      title={`Deliveries to ${webhook?.url ?? ''}`}
      size={lg ? 960 : '100%'}
      onClose={onClose}
      afterOpenChange={(isOpen) => !isOpen && onClosed()}
      destroyOnHidden
    >
      {webhook ? <DeliveryTable webhookId={webhook.id} /> : null}
    </Drawer>
  );
}
