import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from './schema';

/**
 * One step of a maintenance: a statement, or work that decides its statements when it
 * runs (`vacuumInParts`), calling `between()` before each of them.
 */
export type MaintenanceStep =
  RawBuilder<unknown> | ((db: Kysely<Database>, between: () => Promise<void>) => Promise<void>);

/**
 * How long a maintenance statement waits for the API to be idle before it runs anyway
 * (under a steady overload it still makes progress, one statement at a time).
 */
export const MAINTENANCE_MAX_WAIT_MS = 1_000;

/** Columns that one `ANALYZE` statement of `vacuumInParts` computes statistics for. */
export const COLUMNS_PER_ANALYZE = 4;

/**
 * `VACUUM (ANALYZE)` of a table as short statements (decision 028): the `VACUUM`, then
 * `ANALYZE` of its columns a few at a time. On the embedded database a statement holds
 * the event loop, and the mix's `vacuum (analyze) results` held it 220-330 ms every
 * ~8 s (its `ANALYZE`: ~20 ms to sample 30,000 rows, then ~10 ms a column, for 17
 * columns), which was the whole of the mix's p99; each part is now under ~70 ms.
 * Every column gets statistics from its own sample of the same size as before, so the
 * planner's figures are the same kind as a whole-table `ANALYZE`'s.
 *
 * The columns of an extended statistics object (`results_account_type_distance`) are
 * analysed in one statement, which computes the object. PostgreSQL warns, in every
 * other statement, that the object "could not be computed": those run with
 * `client_min_messages = error` for the statement (in a transaction of their own; `ANALYZE`
 * may run in one, `VACUUM` may not). A table with an expression index is analysed whole:
 * the statistics of index expressions are computed only without a column list.
 */
export function vacuumInParts(table: string): MaintenanceStep[] {
  return [
    sql`vacuum ${sql.table(table)}`,
    async (db, between) => {
      const { rows } = await sql<{
        columns: string[];
        /** Each extended statistics object's columns, as JSON. */
        objects: string[];
        expressions: boolean;
      }>`
        select
          array(select a.attname::text from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
              and a.attstattarget is distinct from 0
            order by a.attnum) as columns,
          array(select array_to_json(array(select a.attname::text from pg_attribute a
              where a.attrelid = c.oid and a.attnum = any(s.stxkeys::int2[]) order by a.attnum))::text
            from pg_statistic_ext s where s.stxrelid = c.oid) as objects,
          exists (select 1 from pg_index i where i.indrelid = c.oid and i.indexprs is not null)
            as expressions
        from pg_class c where c.oid = ${table}::regclass`.execute(db);
      const found = rows[0];
      if (!found || found.expressions) {
        await between();
        await sql`analyze ${sql.table(table)}`.execute(db);
        return;
      }
      const objects = found.objects.map((json) => JSON.parse(json) as string[]);
      for (const part of columnParts(found.columns, objects)) {
        await between();
        const statement = sql`analyze ${sql.table(table)} (${sql.join(part.columns.map((c) => sql.id(c)))})`;
        if (!part.warns) {
          await statement.execute(db);
        } else {
          await db.transaction().execute(async (trx) => {
            await sql`set local client_min_messages = error`.execute(trx);
            await statement.execute(trx);
          });
        }
      }
    },
  ];
}

/**
 * A table's columns in parts of COLUMNS_PER_ANALYZE: first one part with the columns of
 * every extended statistics object (whatever its size), then the others in their order;
 * `warns`: the part leaves out the columns of an object (PostgreSQL warns that it could
 * not compute it). Exported for the tests.
 */
export function columnParts(
  columns: readonly string[],
  objects: readonly (readonly string[])[],
): { columns: string[]; warns: boolean }[] {
  const together = [...new Set(objects.flat())].filter((c) => columns.includes(c));
  const rest = columns.filter((c) => !together.includes(c));
  const parts: { columns: string[]; warns: boolean }[] = [];
  if (together.length > 0) parts.push({ columns: together, warns: false });
  for (let at = 0; at < rest.length; at += COLUMNS_PER_ANALYZE) {
    parts.push({
      columns: rest.slice(at, at + COLUMNS_PER_ANALYZE),
      warns: together.length > 0,
    });
  }
  return parts;
}

/**
 * A maintenance statement (a `VACUUM`, an `ANALYZE`) run in the background: `run()` asks
 * for it, and it starts once the request that asked has answered. One at a time: asked
 * again while it runs, it runs once more afterwards. Closing the server waits for it. A
 * failure is logged, never thrown: the data is safe either way, only plans get worse.
 * Several statements run one after another: on the embedded database a statement holds
 * the event loop and the one connection while it runs, so one table per statement lets
 * requests in between (decision 016).
 */
export function backgroundMaintenance(
  app: FastifyInstance,
  statements: MaintenanceStep | readonly MaintenanceStep[],
  what: string,
  afterwards?: () => Promise<void>,
): () => void {
  let running: Promise<void> | undefined;
  let again = false;
  app.addHook('onClose', async () => {
    while (running) await running;
  });
  const start = () => {
    const started = performance.now();
    running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        // On the embedded database each statement waits for a moment when no API request
        // works or waits (decision 028): a statement holds the event loop, and run back to
        // back they held it for a whole pass (~0.5 s) while requests queued behind them.
        const between = () =>
          app.admissionGate?.whenIdle(MAINTENANCE_MAX_WAIT_MS) ?? Promise.resolve();
        for (const step of [statements].flat()) {
          if (typeof step === 'function') {
            await step(app.db, between);
          } else {
            await between();
            await step.execute(app.db);
          }
        }
      })
      .then(async () => {
        app.log.info(
          { ms: Math.round(performance.now() - started) },
          `${what} vacuumed and analysed`,
        );
        await afterwards?.();
      })
      .catch((error: unknown) => {
        app.log.warn({ err: error }, `vacuuming the ${what} failed`);
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          start();
        }
      });
  };
  return () => {
    if (running) again = true;
    else start();
  };
}

/** When a counted maintenance runs: past `minRows` plus `share` of the table's rows. */
export interface MaintenanceThreshold {
  minRows: number;
  share: number;
}

/**
 * The embedded database's maintenance by count (PGlite has no autovacuum): routes report
 * the rows they wrote, and past the threshold (`minRows` plus `share` of `table`'s rows at
 * the last run) the statements run in the background (backgroundMaintenance). On
 * PostgreSQL autovacuum does this, and the function returned does nothing.
 *
 * @returns what a route calls with the number of rows it wrote, edited or deleted.
 */
export function countedMaintenance(
  app: FastifyInstance,
  statements: readonly MaintenanceStep[],
  what: string,
  table: string,
  { minRows, share }: MaintenanceThreshold,
): (changed: number) => void {
  if (app.config.databaseUrl !== undefined) return () => {};
  let changed = 0;
  let threshold = minRows;
  const measure = async () => {
    const { rows } = await sql<{ n: number }>`
      select greatest(reltuples, 0)::float8 as n from pg_class
      where oid = ${table}::regclass`.execute(app.db);
    threshold = minRows + share * (rows[0]?.n ?? 0);
  };
  // From the table's size at start too (decision 028): with `minRows` alone a restarted
  // server vacuumed a 30,000-row table after 1,000 new rows, and again at once after it.
  app.addHook('onReady', async () => {
    await measure().catch((error: unknown) => {
      app.log.warn({ err: error }, `the size of ${table} could not be read`);
    });
  });
  const run = backgroundMaintenance(app, statements, what, measure);
  return (rows) => {
    changed += rows;
    if (changed < threshold) return;
    changed = 0;
    run();
  };
}
