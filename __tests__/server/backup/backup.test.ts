import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import type { App } from '../../../server/app';
import { backupSourceOf, createBackup, restoreBackup } from '../../../server/backup';
import { migrations } from '../../../server/db/migrations';
import type { Database } from '../../../server/db/schema';
import { buildTestApp, emptyDatabase } from '../helpers/build-test-app';
import { addAthletes, coach, sprints } from '../event/fixtures';

/**
 * A backup taken while results are being POSTed, restored into an empty database of the
 * same engine (PGlite, or a schema of DATABASE_URL's server under `npm run test:pg`), and
 * compared with the acknowledged writes: every result acknowledged before the snapshot
 * is in it, every result in it was acknowledged, each batch is all in or all out, and
 * every row of the restored database is the source's row.
 */
jest.setTimeout(300_000);

let app: App;
let headers: Record<string, string>;
let athletes: number[];
let work: string;
beforeAll(async () => {
  work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'splitline-backup-'));
  app = await buildTestApp();
  await app.ready();
  const made = await coach(app, 'backup@example.com');
  headers = made.headers;
  athletes = await addAthletes(app, made.id, 12);
});
afterAll(async () => {
  await app.close();
  await fs.promises.rm(work, { recursive: true, force: true });
});

/** Every row of every table but the migrator's, as JSON text, by table. */
async function allRows(db: Kysely<Database>): Promise<Map<string, string[]>> {
  const { rows: tables } = await sql<{ name: string }>`
    select relname as name from pg_class
    where relnamespace = (select oid from pg_namespace where nspname = current_schema())
      and relkind = 'r' and relname not like 'kysely_migration%' order by relname`.execute(db);
  const out = new Map<string, string[]>();
  for (const { name } of tables) {
    const { rows } = await sql<{ row: string }>`
      select row_to_json(t)::text as row from ${sql.table(name)} t`.execute(db);
    out.set(name, rows.map((r) => r.row).sort());
  }
  return out;
}

interface Batch {
  clientIds: string[];
  acknowledgedAt: number;
}

it('backs up under a running ingest; the restore holds exactly the acknowledged writes of its snapshot', async () => {
  const acknowledged: Batch[] = [];
  let stop = false;
  let sequence = 0;
  const writer = async (name: string) => {
    while (!stop) {
      const items = sprints(`${name}-${sequence++}`, athletes, 4);
      const response = await app.inject({
        method: 'POST',
        url: '/api/event',
        headers,
        payload: { items },
      });
      if (response.statusCode === 201) {
        acknowledged.push({
          clientIds: items.map((i) => i.clientId),
          acknowledgedAt: performance.now(),
        });
      } else if (response.statusCode !== 503) {
        throw new Error(`ingest answered ${response.statusCode}: ${response.body}`);
      }
    }
  };
  const writers = Promise.all(['a', 'b', 'c'].map(writer));
  while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 10));

  const file = path.join(work, 'under-ingest.backup.gz');
  const snapshotStarted = performance.now();
  const summary = await createBackup(backupSourceOf(app), file);
  const ackedWhileBacking = acknowledged.filter((b) => b.acknowledgedAt > snapshotStarted).length;
  while (
    acknowledged.filter((b) => b.acknowledgedAt > snapshotStarted).length <
    ackedWhileBacking + 5
  ) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  stop = true;
  await writers;

  const target = await emptyDatabase();
  try {
    const restored = await restoreBackup(
      { db: target.handle.db, dataDir: target.dataDir },
      file,
      migrations,
    );
    expect(restored.totalRows).toBe(summary.totalRows);

    const inBackup = new Set(
      (await target.handle.db.selectFrom('results').select('client_id').execute()).map(
        (row) => row.client_id,
      ),
    );
    const before = acknowledged.filter((b) => b.acknowledgedAt < snapshotStarted);
    const after = acknowledged.filter((b) => b.acknowledgedAt >= snapshotStarted);
    expect(before.length).toBeGreaterThanOrEqual(20);
    expect(after.length).toBeGreaterThanOrEqual(5);
    // Every write acknowledged before the snapshot started is in it.
    expect(before.flatMap((b) => b.clientIds).filter((id) => !inBackup.has(id))).toEqual([]);
    // No torn batch: each is all in or all out.
    for (const batch of acknowledged) {
      const present = batch.clientIds.filter((id) => inBackup.has(id)).length;
      expect([0, batch.clientIds.length]).toContain(present);
    }
    // Nothing in it that was not acknowledged.
    const all = new Set(acknowledged.flatMap((b) => b.clientIds));
    expect([...inBackup].filter((id) => id !== null && !all.has(id))).toEqual([]);
    // Some writes acknowledged after the snapshot started are not in it: it is a snapshot.
    expect(after.some((b) => !inBackup.has(b.clientIds[0]!))).toBe(true);

    // Every row of every table: the source's rows, bar the writes after the snapshot
    // (the results, their splits, the bests they moved, and their activity entries).
    const source = await allRows(app.db);
    const copy = await allRows(target.handle.db);
    expect([...copy.keys()]).toEqual([...source.keys()]);
    const moving = new Set([
      'results',
      'result_splits',
      'board_bests',
      'bests_since',
      'bests_closed',
      'activity_log',
    ]);
    for (const [table, rows] of copy) {
      if (moving.has(table)) continue;
      expect({ table, rows }).toEqual({ table, rows: source.get(table) });
    }
    // Results, splits and activity entries: whole rows, identical to the source's (no torn row).
    for (const table of ['results', 'result_splits', 'activity_log']) {
      const kept = new Set(source.get(table));
      expect({ table, missing: copy.get(table)!.filter((row) => !kept.has(row)) }).toEqual({
        table,
        missing: [],
      });
    }
    const splits = await target.handle.db
      .selectFrom('result_splits')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(splits.n)).toBe(inBackup.size * 3); // three splits a sprint
  } finally {
    await target.close();
  }
});

it('continues the ids after the restored rows and refuses a database that is not empty', async () => {
  const file = path.join(work, 'ids.backup.gz');
  await createBackup(backupSourceOf(app), file);
  const target = await emptyDatabase();
  try {
    await restoreBackup({ db: target.handle.db, dataDir: target.dataDir }, file, migrations);
    const max = await app.db
      .selectFrom('results')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const { rows } = await sql<{
      id: string;
    }>`select nextval('results_id_seq')::text as id`.execute(target.handle.db);
    expect(BigInt(rows[0]!.id)).toBeGreaterThan(BigInt(max.id!));

    await expect(
      restoreBackup({ db: target.handle.db, dataDir: target.dataDir }, file, migrations),
    ).rejects.toThrow(
      /^The target database is not empty \(it has \d+ tables\); restore into a fresh DATA_DIR or an empty PostgreSQL database\.$/,
    );
  } finally {
    await target.close();
  }
});

it('refuses a file that is cut short or not a backup, and leaves the target untouched', async () => {
  const file = path.join(work, 'whole.backup.gz');
  await createBackup(backupSourceOf(app), file);
  const bytes = zlib.gunzipSync(await fs.promises.readFile(file)).toString('utf8');
  const lines = bytes.trimEnd().split('\n');
  const cut = path.join(work, 'cut.backup.gz');
  await fs.promises.writeFile(cut, zlib.gzipSync(lines.slice(0, -1).join('\n') + '\n'));
  const garbage = path.join(work, 'garbage.backup.gz');
  await fs.promises.writeFile(garbage, 'not gzip at all');

  const target = await emptyDatabase();
  try {
    await expect(
      restoreBackup({ db: target.handle.db, dataDir: target.dataDir }, cut, migrations),
    ).rejects.toThrow(`${cut} is cut short: it is not a complete Splitline backup.`);
    // The rows went in one transaction: none is left.
    const users = await target.handle.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(users.n).toBe('0');
  } finally {
    await target.close();
  }
  const other = await emptyDatabase();
  try {
    await expect(
      restoreBackup({ db: other.handle.db, dataDir: other.dataDir }, garbage, migrations),
    ).rejects.toThrow(/is not a complete Splitline backup|is not a Splitline backup/);
  } finally {
    await other.close();
  }
});
