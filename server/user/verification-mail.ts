import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The once-a-minute limit of `POST /api/user/verification-email`, kept on the account
 * row so that every server process agrees: one conditional UPDATE claims the slot, so
 * two parallel requests cannot both send.
 */
export type Claim = { ok: true; previous: Date | null } | { ok: false; retryAfterSeconds: number };

export async function claimVerificationMail(
  db: Kysely<Database>,
  accountId: string,
  intervalSeconds: number,
): Promise<Claim> {
  const interval = sql`make_interval(secs => ${intervalSeconds})`;
  // The previous value comes from a self-join: UPDATE ... RETURNING sees only the new one.
  const claimed = await sql<{ previous: Date | null }>`
    update users set verification_mail_sent_at = now()
    from (select verification_mail_sent_at as previous from users where id = ${accountId}) before
    where users.id = ${accountId}
      and (users.verification_mail_sent_at is null
        or users.verification_mail_sent_at <= now() - ${interval})
    returning before.previous`.execute(db);
  const [row] = claimed.rows;
  if (row) return { ok: true, previous: row.previous };
  const wait = await sql<{ seconds: number }>`
    select greatest(1, ceil(extract(epoch from
      verification_mail_sent_at + ${interval} - now())))::integer as seconds
    from users where id = ${accountId}`.execute(db);
  return { ok: false, retryAfterSeconds: wait.rows[0]?.seconds ?? intervalSeconds };
}

/** Gives the slot back when nothing was sent, so that the user may try again at once. */
export async function releaseVerificationMail(
  db: Kysely<Database>,
  accountId: string,
  previous: Date | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ verification_mail_sent_at: previous })
    .where('id', '=', accountId)
    .execute();
}
