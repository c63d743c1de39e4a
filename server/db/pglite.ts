import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Pool } from 'pg';

/**
 * The embedded engine: PGlite (PostgreSQL in WASM, in this process) behind a pg.Pool,
 * so that Kysely's PostgresDialect runs the same code as on a PostgreSQL server.
 *
 * Contrib extensions must be passed in here before a migration can
 * `CREATE EXTENSION` them, e.g. `{ pg_trgm }` from '@electric-sql/pglite/contrib/pg_trgm'.
 * The schema needs none so far.
 */
const extensions = {};

export interface EmbeddedPool {
  pool: Pool;
  /** When PGlite last answered a statement (performance.now()), or undefined if never. */
  lastAnswerAt(): number | undefined;
  /** Ends the pool, then shuts PGlite down (it flushes its files). */
  close(): Promise<void>;
}

/** Opens (or, on first use, creates with initdb) the database in `DATA_DIR/pglite`. */
export async function openEmbeddedPool(dataDir: string): Promise<EmbeddedPool> {
  const pglite = await PGlite.create(path.join(dataDir, 'pglite'), { extensions });
  // PostgreSQL fills each new 16 MB WAL file with zeroes by default, and PGlite does it
  // inside the statement that needs the file, on this event loop: a 500-athlete insert of
  // an import held the loop 113-202 ms when it crossed into a new file, against at most
  // 65 without the fill (issue 31's 200 ms bound; docs/decisions/046). The fill only
  // reserves disk space ahead of the WAL's writes; the disk guard (plugins/disk.ts) keeps
  // that space. PGlite is one session, so the setting holds for all its statements.
  await pglite.exec('set wal_init_zero = off');
  // The PGlite instance stays ours: the pool's single connection never closes it.
  const answers = { at: undefined as number | undefined };
  const pool = new Pool(createPgConfig(yieldingBetweenMessages(pglite, answers)));
  let closed = false;
  return {
    pool,
    lastAnswerAt: () => answers.at,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end().catch(() => undefined); // already ended by Kysely's destroy()
      await pglite.close();
    },
  };
}

/** The first byte of the protocol messages that start a statement: Parse and Query. */
const STATEMENT_STARTS = new Set([0x50, 0x51]);

/**
 * PGlite with each statement started on a later turn of the event loop (decision 016). PGlite runs a statement synchronously, and its pg adapter chains statements in
 * promise callbacks: a request's queries then all run in the microtasks of the callback
 * that read it, before the loop reads the next socket. Under load one poll of the loop
 * read 200 requests and answered them one after another (8 s) before it accepted a new
 * connection or ran a timer, so no queue or deadline in front of the database could act.
 * With a turn of the loop before each statement, a poll reads every waiting request (the
 * admission gate then queues or sheds them) and the queries run afterwards. Each answer's
 * time is kept in `answers` (the health check's evidence, connect.ts).
 */
function yieldingBetweenMessages(pglite: PGlite, answers: { at: number | undefined }): PGlite {
  const execProtocolStream: PGlite['execProtocolStream'] = async (message, options) => {
    // Once per statement, not per message: pg sends five (parse, bind, describe,
    // execute, sync), and a turn each made a request wait for as many polls.
    if (STATEMENT_STARTS.has(message[0]!)) await nextTurn();
    const answer = await pglite.execProtocolStream(message, options);
    answers.at = performance.now();
    return answer;
  };
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'execProtocolStream') return execProtocolStream;
      const value: unknown = Reflect.get(target, property, target);
      // PGlite's methods use private fields: they must run on the instance itself.
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}
