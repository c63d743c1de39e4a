import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { migrations } from '../server/db/migrations';
import type { Database } from '../server/db/schema';
import { findAccountBySubject } from '../server/user';
import { resolveMember } from '../server/workspace';
import { benchStore, type Engine } from './lib/database';
import { machine } from './lib/machine';

/**
 * What the membership check costs per request (issue 34: <= 0.5 ms p95): the auth hook's
 * one query before (the account by subject) and now (the user by subject and their
 * membership, with and without a workspace header), on `--accounts` accounts of which
 * one user belongs to `--memberships` workspaces; interleaved, `--runs` each, p50/p95.
 * @example npm run bench -- membership --engines pglite,postgresql --runs 2000
 */
const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'pglite,postgresql' },
    runs: { type: 'string', default: '2000' },
    accounts: { type: 'string', default: '5000' },
    memberships: { type: 'string', default: '5' },
  },
});
const runs = Number(values.runs);
const accounts = Number(values.accounts);
const memberships = Number(values.memberships);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function bench(engine: Engine): Promise<void> {
  const store = await benchStore(engine, 'membership');
  const handle = await openDatabase({ databaseUrl: store.databaseUrl, dataDir: store.dataDir });
  try {
    const db = handle.db as Kysely<Database>;
    await migrateToLatest(db as Kysely<unknown>, migrations);
    await sql`
      insert into users (auth_subject, email)
      select 'sub-' || i, 'u' || i || '@bench.local' from generate_series(1, ${accounts}) i`.execute(
      db,
    );
    await sql`insert into workspace_members (user_id, workspace_id, role)
      select id, id, 'owner' from users`.execute(db);
    const { rows } = await sql<{ id: string }>`select id from users order by auth_subject`.execute(
      db,
    );
    const me = (await findAccountBySubject(db, 'sub-1'))!.id;
    const others = rows.map((r) => r.id).filter((id) => id !== me);
    for (const workspace of others.slice(0, memberships - 1)) {
      await sql`insert into workspace_members (user_id, workspace_id, role, roster_ids)
        values (${me}, ${workspace}, 'coach', '{1,2}')`.execute(db);
    }
    const wanted = others[0]!;
    await sql`analyze users`.execute(db);
    await sql`analyze workspace_members`.execute(db);
    const cases: Record<string, () => Promise<unknown>> = {
      'before: account by subject': () => findAccountBySubject(db, 'sub-1'),
      'now: member, no header': () => resolveMember(db, 'sub-1', undefined),
      'now: member, header': () => resolveMember(db, 'sub-1', wanted),
    };
    const times: Record<string, number[]> = Object.fromEntries(
      Object.keys(cases).map((name) => [name, []]),
    );
    for (let i = 0; i < 200; i += 1) for (const run of Object.values(cases)) await run();
    for (let i = 0; i < runs; i += 1) {
      for (const [name, run] of Object.entries(cases)) {
        const started = performance.now();
        await run();
        times[name]!.push(performance.now() - started);
      }
    }
    // The database's own execution time (EXPLAIN ANALYZE), apart from the round trip and
    // the machine's scheduling: what the query itself costs.
    const statements: Record<string, ReturnType<typeof sql>> = {
      'db: account by subject': sql`select id, email from users where auth_subject = 'sub-1'`,
      'db: member, header': sql`
        select u.id, u.email, m.workspace_id, m.role, m.roster_ids::text[]
        from users u left join workspace_members m on m.user_id = u.id
        where u.auth_subject = 'sub-1'
        order by m.workspace_id = ${wanted}::uuid desc nulls last,
          m.workspace_id = u.last_workspace_id desc nulls last,
          m.workspace_id = u.id desc, m.created_at
        limit 1`,
    };
    for (const [name, statement] of Object.entries(statements)) {
      times[name] = [];
      for (let i = 0; i < Math.min(runs, 300); i += 1) {
        const { rows: plan } = await sql<{
          'QUERY PLAN': string;
        }>`explain (analyze, timing off, summary on) ${statement}`.execute(db);
        const line = plan.map((r) => r['QUERY PLAN']).find((l) => l.includes('Execution Time'));
        times[name]!.push(Number(/([\d.]+) ms/.exec(line ?? '')?.[1] ?? NaN));
      }
    }
    const figures = Object.entries(times).map(([name, t]) => {
      const sorted = [...t].sort((a, b) => a - b);
      return { name, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
    });
    console.log(
      `${engine}: ${accounts} accounts, a user in ${memberships} workspaces, ${runs} runs`,
    );
    for (const row of figures) {
      // Each figure against the old lookup measured the same way (round trip or database).
      const base = row.name.startsWith('db:')
        ? figures.find((r) => r.name.startsWith('db:'))
        : figures[0];
      const added = row === base ? '' : `  (${(row.p95 - base!.p95).toFixed(3)} ms p95 vs before)`;
      console.log(
        `  ${row.name.padEnd(28)} p50 ${row.p50.toFixed(3)} ms  p95 ${row.p95.toFixed(3)} ms${added}`,
      );
    }
  } finally {
    await handle.close();
    await store.cleanup();
  }
}

async function main(): Promise<void> {
  console.log(machine());
  for (const engine of values.engines.split(',') as Engine[]) await bench(engine);
}

void main();
