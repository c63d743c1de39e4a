import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Every table that holds an account's rows, children before parents so that no foreign
 * key stands in the way (result_splits has no key to users at all, so no cascade would
 * reach it). A test compares this list with the tables that have an `account_id`
 * column: a new table must be added here, or the purge would leave its rows behind.
 */
export const ACCOUNT_TABLES = [
  // First: the triggers of the deletes below then find no best or summary to recompute.
  'board_bests',
  'bests_since',
  'bests_closed',
  'team_days',
  'athlete_indexes',
  'roster_indexes',
  'result_splits',
  'profiles',
  'results',
  'roster_athletes',
  'rosters',
  'athletes',
  'event_aliases',
  'event_types',
  'api_keys',
  // Webhooks go as API keys do; their outbox and log hold copies of athletes and results.
  'webhook_deliveries',
  'webhook_events',
  'webhook_subscriptions',
] as const satisfies readonly (keyof Database)[];

/**
 * Tables with an `account_id` that the purge keeps: what the account bought and was
 * granted (the Store's ledger and orders, docs/store.md) is not data; the activity log is
 * append-only (decision 036) and tells who deleted what, the purge's deletions included.
 */
export const KEPT_ACCOUNT_TABLES = [
  'ledger_entries',
  'store_orders',
  'activity_log',
] as const satisfies readonly (keyof Database)[];

/**
 * `DELETE /api/user/purge`: removes all of the account's data in one transaction, then
 * resets its profile. The users row stays, and with it the sign-in and the athlete
 * spots (bought, not data: the Store's ledger stays): each deleted athlete gives its
 * spot back, as deleting one athlete does (spots left = ledger - athletes). Answers the logo that the caller must delete after
 * commit.
 */
export function purgeAccount(db: Kysely<Database>, accountId: string): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    // Locks the account row: a second purge (or a logo upload) waits for this one.
    const user = await trx
      .selectFrom('users')
      .select('logo_url')
      .where('id', '=', accountId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    for (const table of ACCOUNT_TABLES) {
      await sql`delete from ${sql.table(table)} where account_id = ${accountId}`.execute(trx);
    }
    await trx
      .updateTable('users')
      .set({
        first_name: '',
        last_name: '',
        organisation: '',
        has_updated_profile: false,
        logo_url: null,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', accountId)
      .execute();
    return user.logo_url;
  });
}
