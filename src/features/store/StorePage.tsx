import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Modal,
  Row,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import moment from 'moment';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { describeFailure } from '../../components/serverErrors';
import { externalNavigation } from '../../lib/externalNavigation';
import { useAppDispatch } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { TELEMETRY_EVENTS, track } from '../../lib/telemetry';
import {
  storeApi,
  useCreateOrderMutation,
  useGetOrderQuery,
  useGetStoreQuery,
  useListOrdersQuery,
  type Order,
  type StorePackage,
  type StoreSummary,
} from './storeApi';

/** While an order waits for an administrator, the page looks again this often. */
export const PENDING_POLL_MS = 15_000;
/**
 * Back from Stripe's checkout, the order's webhook usually lands within seconds: the
 * page looks at that order this often for RETURN_WATCH_MS, then at the list's pace.
 */
export const RETURN_POLL_MS = 3_000;
export const RETURN_WATCH_MS = 120_000;

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
const when = (at: string | null) => (at ? moment(at).format('lll') : '—');
const STATUS_COLORS: Record<Order['status'], string> = {
  pending: 'processing',
  fulfilled: 'success',
  refunded: 'warning',
  cancelled: 'default',
};

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Watches the orders: when one that was pending changes (an administrator fulfilled it),
 * the spots changed on the server, so the top bar's user and the summary are fetched again.
 */
function useOrdersThatRefreshSpots() {
  const dispatch = useAppDispatch();
  const [polling, setPolling] = useState(0);
  const query = useListOrdersQuery(undefined, { pollingInterval: polling });
  const pendingBefore = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const pending = new Set(query.data.filter((o) => o.status === 'pending').map((o) => o.id));
    const before = pendingBefore.current;
    if (before && [...before].some((id) => !pending.has(id))) {
      dispatch(storeApi.util.invalidateTags(['User', 'Store']));
    }
    pendingBefore.current = pending;
    setPolling(pending.size > 0 ? PENDING_POLL_MS : 0);
  }, [query.data, dispatch]);
  return query;
}

function PackageCard({
  pkg,
  onBuy,
  busy,
}: {
  pkg: StorePackage;
  onBuy: () => void;
  busy: boolean;
}) {
  return (
    <Card title={`${pkg.spots} athlete spots`} style={{ height: '100%' }}>
      <Statistic value={money(pkg.priceCents, pkg.currency)} />
      <Typography.Paragraph type="secondary">
        {money(Math.round(pkg.priceCents / pkg.spots), pkg.currency)} per athlete
      </Typography.Paragraph>
      <Button
        type="primary"
        block
        loading={busy}
        onClick={onBuy}
        aria-label={`Buy ${pkg.spots} athlete spots`}
      >
        Buy
      </Button>
    </Card>
  );
}

/** What happens once the order is placed, per payment provider. */
const NEXT_STEPS: Record<StoreSummary['provider'], { next: string; ok: string }> = {
  manual: {
    next:
      'Your order goes to your administrator, who arranges the payment with you and then ' +
      'confirms it. The spots are added to your account once it is confirmed; until then ' +
      'the order shows as pending below.',
    ok: 'Place order',
  },
  stripe: {
    next:
      "You go on to Stripe Checkout, Stripe's secure payment page, to pay. The spots are " +
      'added as soon as Stripe confirms the payment, and you come back to this page.',
    ok: 'Continue to payment',
  },
};

/**
 * Buy asks first: the package, its price and what happens next (an administrator
 * confirms the order, or the payment is on Stripe Checkout), then places the order.
 */
function ConfirmOrder({
  pkg,
  provider,
  busy,
  onConfirm,
  onCancel,
}: {
  pkg: StorePackage;
  provider: StoreSummary['provider'];
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const steps = NEXT_STEPS[provider];
  return (
    <Modal
      open
      title={`Buy ${pkg.spots} athlete spots?`}
      okText={steps.ok}
      onOk={onConfirm}
      confirmLoading={busy}
      onCancel={onCancel}
      cancelButtonProps={{ disabled: busy }}
      closable={!busy}
      mask={{ closable: !busy }}
      destroyOnHidden
    >
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'package', label: 'Package', children: `${pkg.spots} athlete spots` },
          {
            key: 'price',
            label: 'Price',
            children: `${money(pkg.priceCents, pkg.currency)} (${money(Math.round(pkg.priceCents / pkg.spots), pkg.currency)} per athlete)`,
          },
          { key: 'next', label: 'What happens next', children: steps.next },
        ]}
      />
    </Modal>
  );
}

const PAYMENT_LABELS: Record<string, string> = {
  manual: 'Confirmed by an administrator',
  stripe: 'Stripe Checkout',
};

const RETURN_ALERTS: Record<Order['status'], 'info' | 'success' | 'warning'> = {
  pending: 'info',
  fulfilled: 'success',
  refunded: 'warning',
  cancelled: 'warning',
};

/**
 * The order the coach comes back to from Stripe (`?order=<id>`): its state, looked at
 * every few seconds while Stripe has not confirmed it; when it changes, the spots changed
 * on the server and the top bar and the summary are fetched again.
 */
function ReturnedOrder({
  id,
  onClose,
  onSettled,
}: {
  id: number;
  onClose: () => void;
  /** The order is no longer pending: the order list is looked at again. */
  onSettled: () => void;
}) {
  const dispatch = useAppDispatch();
  const [since] = useState(() => Date.now());
  const [polling, setPolling] = useState(RETURN_POLL_MS);
  const { data: order, error } = useGetOrderQuery(id, { pollingInterval: polling });
  const statusBefore = useRef<Order['status'] | null>(null);
  useEffect(() => {
    if (!order) return;
    if (statusBefore.current === 'pending' && order.status !== 'pending') {
      dispatch(storeApi.util.invalidateTags(['User', 'Store']));
      onSettled();
    }
    statusBefore.current = order.status;
    const watching = Date.now() - since < RETURN_WATCH_MS;
    setPolling(order.status !== 'pending' ? 0 : watching ? RETURN_POLL_MS : PENDING_POLL_MS);
  }, [order, since, dispatch, onSettled]);

  // A failed look (the server busy for a moment) keeps showing what was known; polling goes on.
  if (error && !order) {
    return <Alert type="error" title={describeFailure(error)} style={{ marginBottom: 16 }} />;
  }
  if (!order) return null;
  const waiting = order.status === 'pending';
  return (
    <Alert
      type={RETURN_ALERTS[order.status]}
      showIcon
      closable
      onClose={onClose}
      style={{ marginBottom: 16 }}
      role="status"
      title={`Order ${order.id}: ${order.spots} athlete spots for ${money(order.priceCents, order.currency)}`}
      description={
        waiting ? (
          <>
            {order.message} This page updates by itself.
            {order.checkoutUrl ? (
              <>
                {' '}
                Left the payment page before paying?{' '}
                <Typography.Link href={order.checkoutUrl}>Continue to payment</Typography.Link>
              </>
            ) : null}
          </>
        ) : (
          order.message
        )
      }
    />
  );
}

function Receipt({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: order, isLoading, error } = useGetOrderQuery(id);
  return (
    <Modal open title={`Receipt for order ${id}`} onCancel={onClose} footer={null} destroyOnHidden>
      {error ? <Alert type="error" title={describeFailure(error)} /> : null}
      {isLoading || !order ? null : (
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            { key: 'package', label: 'Package', children: `${order.spots} athlete spots` },
            { key: 'price', label: 'Price', children: money(order.priceCents, order.currency) },
            { key: 'status', label: 'Status', children: order.status },
            { key: 'ordered', label: 'Ordered', children: when(order.createdAt) },
            { key: 'fulfilled', label: 'Confirmed', children: when(order.fulfilledAt) },
            ...(order.refundedAt
              ? [{ key: 'refunded', label: 'Refunded', children: when(order.refundedAt) }]
              : []),
            ...(order.cancelledAt
              ? [{ key: 'cancelled', label: 'Cancelled', children: when(order.cancelledAt) }]
              : []),
            {
              key: 'payment',
              label: 'Payment',
              children: PAYMENT_LABELS[order.provider] ?? order.provider,
            },
            { key: 'note', label: 'Note', children: order.message },
          ]}
        />
      )}
    </Modal>
  );
}

/**
 * Store: athlete spots and credit, packages to buy (Buy asks for a confirmation first),
 * and the order history with receipts.
 */
export default function StorePage() {
  const { message } = App.useApp();
  const { data: store, error: storeError } = useGetStoreQuery();
  const {
    data: orders,
    isLoading: ordersLoading,
    refetch,
    isFetching,
  } = useOrdersThatRefreshSpots();
  const [createOrder] = useCreateOrderMutation();
  const [buying, setBuying] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<StorePackage | null>(null);
  const [placed, setPlaced] = useState<Order | null>(null);
  const [receipt, setReceipt] = useState<number | null>(null);
  const [search, setSearch] = useSearchParams();
  const returnedId = Number(search.get('order'));
  const returned = Number.isSafeInteger(returnedId) && returnedId > 0 ? returnedId : null;
  const refreshOrders = useCallback(() => void refetch(), [refetch]);

  async function buy(pkg: StorePackage) {
    setBuying(pkg.id);
    try {
      const order = await createOrder({ packageId: pkg.id, idempotencyKey: newKey() }).unwrap();
      track(TELEMETRY_EVENTS.storeOrderPlaced, { spots: pkg.spots });
      if (order.checkoutUrl) {
        // Stripe: the coach pays on Stripe's page and comes back to ?order=<id>. The
        // button stays busy while the browser leaves.
        externalNavigation.go(order.checkoutUrl);
        return;
      }
      setPlaced(order);
      setBuying(null);
      setConfirming(null);
    } catch (error) {
      // The dialog stays open: the coach may try again or cancel.
      void message.error(describeFailure(error));
      setBuying(null);
    }
  }

  return (
    <PageFrame title={paths.home.store.label}>
      {storeError ? (
        <Alert type="error" title={describeFailure(storeError)} style={{ marginBottom: 16 }} />
      ) : null}
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="Athlete spots left" value={store?.athleteSpots ?? '—'} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic
              title="Credit"
              value={store ? money(store.creditCents, store.currency) : '—'}
            />
          </Card>
        </Col>
      </Row>

      {returned !== null ? (
        <ReturnedOrder
          key={returned}
          id={returned}
          onClose={() => setSearch({}, { replace: true })}
          onSettled={refreshOrders}
        />
      ) : null}

      {placed ? (
        <Alert
          type="info"
          showIcon
          closable
          onClose={() => setPlaced(null)}
          style={{ marginBottom: 16 }}
          title={`Order ${placed.id}: ${placed.spots} athlete spots for ${money(placed.priceCents, placed.currency)}`}
          description={placed.message}
        />
      ) : null}

      <Typography.Title level={2} style={{ fontSize: 18 }}>
        Buy athlete spots
      </Typography.Title>
      {store?.provider === 'manual' ? (
        <Typography.Paragraph type="secondary">
          Payment is arranged with your administrator: an order stays pending until they confirm it,
          and the spots are added then.
        </Typography.Paragraph>
      ) : null}
      {store?.provider === 'stripe' ? (
        <Typography.Paragraph type="secondary">
          You pay on Stripe&apos;s secure page; the spots are added as soon as Stripe confirms the
          payment.
        </Typography.Paragraph>
      ) : null}
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        {(store?.packages ?? []).map((pkg) => (
          <Col key={pkg.id} xs={24} sm={12} lg={8}>
            <PackageCard pkg={pkg} busy={buying === pkg.id} onBuy={() => setConfirming(pkg)} />
          </Col>
        ))}
      </Row>

      <Card
        title="Order history"
        extra={
          <Button onClick={() => void refetch()} loading={isFetching}>
            Check for updates
          </Button>
        }
      >
        <Table<Order>
          size="small"
          rowKey="id"
          loading={ordersLoading}
          dataSource={orders}
          pagination={false}
          scroll={{ x: true }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No orders yet." />,
          }}
          columns={[
            { title: 'Order', dataIndex: 'id' },
            { title: 'Ordered', dataIndex: 'createdAt', render: when },
            { title: 'Spots', dataIndex: 'spots' },
            {
              title: 'Price',
              key: 'price',
              render: (_, order) => money(order.priceCents, order.currency),
            },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (status: Order['status']) => (
                <Tag color={STATUS_COLORS[status]}>{status}</Tag>
              ),
            },
            {
              title: '',
              key: 'receipt',
              align: 'right',
              render: (_, order) => (
                <Button
                  size="small"
                  onClick={() => setReceipt(order.id)}
                  aria-label={`Receipt for order ${order.id}`}
                >
                  Receipt
                </Button>
              ),
            },
          ]}
        />
      </Card>
      {confirming && store ? (
        <ConfirmOrder
          pkg={confirming}
          provider={store.provider}
          busy={buying === confirming.id}
          onConfirm={() => void buy(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {receipt !== null ? <Receipt id={receipt} onClose={() => setReceipt(null)} /> : null}
    </PageFrame>
  );
}
