import { Type, type Static } from 'typebox';
import { Id, Line, Nullable } from './common';

/**
 * The Store (`/api/store`, docs/store.md): the account's athlete spots and credit, the
 * packages for sale (configuration: STORE_PACKAGES), and orders. Amounts are integer
 * cents of `currency`. With the manual provider (the embedded default) an order stays
 * `pending` until an operator fulfils it (`npm run store -- fulfil <id>`); with Stripe
 * (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET set) the new order answers a `checkoutUrl`
 * where the coach pays, and Stripe's signed webhook fulfils it.
 */

const Instant = Type.String({ format: 'date-time' });

export const PAYMENT_PROVIDERS = ['manual', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const ORDER_STATUSES = ['pending', 'fulfilled', 'refunded', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const StorePackageBody = Type.Object(
  {
    id: Type.String({ description: 'spots-<n>, e.g. spots-25.' }),
    spots: Type.Integer({ minimum: 1 }),
    priceCents: Type.Integer({ minimum: 0 }),
    currency: Type.String(),
  },
  { title: 'StorePackage' },
);
export type StorePackageBody = Static<typeof StorePackageBody>;

/** `GET /api/store`. */
export const StoreBody = Type.Object(
  {
    athleteSpots: Type.Integer({ description: 'How many more athletes fit (as GET /api/user).' }),
    creditCents: Type.Integer({ description: 'Credit not yet spent on spots.' }),
    currency: Type.String(),
    provider: Type.Enum(PAYMENT_PROVIDERS),
    packages: Type.Array(StorePackageBody),
  },
  { title: 'Store' },
);
export type StoreBody = Static<typeof StoreBody>;

/** `POST /api/store/order`: the same idempotencyKey again answers the same order (200). */
export const OrderInput = Type.Object(
  {
    packageId: Line({ minLength: 1, maxLength: 40 }),
    idempotencyKey: Type.Optional(
      Line({
        minLength: 8,
        maxLength: 100,
        description: 'Chosen by the client (a UUID): a retried request finds its order.',
      }),
    ),
  },
  { title: 'OrderInput', additionalProperties: false },
);
export type OrderInput = Static<typeof OrderInput>;

export const OrderBody = Type.Object(
  {
    id: Id,
    packageId: Type.String(),
    spots: Type.Integer(),
    priceCents: Type.Integer(),
    currency: Type.String(),
    provider: Type.String(),
    status: Type.Enum(ORDER_STATUSES),
    createdAt: Instant,
    fulfilledAt: Nullable(Instant),
    refundedAt: Nullable(Instant),
    cancelledAt: Nullable(Instant),
    message: Type.String({ description: 'What happens next, for the coach to read.' }),
    checkoutUrl: Type.Optional(
      Nullable(
        Type.String({
          description:
            'Stripe: the Checkout page where a pending order is paid (the app goes there after ordering); null once it is no longer pending. Absent with the manual provider.',
        }),
      ),
    ),
  },
  { title: 'Order' },
);
export type OrderBody = Static<typeof OrderBody>;

/** `GET /api/store/order`: the account's orders, newest first (not paged). */
export const OrderListBody = Type.Object(
  {
    items: Type.Array(OrderBody),
    totalCount: Type.Integer(),
    pageNumber: Type.Integer(),
    pageSize: Type.Integer(),
  },
  { title: 'OrderList' },
);
export type OrderListBody = Static<typeof OrderListBody>;
