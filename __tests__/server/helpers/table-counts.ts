import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';

/**
 * Each table's rows in the current schema, by name (the migrations' own tables left
 * out): what a copy must have the same of (migrate-to-postgres's test and bench).
 */
export async function tableCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string }>`
    select relname as name from pg_class
    where relnamespace = (select oid from pg_namespace where nspname = current_schema())
      and relkind = 'r' and relname not like 'kysely_migration%' order by relname`.execute(db);
  const out: Record<string, number> = {};
  for (const { name } of rows) {
    const row = await sql<{
      n: string;
    }>`select count(*)::text as n from ${sql.table(name)}`.execute(db);
    out[name] = Number(row.rows[0]!.n);
  }
  return out;
}
