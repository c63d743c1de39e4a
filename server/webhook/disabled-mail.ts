import { sql, type Kysely } from 'kysely';
import { WEBHOOK_DISABLE_AFTER_FAILURES } from '../../contract/webhook';
import type { Database } from '../db/schema';
import { linkMail, type Mailer, type MailMessage } from '../identity';

/**
 * The mail to the coach when a webhook is disabled (issue 31: the page showed the
 * reason, but nobody looks at it while the receiver is down). Each disabling mails once:
 * a conditional update claims the notice (`disabled_notice_at`), whichever process
 * disabled the webhook; the worker sends it right after the failure that disabled it,
 * and its hourly sweep sends what a crash or a mail failure left (a failed mail gives the
 * claim back). Resume clears the mark, so a second disabling mails again.
 */
type Db = Kysely<Database>;

/** A disabled subscription whose coach has not been told yet. */
export interface DisabledNotice {
  id: string;
  email: string;
  url: string;
  description: string;
  reason: string | null;
}

/**
 * Claims the notices not sent yet: the subscription's alone, or (undefined) any, up to
 * 100. Claimed means sent as far as other processes know.
 *
 * The outer WHERE repeats the subquery's conditions: on PostgreSQL a second claim at the
 * same moment waits for the first one's row lock, then re-checks only the conditions on
 * the row it updates (not the subquery that picked it): without them it claimed the
 * notice a second time, and the coach got two mails.
 */
export async function claimDisabledNotices(
  db: Db,
  subscriptionId: string | undefined,
): Promise<DisabledNotice[]> {
  const only = subscriptionId === undefined ? sql`true` : sql`s.id = ${subscriptionId}`;
  const { rows } = await sql<DisabledNotice>`
    update webhook_subscriptions s set disabled_notice_at = now()
    from users u
    where u.id = s.account_id and s.status = 'disabled' and s.disabled_notice_at is null
      and s.id in (
      select id from webhook_subscriptions s
      where s.status = 'disabled' and s.disabled_notice_at is null and ${only}
      order by id limit 100)
    returning s.id, u.email, s.url, s.description, s.disabled_reason as reason`.execute(db);
  return rows;
}

/** Gives a claim back after its mail failed: the next sweep tries again. */
export async function releaseDisabledNotice(db: Db, id: string): Promise<void> {
  await db
    .updateTable('webhook_subscriptions')
    .set({ disabled_notice_at: null })
    .where('id', '=', id)
    .where('status', '=', 'disabled')
    .execute();
}

/** The mail: which webhook, why, what happens to events meanwhile, and what to do. */
export function disabledMail(
  notice: DisabledNotice,
  publicUrl: string,
  keepDays: number,
): MailMessage {
  const name = notice.description ? `"${notice.description}" (${notice.url})` : notice.url;
  return linkMail({
    to: notice.email,
    subject: 'A Splitline webhook was disabled',
    lead:
      `Your webhook ${name} was disabled after ${WEBHOOK_DISABLE_AFTER_FAILURES} deliveries ` +
      `in a row failed (${notice.reason ?? 'repeated failures'}). Splitline sends it nothing ` +
      `until you resume it.`,
    open: 'Open Integrations to see its delivery log and resume it:',
    action: 'Open Integrations',
    link: `${publicUrl}/home/integration`,
    after:
      `Fix the receiver, then press Resume: the events it missed since its last successful ` +
      `delivery are sent again (events are kept ${keepDays} days). You get this mail once ` +
      `each time the webhook is disabled.`,
  });
}

/**
 * Claims and sends the notices (the subscription's, or every one pending); a mail that
 * fails is given back and the error thrown after the rest went out.
 */
export async function sendDisabledNotices(
  db: Db,
  mailer: Mailer,
  subscriptionId: string | undefined,
  publicUrl: string,
  keepDays: number,
): Promise<number> {
  const notices = await claimDisabledNotices(db, subscriptionId);
  let failure: unknown;
  for (const notice of notices) {
    try {
      await mailer.send(disabledMail(notice, publicUrl, keepDays));
    } catch (error) {
      failure ??= error;
      await releaseDisabledNotice(db, notice.id);
    }
  }
  if (failure !== undefined) throw failure;
  return notices.length;
}
