import { sql, type Kysely, type Selectable } from 'kysely';
import type { OrderBody } from '../../contract/store';
import type { StorePackage } from './config';
import type { Database, StoreOrdersTable } from '../db/schema';
import { isStoredId, lockAccount } from '../db/ids';
import { appendEntries, balance } from './ledger';

/**
 * Orders and their life: `pending` (made by a coach) -> `fulfilled` (payment confirmed:
 * the credit and the spots are booked) or `cancelled`; `fulfilled` -> `refunded` (the
 * spots and the money go back). Each change books its ledger entries in the transaction
 * that moves the status, under the account lock; the entries' keys name the order, so a
 * second fulfilment or refund finds them booked and changes nothing.
 */
type Db = Kysely<Database>;
export type OrderRow = Selectable<StoreOrdersTable>;

const MESSAGES: Record<OrderRow['status'], (order: OrderRow) => string> = {
  pending: (o) =>
    o.provider === 'stripe'
      ? 'Waiting for the payment at Stripe; the spots are added as soon as Stripe confirms it.'
      : 'Order received. An administrator will confirm it; the spots are added to your account then.',
  fulfilled: (o) => `Confirmed: ${o.spots} athlete spots were added to your account.`,
  refunded: (o) =>
    `Refunded: the ${o.spots} athlete spots were taken back and the payment returned.`,
  cancelled: () => 'Cancelled: nothing was charged.',
};

export function toOrderBody(row: OrderRow): OrderBody {
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    id: Number(row.id),
    packageId: row.package_id,
    spots: row.spots,
    priceCents: Number(row.price_cents),
    currency: row.currency,
    provider: row.provider,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    fulfilledAt: iso(row.fulfilled_at),
    refundedAt: iso(row.refunded_at),
    cancelledAt: iso(row.cancelled_at),
    message: MESSAGES[row.status](row),
    // Stripe's page is only worth going to while the order waits for its payment.
    ...(row.provider === 'stripe'
      ? { checkoutUrl: row.status === 'pending' ? row.checkout_url : null }
      : {}),
  };
}

export type CreateOrderResult =
  | { kind: 'created' | 'replayed' | 'reused'; order: OrderRow }
  | { kind: 'key-reused'; order: OrderRow };

/**
 * Makes a pending order of a package, once per (account, idempotency key): the same key
 * again answers the order it made (`replayed`), or `key-reused` when it named another
 * package. An account has at most one open order per package and provider: a new key
 * for a package with a pending order answers that order (`reused`), so that 40 parallel
 * clicks make one order and one Checkout Session, not 40 (issue 31). Decided under the
 * account's lock.
 */
export function createOrder(
  db: Db,
  accountId: string,
  pkg: StorePackage,
  currency: string,
  provider: string,
  idempotencyKey: string,
): Promise<CreateOrderResult> {
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, accountId);
    const existing = await trx
      .selectFrom('store_orders')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    if (existing) {
      return { kind: existing.package_id === pkg.id ? 'replayed' : 'key-reused', order: existing };
    }
    const open = await trx
      .selectFrom('store_orders')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('package_id', '=', pkg.id)
      // Of this provider: a manual order left from before the switch to Stripe has no
      // Checkout page to send the coach to; it stays for the operator to confirm or cancel.
      .where('provider', '=', provider)
      .where('status', '=', 'pending')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (open) return { kind: 'reused', order: open };
    const made = await trx
      .insertInto('store_orders')
      .values({
        account_id: accountId,
        package_id: pkg.id,
        spots: pkg.spots,
        price_cents: pkg.priceCents,
        currency,
        provider,
        idempotency_key: idempotencyKey,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { kind: 'created', order: made };
  });
}

export function listOrders(db: Db, accountId: string): Promise<OrderRow[]> {
  return db
    .selectFrom('store_orders')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .execute();
}

/** The account's order, or undefined (another account's order is not found). */
export function getOrder(db: Db, accountId: string, id: number): Promise<OrderRow | undefined> {
  if (!isStoredId(id)) return Promise.resolve(undefined);
  return db
    .selectFrom('store_orders')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', String(id))
    .executeTakeFirst();
}

/** Every pending order, oldest first, with the buyer's e-mail (the operator's list). */
export function listPendingOrders(db: Db): Promise<(OrderRow & { email: string })[]> {
  return db
    .selectFrom('store_orders as o')
    .innerJoin('users as u', 'u.id', 'o.account_id')
    .selectAll('o')
    .select('u.email')
    .where('o.status', '=', 'pending')
    .orderBy('o.id')
    .execute();
}

export type OrderChange =
  | { kind: 'done'; order: OrderRow }
  | { kind: 'already'; order: OrderRow }
  | { kind: 'refused'; order: OrderRow; reason: string }
  | { kind: 'not-found' };

/**
 * Locks the account of the order found by `column`, then the order itself, in the
 * caller's transaction (the account lock first, as every writer of spots takes it).
 */
export async function lockOrder(
  trx: Db,
  column: 'id' | 'checkout_session_id' | 'payment_intent_id',
  value: string,
): Promise<OrderRow | undefined> {
  const found = await trx
    .selectFrom('store_orders')
    .select(['id', 'account_id'])
    .where(column, '=', value)
    .executeTakeFirst();
  if (!found) return undefined;
  await lockAccount(trx, found.account_id);
  return trx
    .selectFrom('store_orders')
    .selectAll()
    .where('id', '=', found.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Runs `change` on the order (any account's: the operator's commands) under its account's lock. */
function changeOrder(
  db: Db,
  id: number,
  change: (trx: Db, order: OrderRow) => Promise<OrderChange>,
): Promise<OrderChange> {
  if (!isStoredId(id)) return Promise.resolve({ kind: 'not-found' });
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, 'id', String(id));
    return order ? change(trx, order) : { kind: 'not-found' };
  });
}

function setStatus(trx: Db, order: OrderRow, status: OrderRow['status']): Promise<OrderRow> {
  const stamp = sql<Date>`now()`;
  return trx
    .updateTable('store_orders')
    .set({
      status,
      ...(status === 'fulfilled' ? { fulfilled_at: stamp } : {}),
      ...(status === 'refunded' ? { refunded_at: stamp } : {}),
      ...(status === 'cancelled' ? { cancelled_at: stamp } : {}),
    })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Payment confirmed: books the credit bought and its spending on the order's spots, and
 * marks the order fulfilled. A fulfilled order is `already`; a cancelled or refunded one
 * is refused.
 */
export function fulfilOrder(db: Db, id: number): Promise<OrderChange> {
  return changeOrder(db, id, fulfilLocked);
}

/** `fulfilOrder` on an order locked by `lockOrder` in `trx` (Stripe's webhook, with its event). */
export async function fulfilLocked(trx: Db, order: OrderRow): Promise<OrderChange> {
  if (order.status === 'fulfilled') return { kind: 'already', order };
  if (order.status !== 'pending') {
    return { kind: 'refused', order, reason: `the order is ${order.status}` };
  }
  const price = Number(order.price_cents);
  await appendEntries(trx, order.account_id, [
    {
      kind: 'credit_purchase',
      creditCents: price,
      orderId: order.id,
      idempotencyKey: `order:${order.id}:credit`,
      note: `Payment of order ${order.id} (${order.provider})`,
    },
    {
      kind: 'spots_purchase',
      spots: order.spots,
      creditCents: -price,
      orderId: order.id,
      idempotencyKey: `order:${order.id}:spots`,
      note: `${order.spots} spots (${order.package_id})`,
    },
  ]);
  return { kind: 'done', order: await setStatus(trx, order, 'fulfilled') };
}

/**
 * Refunds a fulfilled order (its spots go back to credit, the credit back to the buyer),
 * unless the account holds more athletes than the spots left after; a pending order is
 * cancelled instead (nothing was paid). Refunded or cancelled: `already`.
 */
export function refundOrder(db: Db, id: number): Promise<OrderChange> {
  return changeOrder(db, id, refundLocked);
}

/** `refundOrder` on an order locked by `lockOrder` in `trx`. */
export async function refundLocked(trx: Db, order: OrderRow): Promise<OrderChange> {
  if (order.status === 'refunded' || order.status === 'cancelled') {
    return { kind: 'already', order };
  }
  if (order.status === 'pending') {
    return { kind: 'done', order: await setStatus(trx, order, 'cancelled') };
  }
  const { spotsLeft } = await balance(trx, order.account_id);
  if (spotsLeft < order.spots) {
    return {
      kind: 'refused',
      order,
      reason: `the account has only ${Math.max(0, spotsLeft)} spots left, fewer than the order's ${order.spots}: athletes must be deleted first`,
    };
  }
  const price = Number(order.price_cents);
  await appendEntries(trx, order.account_id, [
    {
      kind: 'spots_return',
      spots: -order.spots,
      creditCents: price,
      orderId: order.id,
      idempotencyKey: `order:${order.id}:return`,
      note: `${order.spots} spots of order ${order.id} returned`,
    },
    {
      kind: 'refund',
      creditCents: -price,
      orderId: order.id,
      idempotencyKey: `order:${order.id}:refund`,
      note: `Refund of order ${order.id}`,
    },
  ]);
  return { kind: 'done', order: await setStatus(trx, order, 'refunded') };
}

/** Cancels a pending order (its payment expired or failed); any other status is `already`. */
export async function cancelLocked(trx: Db, order: OrderRow): Promise<OrderChange> {
  if (order.status !== 'pending') return { kind: 'already', order };
  return { kind: 'done', order: await setStatus(trx, order, 'cancelled') };
}

/**
 * Stores the Checkout Session that pays a pending order, unless it has one or is no longer
 * pending (a failed start cancelled it meanwhile): undefined then. Its counterpart
 * `cancelUnstarted` has the opposite condition, so of the two exactly one wins.
 */
export function setCheckout(
  db: Db,
  id: string,
  sessionId: string,
  url: string | null,
): Promise<OrderRow | undefined> {
  return db
    .updateTable('store_orders')
    .set({ checkout_session_id: sessionId, checkout_url: url })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('checkout_session_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Cancels a pending order whose payment could not be started (no session): nothing was charged. */
export async function cancelUnstarted(db: Db, id: string): Promise<void> {
  await db
    .updateTable('store_orders')
    .set({ status: 'cancelled', cancelled_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('checkout_session_id', 'is', null)
    .execute();
}

/** The order as stored now (any account's). */
export function orderById(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('store_orders').selectAll().where('id', '=', id).executeTakeFirst();
}
