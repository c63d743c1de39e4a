import { sql, type Kysely } from 'kysely';

/**
 * A program page sorted by `None` (result id) walked `results_account_id` (account, id)
 * and skipped the other programs' rows by its INCLUDE column: EAPI results exist only
 * in the last two years of a long history, so page 1 read every older result first
 * (210,000 entries at a million results, docs/query-plans.md section 10). Every other
 * sort family of a program page has a program-keyed index (time, type + time, type +
 * result); this gives the id order one, with the program indexes' predicate (the
 * queries add `program <> 'none'`, migration 010).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists results_program_id on results (account_id, program, id)
    where program <> 'none'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists results_program_id`.execute(db);
}
