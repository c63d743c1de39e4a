import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { publishReferenceVersion, ReferenceVersionError, vacuumProfileTables } from '../profile';
import { runBackupCommand } from '../backup';
import { runStoreCommand, STORE_USAGE, StoreUsageError } from '../store';

/**
 * The operator's commands (decision 037), by name. Each runs either inside the running
 * server, sent over its admin channel (channel.ts), or in the command's own process on
 * a database it opened itself when no server runs (client.ts): the same handler, the
 * same answer. A new command is one line in `adminCommands` plus a script that calls
 * `runOperatorCommand` (client.ts).
 */

/** What a command works with: the server's database, or the one the CLI opened. */
export interface AdminContext {
  db: Kysely<Database>;
  engine: 'pglite' | 'postgresql';
  config: Config;
  log: AdminLog;
}

export interface AdminLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What the CLI sends: the words after the command's name, and data it read (a file). */
export interface AdminRequest {
  args: string[];
  /** JSON the CLI read on its side (index:publish: the reference file), if any. */
  input?: unknown;
}

export interface CommandResult {
  /** 0 done (or already done), 1 refused or not found, 2 bad usage. */
  exitCode: 0 | 1 | 2;
  /** Printed on standard output, one a line. */
  lines: string[];
}

/** A mistake in the command line: printed with the command's usage, exit code 2. */
export class AdminUsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
  }
}

/**
 * A refusal told in one sentence (exit code 1): bad input the operator can fix. Any
 * other error is a defect: the server logs its stack, the CLI prints one sentence.
 */
export class AdminRefusal extends Error {}

export type AdminCommand = (context: AdminContext, request: AdminRequest) => Promise<CommandResult>;

const store: AdminCommand = async ({ db }, { args }) => {
  try {
    return await runStoreCommand(db, args);
  } catch (error) {
    if (error instanceof StoreUsageError) throw new AdminUsageError(error.message, STORE_USAGE);
    throw error;
  }
};

export const INDEX_PUBLISH_USAGE = 'Usage: npm run index:publish -- <file.json>';

const indexPublish: AdminCommand = async ({ db, engine }, { input }) => {
  if (
    typeof input !== 'object' ||
    input === null ||
    !Array.isArray((input as { rows?: unknown }).rows)
  ) {
    throw new AdminRefusal(
      'the file is not a reference version: it needs "version", "note" and "rows".',
    );
  }
  const version = input as Parameters<typeof publishReferenceVersion>[1];
  let rescored: number;
  try {
    ({ rescored } = await publishReferenceVersion(db, version));
  } catch (error) {
    if (error instanceof ReferenceVersionError)
      throw new AdminRefusal(`${error.message.replace(/\.$/, '')}.`);
    throw error;
  }
  // Every profile was rewritten: the embedded database has no autovacuum to mark the
  // pages all-visible again and refresh the statistics (server/profile/maintenance.ts).
  if (engine === 'pglite') {
    for (const statement of vacuumProfileTables()) await statement.execute(db);
  }
  return {
    exitCode: 0,
    lines: [
      `index:publish: version ${version.version} is current; ${rescored} profiles re-scored on ${engine}.`,
    ],
  };
};

/** Every operator command, by the name the CLI sends. */
export const adminCommands: Readonly<Record<string, AdminCommand>> = {
  store,
  'index:publish': indexPublish,
  // A consistent snapshot in the process that holds the database (decision 038).
  backup: ({ db, config }, { args }) => runBackupCommand({ db, config }, args),
};
