import { lookup } from 'node:dns/promises';
import net from 'node:net';
import type { Config } from './config';
import { ConfigError } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { freeBytes, REFUSE_WRITES_BELOW, tooFullToStart } from './db/free-space';

/**
 * Start-up failures an operator can fix, each told in one plain sentence that names the
 * setting and the fix (server.ts prints it without a stack trace). Anything else is a
 * defect and keeps its stack.
 */
export class StartFailure extends Error {
  override name = 'StartFailure';
}

type Settings = Pick<Config, 'port' | 'host' | 'dataDir' | 'databaseUrl'>;

/**
 * Fails fast when PORT is taken, before the database is opened and migrated and the demo
 * account built (which take seconds on a first start). Every address HOST resolves to is
 * tried, as Fastify listens on each of them. PORT=0 (any free port) needs no check.
 * A program may still take the port between this check and the real listen(); that
 * error is then explained by explainStartFailure().
 * @throws StartFailure when the port is in use or HOST is not an address of this machine
 */
export async function assertPortAvailable(settings: Settings): Promise<void> {
  if (settings.port === 0) return;
  let addresses: string[];
  try {
    addresses = (await lookup(settings.host, { all: true })).map((entry) => entry.address);
  } catch (error) {
    throw asListenFailure(error, settings);
  }
  for (const address of addresses) {
    try {
      await probe(address, settings.port);
    } catch (error) {
      throw asListenFailure(error, settings);
    }
  }
}

function asListenFailure(error: unknown, settings: Settings): unknown {
  const sentence = listenProblem(systemError(error).code, settings);
  return sentence ? new StartFailure(sentence) : error;
}

function probe(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve()));
  });
}

/**
 * The one sentence for a start-up failure the operator can fix, or undefined for any other
 * error (a defect: print its stack).
 * @example explainStartFailure(Object.assign(new Error(), { code: 'EADDRINUSE' }), config)
 */
export function explainStartFailure(
  error: unknown,
  settings: Settings | undefined,
): StartFailure | undefined {
  if (error instanceof StartFailure) return error;
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    return new StartFailure(error.message);
  }
  if (!settings) return undefined;
  const { code, syscall, path } = systemError(error);
  if (syscall === 'listen' || syscall === 'bind') {
    const sentence = listenProblem(code, settings);
    if (sentence) return new StartFailure(sentence);
  }
  if (settings.databaseUrl) {
    const sentence = databaseProblem(code, settings.databaseUrl, error);
    if (sentence) return new StartFailure(sentence);
    if (path === undefined) return undefined; // no file of DATA_DIR involved
  }
  const sentence =
    dataDirProblem(code, path ?? settings.dataDir, settings.dataDir) ??
    (settings.databaseUrl ? undefined : embeddedDatabaseProblem(error, settings.dataDir));
  if (sentence) return new StartFailure(sentence);
  return undefined;
}

/**
 * PGlite fails to open with a message of its own ("PGlite failed to initialize
 * properly") whatever the cause, or with Emscripten's ErrnoError (handled as a code by
 * systemError). A disk nearly full is the usual cause: then the sentence says so.
 */
function embeddedDatabaseProblem(error: unknown, dataDir: string): string | undefined {
  const message = error instanceof Error ? error.message : '';
  if (!/PGlite failed to initialize/i.test(message)) return undefined;
  const free = freeBytes(dataDir);
  if (free !== undefined && free < REFUSE_WRITES_BELOW) return tooFullToStart(dataDir, free);
  return `The embedded database in DATA_DIR=${dataDir} could not be opened (${message}). Check that ${dataDir}/pglite is a Splitline database and not damaged (LOG_LEVEL=debug shows the cause), or restore it from a backup.`;
}

function listenProblem(code: string | undefined, { port, host }: Settings): string | undefined {
  switch (code) {
    case 'EADDRINUSE':
      return (
        `Port ${port} is already in use on ${host}. Stop the program that uses it, ` +
        `or choose another port: PORT=${port + 1} npm start.`
      );
    case 'EACCES':
      return `Port ${port} needs administrator rights on this system. Set PORT to 1024 or above.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return (
        `HOST=${host} is not an address of this machine. Set HOST to localhost, ` +
        `0.0.0.0 (every interface) or one of this machine's addresses.`
      );
    default:
      return undefined;
  }
}

function databaseProblem(
  code: string | undefined,
  databaseUrl: string,
  error: unknown,
): string | undefined {
  const url = safeUrl(databaseUrl);
  const where = url ? `${url.hostname}:${url.port || '5432'}` : 'the host in DATABASE_URL';
  const name = url ? decodeURIComponent(url.pathname.replace(/^\//, '')) : '';
  const message = error instanceof Error ? error.message : '';
  switch (code) {
    case 'ECONNREFUSED':
    case 'ECONNRESET':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case '57P03': // the server is starting up or shutting down
      return `The PostgreSQL server at ${where} (DATABASE_URL) does not accept connections. Start it, or correct DATABASE_URL.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The database host in DATABASE_URL (${url?.hostname ?? '?'}) is not known. Correct DATABASE_URL.`;
    case '3D000':
      return `The database "${name}" does not exist on ${where}. Create it (createdb ${name}), or correct DATABASE_URL.`;
    case '28000':
    case '28P01':
      return `PostgreSQL at ${where} refused the user in DATABASE_URL (${message}). Correct the user name and password in DATABASE_URL.`;
    case '42501':
      return `The user in DATABASE_URL may not create tables in "${name}" (${message}). Grant it the rights (it must own the schema), or use another user.`;
    default:
      if (/timeout/i.test(message) && /connect/i.test(message)) {
        return `The PostgreSQL server at ${where} (DATABASE_URL) did not answer within 10 s. Check that it runs and that this machine can reach it.`;
      }
      return undefined;
  }
}

function dataDirProblem(
  code: string | undefined,
  path: string,
  dataDir: string,
): string | undefined {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return `DATA_DIR=${dataDir} is not writable by this user (${path}). Set DATA_DIR to a directory you can write to, or change its permissions.`;
    case 'EROFS':
      return `DATA_DIR=${dataDir} is on a read-only file system. Set DATA_DIR to a writable place.`;
    case 'ENOSPC':
    case 'EDQUOT': {
      // The space PGlite met the end of may be back by now: then no figure.
      const free = freeBytes(dataDir);
      return tooFullToStart(
        dataDir,
        free !== undefined && free < REFUSE_WRITES_BELOW ? free : undefined,
      );
    }
    case 'EEXIST':
      return `DATA_DIR=${dataDir} is a file, not a directory. Set DATA_DIR to a directory (a new one is made), or move the file away.`;
    case 'ENOTDIR':
      return `DATA_DIR=${dataDir} is not a directory (${path} is a file). Set DATA_DIR to a directory.`;
    default:
      return undefined;
  }
}

/**
 * The codes of Emscripten's file-system errors that start-up meets (PGlite throws
 * `ErrnoError { errno: 51 }` for a full disk): Emscripten's own numbers, not the system's.
 */
const EMSCRIPTEN_ERRNO: Readonly<Record<number, string>> = {
  2: 'EACCES',
  19: 'EDQUOT',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

/** The code, syscall and path of a Node system error or a pg error, looking through causes. */
function systemError(error: unknown): { code?: string; syscall?: string; path?: string } {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') break;
    const { code, syscall, path, cause, errors, name, errno } = current as {
      code?: unknown;
      syscall?: unknown;
      path?: unknown;
      cause?: unknown;
      errors?: unknown;
      name?: unknown;
      errno?: unknown;
    };
    if (name === 'ErrnoError' && typeof errno === 'number' && EMSCRIPTEN_ERRNO[errno]) {
      return { code: EMSCRIPTEN_ERRNO[errno] };
    }
    if (typeof code === 'string') {
      return {
        code,
        syscall: typeof syscall === 'string' ? syscall : undefined,
        path: typeof path === 'string' ? path : undefined,
      };
    }
    // An AggregateError (a connect to each address of a host) carries its errors inside.
    current = cause ?? (Array.isArray(errors) ? (errors as unknown[])[0] : undefined);
  }
  return {};
}

function safeUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
