import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Statistics for every table that holds rows (docs/query-plans.md, "Filter
 * combinations"). Without them the planner takes an account's rows of `results` for a
 * handful (PostgreSQL's default selectivity of an equality, 1/200, once per column: one
 * row for `account_id = $1 and event_type_id = 1` of 30,000) and plans nested loops that
 * scan the account's athletes once per result: 0.4-2.6 s for a name and an event type
 * on the demo account, where the same statement with statistics takes 0.3 ms.
 *
 * Nothing else gives a table its first statistics when rows arrive in bulk outside the
 * routes: the seed loader (the demo account, `npm run seed`) analyses only above its
 * bulk threshold, and then not the athlete tables; PGlite has no autovacuum, and its
 * maintenance counts the rows the routes write since the server started; PostgreSQL's
 * autovacuum comes by within a minute, if it is on.
 *
 * So, after a seed (`tables`: the ones it wrote) and at every start: `VACUUM (ANALYZE)`
 * of each table of the schema that has rows but no statistics, or whose statistics
 * describe less than half of its pages now (a table that grew in bulk since). The vacuum
 * marks the pages all-visible, which index-only scans need. A table whose statistics
 * are current costs one catalog read; one statement a table (decision 016). Not in a
 * transaction (VACUUM cannot run in one).
 *
 * @returns the tables refreshed
 */
export async function refreshStatistics(
  db: Kysely<Database>,
  options: {
    /** Refreshed whatever their statistics say (the tables a load just wrote). */
    tables?: readonly string[];
    log?: (message: string) => void;
  } = {},
): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    where c.relnamespace = (select n.oid from pg_namespace n where n.nspname = current_schema())
      and c.relkind = 'r'
      and pg_relation_size(c.oid) > 0
      and (c.reltuples < 0
        or c.relpages * 2 < pg_relation_size(c.oid) / current_setting('block_size')::int
        or (c.reltuples > 0 and not exists (select 1 from pg_stats s
          where s.schemaname = current_schema() and s.tablename = c.relname)))
    order by c.relname`.execute(db);
  const tables = [...new Set([...(options.tables ?? []), ...rows.map((row) => row.name)])];
  for (const name of tables) {
    const started = performance.now();
    await sql`vacuum (analyze) ${sql.table(name)}`.execute(db);
    options.log?.(
      `statistics of ${name} refreshed in ${Math.round(performance.now() - started)} ms`,
    );
  }
  return tables;
}
