import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';
import { createApiKey } from '../../../server/integration/api-keys';
import { createAccount } from '../../../server/user/repository';
import type { ServerProcess } from '../helpers/server-process';

/**
 * An account with an API key and one athlete, made through the repository functions on
 * the database a server process uses: real requests to that process need no sign-in
 * (an API key may read reference data and send results).
 */
export async function keyHolder(
  db: Kysely<Database>,
): Promise<{ accountId: string; athleteId: number; headers: Record<string, string> }> {
  const sub = crypto.randomUUID();
  const account = await createAccount(db, {
    sub,
    email: `${sub}@example.com`,
    athleteSpots: 5,
  });
  const made = await createApiKey(db, account.id, 'outage test', 5);
  if (!made) throw new Error('no API key');
  const athlete = await db
    .insertInto('athletes')
    .values({
      account_id: account.id,
      first_name: 'Ada',
      last_name: 'Outage',
      first_name_key: 'ada',
      last_name_key: 'outage',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    accountId: account.id,
    athleteId: Number(athlete.id),
    headers: { authorization: `Bearer ${made.key}`, 'content-type': 'application/json' },
  };
}

/** Polls `check` every 25 ms until it answers true; false if `timeoutMs` passed first. */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The process is still running (no exit code, no signal). */
export function alive(server: ServerProcess): boolean {
  return server.child.exitCode === null && server.child.signalCode === null;
}

/** A request's status, or 0 when it got no HTTP answer at all (connection refused, reset). */
export async function statusOf(
  server: ServerProcess,
  pathname: string,
  init?: RequestInit,
): Promise<number> {
  try {
    const response = await server.request(pathname, init);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
