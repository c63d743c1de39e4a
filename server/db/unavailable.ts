/**
 * Errors that mean "the database cannot be reached right now", not "this statement is
 * wrong": the server answers them with 503 and `Retry-After` (plugins/errors.ts) instead
 * of a 500, because the same request will work once PostgreSQL is back (a restart, a
 * failover, a network blip). Decision 015.
 */

/** How long a client should wait before trying again after a 503 for an outage. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** What the 503 says; the cause goes to the log only. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is not reachable right now; try again in a few seconds.';

/** Socket errors of a connection that could not be opened or was cut. */
const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of an outage: 57P01 admin_shutdown (pg_terminate_backend, `pg_ctl stop -m
 * fast`), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, in
 * recovery), 53300 too_many_connections. Class 08 (connection exception) is matched as a
 * class.
 */
const OUTAGE_SQLSTATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * A FATAL (or PANIC) error from PostgreSQL ends the session: whatever its SQLSTATE, the
 * statement did not fail on its own account, the connection did. Refusals at connect
 * come this way and are the reason for this rule: `ALTER DATABASE ... ALLOW_CONNECTIONS
 * false` answers 55000 object_not_in_prerequisite_state ("database ... is not currently
 * accepting connections"), a code that in a statement means something else (currval
 * before nextval), so the SQLSTATE alone cannot tell; the severity can. The same holds
 * for a dropped database (57P04) or a role no longer allowed to log in (28000). Only
 * PostgreSQL's own errors carry `severity`.
 */
const SESSION_ENDING_SEVERITIES: ReadonlySet<string> = new Set(['FATAL', 'PANIC']);

/**
 * pg and pg-pool report a lost or unopenable connection with plain Errors that have no
 * code, so their messages are all there is to recognise (pg 8.x, pg-pool 3.x).
 */
const DRIVER_MESSAGES: readonly string[] = [
  'Connection terminated unexpectedly', // the socket closed under a query
  'Connection terminated due to connection timeout', // pool: connectionTimeoutMillis
  'timeout exceeded when trying to connect', // pool: waited too long for a free client
  'Client has encountered a connection error and is not queryable',
  'timeout expired', // client: connect_timeout
];

/**
 * Whether `error` (or an error it wraps, through `cause` or an AggregateError's `errors`)
 * says the database is unavailable rather than that the statement failed.
 * @example if (isDatabaseUnavailable(error)) return reply.code(503).header('retry-after', '5')...
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someError(error, isOutageError, 0);
}

function isOutageError(error: object): boolean {
  const { code, message, severity } = error as {
    code?: unknown;
    message?: unknown;
    severity?: unknown;
  };
  if (typeof severity === 'string' && SESSION_ENDING_SEVERITIES.has(severity)) return true;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || OUTAGE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.includes(message);
}

/** Depth-limited: a cause chain is short, and a cycle must not loop. */
function someError(error: unknown, test: (error: object) => boolean, depth: number): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (test(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (someError(cause, test, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => someError(inner, test, depth + 1));
}

/**
 * The few facts of a database error worth logging. pg-pool attaches the whole client
 * (`error.client`: its connection, socket and type parsers) to an idle client's error,
 * which would put kilobytes of driver state into every log line of an outage.
 */
export function databaseErrorFacts(error: unknown): { message: string; code?: string } {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const { message, code } = error as { message?: unknown; code?: unknown };
  return {
    message: typeof message === 'string' ? message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
  };
}
