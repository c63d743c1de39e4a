import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { grantSpots } from './ledger';
import { fulfilOrder, listPendingOrders, refundOrder, type OrderChange } from './orders';

/**
 * The operator's commands (`npm run store -- <command>`, docs/store.md), as a function
 * of the database and the arguments so that tests run them on both engines. Each change
 * is one transaction; running it again books nothing and says so.
 */
export const STORE_USAGE = `Usage: npm run store -- <command>
  list                          pending orders, oldest first
  fulfil <orderId>              payment received: add the order's spots
  refund <orderId>              a fulfilled order: take its spots back, return the money;
                                a pending one: cancel it
  grant <email> <spots> [--key <text>]
                                give spots (negative: take back); the same grant with the
                                same key (default: e-mail, spots and today's date) books once`;

export class StoreUsageError extends Error {}

export interface CommandResult {
  /** 0 done (or already done), 1 refused or not found. */
  exitCode: 0 | 1;
  lines: string[];
}

const money = (cents: number | string, currency: string) =>
  `${(Number(cents) / 100).toFixed(2)} ${currency}`;

function orderResult(verb: string, id: string, change: OrderChange): CommandResult {
  switch (change.kind) {
    case 'not-found':
      return { exitCode: 1, lines: [`store: no order ${id}.`] };
    case 'already':
      return {
        exitCode: 0,
        lines: [`store: order ${id} is already ${change.order.status}; nothing changed.`],
      };
    case 'refused':
      return { exitCode: 1, lines: [`store: cannot ${verb} order ${id}: ${change.reason}.`] };
    case 'done':
      return {
        exitCode: 0,
        lines: [
          `store: order ${id} is now ${change.order.status} (${change.order.spots} spots, ${money(change.order.price_cents, change.order.currency)}).`,
        ],
      };
  }
}

function orderId(text: string | undefined): number {
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id < 1) {
    throw new StoreUsageError(`an order id is a whole number from 1 (got ${text ?? 'nothing'}).`);
  }
  return id;
}

export async function runStoreCommand(
  db: Kysely<Database>,
  args: readonly string[],
  today: () => string = () => new Date().toISOString().slice(0, 10),
): Promise<CommandResult> {
  const [command, ...rest] = args;
  switch (command) {
    case 'list': {
      const pending = await listPendingOrders(db);
      if (pending.length === 0) return { exitCode: 0, lines: ['store: no pending orders.'] };
      return {
        exitCode: 0,
        lines: pending.map(
          (o) =>
            `${o.id}\t${o.created_at.toISOString()}\t${o.email}\t${o.spots} spots\t${money(o.price_cents, o.currency)}`,
        ),
      };
    }
    case 'fulfil':
    case 'fulfill':
      return orderResult('fulfil', rest[0] ?? '', await fulfilOrder(db, orderId(rest[0])));
    case 'refund':
      return orderResult('refund', rest[0] ?? '', await refundOrder(db, orderId(rest[0])));
    case 'grant': {
      const keyAt = rest.indexOf('--key');
      const key = keyAt >= 0 ? rest[keyAt + 1] : undefined;
      if (keyAt >= 0 && !key) throw new StoreUsageError('--key needs a value.');
      const [email, spotsText] =
        keyAt >= 0 ? rest.filter((_, i) => i < keyAt || i > keyAt + 1) : rest;
      const spots = Number(spotsText);
      if (!email?.includes('@')) throw new StoreUsageError('grant needs an e-mail address.');
      if (!Number.isSafeInteger(spots) || spots === 0 || Math.abs(spots) > 1_000_000) {
        throw new StoreUsageError(
          `spots is a whole number other than 0 (got ${spotsText ?? 'nothing'}).`,
        );
      }
      const account = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email.trim().toLowerCase())
        .executeTakeFirst();
      if (!account) return { exitCode: 1, lines: [`store: no account with the e-mail ${email}.`] };
      const idempotencyKey = `grant:${account.id}:${key ?? `${spots}:${today()}`}`;
      const result = await grantSpots(db, account.id, spots, idempotencyKey, 'Operator grant');
      if (!result) {
        return {
          exitCode: 1,
          lines: [`store: cannot take back ${-spots} spots from ${email}: fewer are left.`],
        };
      }
      return {
        exitCode: 0,
        lines: [
          result.booked
            ? `store: granted ${spots} spots to ${email}; ${result.spotsLeft} left.`
            : `store: this grant (key ${idempotencyKey}) was already booked; nothing changed (pass --key to grant again).`,
        ],
      };
    }
    default:
      throw new StoreUsageError(command ? `unknown command ${command}.` : '');
  }
}
