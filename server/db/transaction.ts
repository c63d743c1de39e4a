import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Runs `work` in a transaction of its own, or in the caller's when `db` is one (Kysely
 * cannot nest them). The caller's transaction then decides: its rollback undoes `work`
 * too. The server's start-up warm-up (server/warm-up.ts) runs real writes this way in
 * one transaction that it rolls back; requests pass the server's `db` and are unchanged.
 */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}
