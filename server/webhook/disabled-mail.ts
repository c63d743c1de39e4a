import { sql, type Kysely } from 'kysely';
import { WEBHOOK_DISABLE_AFTER_FAILURES } from '../../contract/webhook';
import type { Database } from '../db/schema';
import { linkMail, type Mailer, type MailMessage } from '../identity';

/**
 * The mail to the coach when a webhook is disabled (issue 31: the page showed the
 * reason, but nobody looks at it while the receiver is down). Each disabling mails once:
 * a conditional update claims the notice (`disabled_notice_at`), whichever process
 * disabled the webhook; the worker sends it right after the failure that disabled it,
 * then marks it sent (`disabled_notice_sent_at`, migration 027). The worker's hourly
 * sweep sends what a crash or a mail failure left: a failed mail gives the claim back,
 * and a claim still not sent NOTICE_CLAIM_MS after it was made (its process died
 * between the claim and the mail) is claimed again. Resume clears both marks, so a
 * second disabling mails again.
 */
type Db = Kysely<Database>;

/**
 * How long a claimed notice may wait for its mail before a sweep claims it again: longer
 * than a mail can take (nodemailer's SMTP time-outs add up to 12.5 minutes: 2 to connect,
 * 0.5 for the greeting, 10 of silence on the socket), so a slow mail is not sent twice.
 */
export const NOTICE_CLAIM_MS = 15 * 60_000;

/** A disabled subscription whose coach has not been told yet. */
export interface DisabledNotice {
  id: string;
  email: string;
  url: string;
  description: string;
  reason: string | null;
  /** The claim (`disabled_notice_at` as text, to the microsecond): what marks it sent. */
  claim: string;
}

/**
 * Claims the notices not sent yet: the subscription's alone, or (undefined) any, up to
 * 100. Not sent yet: not claimed, or claimed more than `claimMs` ago and still not
 * marked sent. Claimed means being sent as far as other processes know.
 *
 * The outer WHERE repeats the subquery's conditions: on PostgreSQL a second claim at the
 * same moment waits for the first one's row lock, then re-checks only the conditions on
 * the row it updates (not the subquery that picked it): without them it claimed the
 * notice a second time, and the coach got two mails.
 */
export async function claimDisabledNotices(
  db: Db,
  subscriptionId: string | undefined,
  claimMs = NOTICE_CLAIM_MS,
): Promise<DisabledNotice[]> {
  const only = subscriptionId === undefined ? sql`true` : sql`s.id = ${subscriptionId}`;
  const unsent = sql`s.status = 'disabled' and s.disabled_notice_sent_at is null
    and (s.disabled_notice_at is null
      or s.disabled_notice_at < now() - make_interval(secs => ${claimMs / 1000}))`;
  const { rows } = await sql<DisabledNotice>`
    update webhook_subscriptions s set disabled_notice_at = now()
    from users u
    where u.id = s.account_id and ${unsent} and s.id in (
      select id from webhook_subscriptions s where ${unsent} and ${only}
      order by id limit 100)
    returning s.id, u.email, s.url, s.description, s.disabled_reason as reason,
      s.disabled_notice_at::text as claim`.execute(db);
  return rows;
}

/** Marks a claimed notice sent: no sweep sends it again (until a resume and a new disabling). */
export async function markDisabledNoticeSent(db: Db, notice: DisabledNotice): Promise<void> {
  await sql`update webhook_subscriptions set disabled_notice_sent_at = now()
    where id = ${notice.id} and disabled_notice_at = ${notice.claim}::timestamptz`.execute(db);
}

/** Gives a claim back after its mail failed: the next sweep tries again. */
export async function releaseDisabledNotice(db: Db, notice: DisabledNotice): Promise<void> {
  await sql`update webhook_subscriptions set disabled_notice_at = null
    where id = ${notice.id} and status = 'disabled' and disabled_notice_sent_at is null
      and disabled_notice_at = ${notice.claim}::timestamptz`.execute(db);
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
 * Claims and sends the notices (the subscription's, or every one pending), each marked
 * sent once its mail went out; a mail that fails is given back and the error thrown
 * after the rest went out. A crash (or a database outage) between a mail and its mark
 * sends that mail again after NOTICE_CLAIM_MS: twice rather than never.
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
      await releaseDisabledNotice(db, notice);
      continue;
    }
    await markDisabledNoticeSent(db, notice);
  }
  if (failure !== undefined) throw failure;
  return notices.length;
}
