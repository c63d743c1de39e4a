import type { PaymentProvider } from '../../contract/store';
import type { OrderRow } from './orders';

/**
 * How the Store is paid. Every provider makes the same pending orders (orders.ts) and
 * fulfils them through the same ledger code; they differ in how a payment starts and who
 * confirms it:
 *
 * - `manual` (the embedded default): nothing starts; an operator confirms the payment with
 *   `npm run store -- fulfil <id>`.
 * - `stripe` (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET set): a Checkout Session where
 *   the coach pays (the order's `checkoutUrl`); only Stripe's signed webhook fulfils
 *   (stripe-webhook.ts).
 */
export interface Payments {
  readonly name: PaymentProvider;
  /**
   * Starts paying a pending order just made, or made by an earlier try of the same
   * request: answers the order as the coach should see it (with Stripe, its checkout
   * page). Starting twice starts once.
   * @throws PaymentUnavailable when the payment service cannot start it; the order was
   *   cancelled then and nothing was charged.
   */
  start(order: OrderRow): Promise<OrderRow>;
}

/** The payment service did not answer or refused: the order was cancelled, nothing charged. */
export class PaymentUnavailable extends Error {
  override name = 'PaymentUnavailable';
}
