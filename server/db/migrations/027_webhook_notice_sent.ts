import { sql, type Kysely } from 'kysely';

/**
 * The "webhook disabled" mail recorded as sent, apart from its claim (issue 31; server/
 * webhook/disabled-mail.ts): `disabled_notice_at` is when a process claimed the notice,
 * `disabled_notice_sent_at` when the mail went out. A claim that is not followed by a
 * "sent" (the process died between the two) is taken up again by the hourly sweep once
 * it is old enough; before, the claim alone counted as sent and the mail was lost.
 * Notices claimed before this migration count as sent (what the old code meant by a
 * claim; nothing tells the lost ones apart): no second mail for them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table webhook_subscriptions add column disabled_notice_sent_at timestamptz;
    update webhook_subscriptions set disabled_notice_sent_at = disabled_notice_at
      where disabled_notice_at is not null;
  `.execute(db);
}

/** The claim alone marks the notice again, as before. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table webhook_subscriptions drop column disabled_notice_sent_at`.execute(db);
}
