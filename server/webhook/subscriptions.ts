import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  DeliveryBody,
  DeliveryListBody,
  WebhookBody,
  WebhookInput,
  WebhookEventType,
} from '../../contract/webhook';
import { WEBHOOK_TEST_EVENT } from '../../contract/webhook';
import { isStoredId, lockAccount } from '../db/ids';
import { recordActivity, type Actor } from '../activity';
import type { Database, WebhookDeliveriesTable, WebhookSubscriptionsTable } from '../db/schema';
import { newMessageId } from './queue';

/**
 * Subscriptions and their delivery log, every query scoped by the account. The secret is
 * `whsec_` and 32 random bytes in base64 (the Standard Webhooks format), shown once when
 * made; it is stored sealed with the server's key (secret-box.ts: every request is signed
 * with it, so it must stay readable, but not to whoever reads the table), with its first
 * characters in clear for the page (`secret_prefix`).
 */
type Db = Kysely<Database>;
type SubscriptionRow = Selectable<WebhookSubscriptionsTable>;
type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** `whsec_` and the secret's first 4 characters: enough to tell secrets apart. */
const SECRET_PREFIX_LENGTH = 'whsec_'.length + 4;

export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function toWebhookBody(row: SubscriptionRow): WebhookBody {
  return {
    id: Number(row.id),
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    status: row.status,
    disabledReason: row.disabled_reason,
    secretPrefix: row.secret_prefix,
    createdAt: row.created_at.toISOString(),
    lastDeliveryAt: row.last_delivery_at?.toISOString() ?? null,
    lastStatusCode: row.last_status_code,
    consecutiveFailures: row.consecutive_failures,
  };
}

export function listSubscriptions(db: Db, accountId: string): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .execute();
}

export async function findSubscription(
  db: Db,
  accountId: string,
  id: number,
): Promise<SubscriptionRow | undefined> {
  if (!isStoredId(id)) return undefined;
  return db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', String(id))
    .executeTakeFirst();
}

/**
 * Makes a subscription unless the account has `max` already (counted under the account
 * lock: two requests for the last place cannot both get it), its new secret stored as
 * `seal` makes it.
 * @returns the row and the secret in clear (to show once), or undefined when the account is at `max`
 */
export function createSubscription(
  db: Db,
  accountId: string,
  input: WebhookInput,
  max: number,
  seal: (accountId: string, secret: string) => string,
  actor: Actor,
): Promise<{ row: SubscriptionRow; secret: string } | undefined> {
  const secret = newSecret();
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, accountId);
    const { n } = await trx
      .selectFrom('webhook_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= max) return undefined;
    const row = await trx
      .insertInto('webhook_subscriptions')
      .values({
        account_id: accountId,
        url: input.url.trim(),
        description: input.description?.trim() ?? '',
        events: [...input.events],
        secret: seal(accountId, secret),
        secret_prefix: secret.slice(0, SECRET_PREFIX_LENGTH),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordWebhook(trx, accountId, actor, 'created', row, null, settings(row));
    return { row, secret };
  });
}

/** What the activity log keeps of a subscription before and after a change. */
const settings = (row: SubscriptionRow) => ({
  url: row.url,
  description: row.description,
  events: row.events,
});

/** One entry of the activity log about a subscription, named by its URL. */
function recordWebhook(
  trx: Db,
  accountId: string,
  actor: Actor,
  action: 'created' | 'updated' | 'deleted',
  row: Pick<SubscriptionRow, 'id' | 'url'>,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  return recordActivity(trx, {
    accountId,
    actor,
    kind: 'webhook',
    action,
    subjectId: row.id,
    subjectLabel: row.url,
    before,
    after,
  });
}

export function updateSubscription(
  db: Db,
  accountId: string,
  id: number,
  input: WebhookInput,
  actor: Actor,
): Promise<SubscriptionRow | undefined> {
  if (!isStoredId(id)) return Promise.resolve(undefined);
  return db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom('webhook_subscriptions')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', String(id))
      .forUpdate()
      .executeTakeFirst();
    if (!old) return undefined;
    const row = await trx
      .updateTable('webhook_subscriptions')
      .set({
        url: input.url.trim(),
        description: input.description?.trim() ?? '',
        events: [...input.events],
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', old.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordWebhook(trx, accountId, actor, 'updated', row, settings(old), settings(row));
    return row;
  });
}

export function deleteSubscription(
  db: Db,
  accountId: string,
  id: number,
  actor: Actor,
): Promise<boolean> {
  if (!isStoredId(id)) return Promise.resolve(false);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('webhook_subscriptions')
      .where('account_id', '=', accountId)
      .where('id', '=', String(id))
      .returning(['id', 'url'])
      .executeTakeFirst();
    if (!row) return false;
    await recordWebhook(trx, accountId, actor, 'deleted', row, null, null);
    return true;
  });
}

/**
 * Pause: deliveries wait (a disabled subscription stays disabled: resume is what brings
 * it back). Resume: active again, its failures in a row cleared (and its disabled
 * notice, so a second disabling mails again), and what is still due is sent; the route
 * then recovers what a disabled one missed (recover.ts).
 */
export function setSubscriptionState(
  db: Db,
  accountId: string,
  id: number,
  action: 'pause' | 'resume',
  actor: Actor,
): Promise<SubscriptionRow | undefined> {
  if (!isStoredId(id)) return Promise.resolve(undefined);
  const set =
    action === 'pause'
      ? { status: sql<'paused'>`case when status = 'disabled' then status else 'paused' end` }
      : {
          status: 'active' as const,
          disabled_reason: null,
          consecutive_failures: 0,
          disabled_notice_at: null,
          disabled_notice_sent_at: null,
        };
  return db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom('webhook_subscriptions')
      .select('status')
      .where('account_id', '=', accountId)
      .where('id', '=', String(id))
      .forUpdate()
      .executeTakeFirst();
    if (!old) return undefined;
    const row = await trx
      .updateTable('webhook_subscriptions')
      .set({ ...set, updated_at: sql<Date>`now()` })
      .where('account_id', '=', accountId)
      .where('id', '=', String(id))
      .returningAll()
      .executeTakeFirstOrThrow();
    if (row.status !== old.status) {
      const status = (value: string) => ({ status: value });
      await recordWebhook(
        trx,
        accountId,
        actor,
        'updated',
        row,
        status(old.status),
        status(row.status),
      );
    }
    return row;
  });
}

/**
 * A `webhook.test` event for this subscription alone, with its delivery made at once (in
 * one transaction), so that the answer can show it.
 */
export function queueTestEvent(db: Db, subscription: SubscriptionRow): Promise<DeliveryRow> {
  return db.transaction().execute(async (trx) => {
    const event = await trx
      .insertInto('webhook_events')
      .values({
        account_id: subscription.account_id,
        type: WEBHOOK_TEST_EVENT,
        subscription_id: subscription.id,
        fanned_out: true,
        message_id: newMessageId,
        payload: JSON.stringify({
          webhookId: Number(subscription.id),
          message: 'A test event from Splitline: your endpoint is reachable.',
        }),
      })
      .returning(['id', 'message_id'])
      .executeTakeFirstOrThrow();
    return trx
      .insertInto('webhook_deliveries')
      .values({
        account_id: subscription.account_id,
        subscription_id: subscription.id,
        event_id: event.id,
        message_id: event.message_id!,
        event_type: WEBHOOK_TEST_EVENT,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export function toDeliveryBody(row: DeliveryRow): DeliveryBody {
  return {
    id: Number(row.id),
    messageId: row.message_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.created_at.toISOString(),
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    nextAttemptAt:
      row.status === 'pending' || row.status === 'retrying'
        ? (row.next_attempt_at?.toISOString() ?? null)
        : null,
    statusCode: row.status_code,
    durationMs: row.duration_ms,
    error: row.error,
    responseExcerpt: row.response_excerpt,
  };
}

/** A page of the subscription's deliveries, newest first. */
export async function listDeliveries(
  db: Db,
  accountId: string,
  subscriptionId: string,
  page: { pageNumber: number; pageSize: number },
): Promise<DeliveryListBody> {
  const where = db
    .selectFrom('webhook_deliveries')
    .where('account_id', '=', accountId)
    .where('subscription_id', '=', subscriptionId);
  const [rows, count] = await Promise.all([
    where
      .selectAll()
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize)
      .execute(),
    where.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(toDeliveryBody),
    totalCount: Number(count.n),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
  };
}
