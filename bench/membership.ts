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
      select 'sub-' || i, 'u' || i || '@bench.local' from generate_series(1, ${accounts}) i;
      insert into workspace_members (user_id, workspace_id, role)
      select id, id, 'owner' from users;
    `.execute(db);
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
    await sql`analyze users; analyze workspace_members`.execute(db);
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
    const [base, ...rest] = Object.entries(times).map(([name, t]) => {
      const sorted = [...t].sort((a, b) => a - b);
      return { name, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
    });
    console.log(
      `${engine}: ${accounts} accounts, a user in ${memberships} workspaces, ${runs} runs`,
    );
    for (const row of [base!, ...rest]) {
      const added = row === base ? '' : `  (+${(row.p95 - base!.p95).toFixed(3)} ms p95)`;
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
