import {
  CompiledQuery,
  PostgresQueryCompiler,
  type Kysely,
  type KyselyPlugin,
  type QueryResult,
  type UnknownRow,
} from 'kysely';
import type { ResultListQuery } from '../../contract/event-query';
import type { Database } from '../../server/db/schema';
import { listResults, type ListLimits } from '../../server/event/list';

/**
 * The statements a request runs, as the route builds them, and their plans: listResults
 * runs against the database through a plugin that records each statement it compiles;
 * the recorded statements then run again as `EXPLAIN`, in a transaction that replays the
 * settings the request made (`set local enable_seqscan = off` of a small table's read)
 * and is rolled back.
 */

type Db = Kysely<Database>;

/** The statements `GET /api/event` runs for `query`, in order (settings included). */
export async function resultListStatements(
  db: Db,
  accountId: string,
  query: ResultListQuery,
  limits: ListLimits,
): Promise<CompiledQuery[]> {
  const captured: CompiledQuery[] = [];
  const compiler = new PostgresQueryCompiler();
  const recorder: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      captured.push(compiler.compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }: { result: QueryResult<UnknownRow> }) => result,
  };
  await listResults(db.withPlugin(recorder), accountId, query, limits);
  return captured;
}

/** Statements that change a setting for the rest of the transaction. */
const SETTING = /^\s*(set\s|select\s+set_config\()/i;
/** Statements worth a plan: those that read the result tables. */
const READS_RESULTS = /\b(results|bests_since|result_splits)\b/;

export interface ExplainedStatement {
  sql: string;
  parameters: readonly unknown[];
  /** `EXPLAIN (FORMAT JSON)`'s plan, or the text lines of a text EXPLAIN. */
  plan: unknown;
}

/**
 * EXPLAIN of each statement that reads the result tables, with `options` (e.g.
 * `analyze, buffers` or `analyze, timing off, format json`), in one transaction rolled
 * back at the end.
 */
export async function explainStatements(
  db: Db,
  statements: readonly CompiledQuery[],
  options: string,
): Promise<ExplainedStatement[]> {
  const json = /format\s+json/i.test(options);
  const out: ExplainedStatement[] = [];
  await db
    .transaction()
    .execute(async (trx) => {
      for (const statement of statements) {
        if (SETTING.test(statement.sql)) {
          await trx.executeQuery(statement);
          continue;
        }
        if (!READS_RESULTS.test(statement.sql)) continue;
        const explain = CompiledQuery.raw(
          `explain (${options}) ${statement.sql}`,
          statement.parameters as unknown[],
        );
        const { rows } = await trx.executeQuery<Record<string, unknown>>(explain);
        const plan = json
          ? (rows[0]!['QUERY PLAN'] as unknown)
          : rows.map((row) => row['QUERY PLAN'] as string);
        out.push({ sql: statement.sql, parameters: statement.parameters, plan });
      }
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return out;
}

class Rollback extends Error {}

interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/**
 * Rows of `relation` a statement read, from its `EXPLAIN (ANALYZE, FORMAT JSON)`: over
 * every scan of it, the rows it returned and those its filters removed, times its loops.
 * A count of what the plan touched, not a timing: the same on a slow machine.
 */
export function rowsRead(plan: unknown, relation: string): number {
  const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
  let total = 0;
  const visit = (node: PlanNode) => {
    if (node['Relation Name'] === relation) {
      const perLoop =
        (node['Actual Rows'] ?? 0) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0);
      total += perLoop * (node['Actual Loops'] ?? 1);
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  for (const entry of root) visit(entry.Plan);
  return total;
}

/** One line per node of an `EXPLAIN (ANALYZE, FORMAT JSON)` plan: its type, index, relation, rows. */
export function planOutline(plan: unknown): string {
  const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
  const lines: string[] = [];
  const visit = (node: PlanNode & Record<string, unknown>, depth: number) => {
    const index = node['Index Name'] ? ` using ${String(node['Index Name'])}` : '';
    const relation = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
    const removed = node['Rows Removed by Filter']
      ? ` removed ${node['Rows Removed by Filter']}`
      : '';
    const cond = node['Index Cond'] ? ` [${String(node['Index Cond'])}]` : '';
    const filter = node.Filter ? ` filter [${String(node.Filter)}]` : '';
    lines.push(
      `${'  '.repeat(depth)}${node['Node Type']}${index}${relation} rows ${node['Actual Rows']} x${node['Actual Loops']}${removed}${cond}${filter}`,
    );
    for (const child of node.Plans ?? [])
      visit(child as PlanNode & Record<string, unknown>, depth + 1);
  };
  for (const entry of root) visit(entry.Plan as PlanNode & Record<string, unknown>, 0);
  return lines.join('\n');
}
