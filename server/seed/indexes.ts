import { sql, type Kysely } from 'kysely';
import { bulkTableIndexes } from '../db/indexes';
import type { Database } from '../db/schema';

/**
 * Bulk-load mode for large seeds, inside the caller's transaction:
 * - the secondary indexes of results and result_splits are dropped and built again at
 *   the end (one sorted build each instead of millions of row-by-row insertions);
 * - as superuser (PGlite always; PostgreSQL when the role allows), foreign-key triggers
 *   are skipped for this transaction (`session_replication_role = replica`): the seed's
 *   rows reference only the account, athletes and results it has just written and the
 *   built-in event types, so the per-row checks could not fail. The triggers that keep
 *   `board_bests` and `bests_since` are skipped with them: `endBulkLoad` turns triggers
 *   back on and rebuilds both.
 * The cost: DROP INDEX holds an ACCESS EXCLUSIVE lock on both tables until commit, so
 * other sessions' queries on results wait for the load to finish. Fine for a seeding
 * tool; never run a large seed against a busy production database.
 */
export async function beginBulkLoad(trx: Kysely<Database>): Promise<{ triggersSkipped: boolean }> {
  for (const index of bulkTableIndexes) {
    await sql`drop index if exists ${sql.id(index.name)}`.execute(trx);
  }
  const { rows } = await sql<{ su: string }>`select current_setting('is_superuser') as su`.execute(
    trx,
  );
  const triggersSkipped = rows[0]?.su === 'on';
  if (triggersSkipped) await sql`set local session_replication_role = replica`.execute(trx);
  return { triggersSkipped };
}

/**
 * Rebuilds the loaded accounts' `board_bests` (migration 009) and `bests_since` (011),
 * whose triggers were skipped with the foreign-key ones, then the dropped indexes from
 * their one definition, and refreshes the statistics.
 */
export async function endBulkLoad(
  trx: Kysely<Database>,
  triggersSkipped: boolean,
  log: (message: string) => void,
  accountIds: readonly string[],
): Promise<void> {
  // Triggers back on first: bests_since's rows take their athletes' name keys from one (015).
  if (triggersSkipped) await sql`set local session_replication_role = origin`.execute(trx);
  for (const accountId of accountIds) {
    const boards = performance.now();
    await sql`select board_bests_rebuild(${accountId}, null)`.execute(trx);
    log(`board bests built in ${((performance.now() - boards) / 1000).toFixed(1)} s`);
    const bests = performance.now();
    await sql`select bests_rebuild(${accountId}, null)`.execute(trx);
    log(`bests since and closed built in ${((performance.now() - bests) / 1000).toFixed(1)} s`);
  }
  for (const index of bulkTableIndexes) {
    const started = performance.now();
    await sql.raw(index.ddl).execute(trx);
    log(`index ${index.name} built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  // board_bests too: its statistics are from when the migration made it empty, and the
  // bests shape descends it per athlete only when the planner knows its size.
  await sql`analyze results, result_splits, board_bests, bests_since, bests_closed`.execute(trx);
}
