import { importJWK, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';
import { loadIdentityKeys } from '../../../server/identity/keys';
import { APP_CLIENT_ID } from '../../../server/identity/settings';
import { createApiKey } from '../../../server/integration/api-keys';
import { createAccount } from '../../../server/user/repository';
import type { ServerProcess } from '../helpers/server-process';

/**
 * An account with an API key and one athlete, made through the repository functions on
 * the database a server process uses: real requests to that process need no sign-in
 * (an API key may read reference data and send results).
 */
export async function keyHolder(db: Kysely<Database>): Promise<{
  sub: string;
  accountId: string;
  athleteId: number;
  headers: Record<string, string>;
}> {
  const sub = crypto.randomUUID();
  const account = await createAccount(db, {
    sub,
    email: `${sub}@example.com`,
    athleteSpots: 5,
  });
  const made = await createApiKey(db, account.id, 'outage test', 5, {
    sub,
    email: account.email,
  });
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
    sub,
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

/**
 * An access token of the embedded provider of a server process whose PUBLIC_URL is
 * `publicUrl`, signed with its key from the database (as identity/mint-token.ts does for
 * an app in the test process): the live stream takes no API key.
 */
export async function accessToken(
  db: Kysely<Database>,
  publicUrl: string,
  sub: string,
): Promise<string> {
  const { signingKey } = await loadIdentityKeys(db);
  return new SignJWT({ client_id: APP_CLIENT_ID, scope: 'openid profile email offline_access' })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: signingKey.kid })
    .setSubject(sub)
    .setIssuer(`${publicUrl}/`)
    .setAudience(`${publicUrl}/api`)
    .setIssuedAt()
    .setExpirationTime('10m')
    .setJti(crypto.randomUUID())
    .sign(await importJWK(signingKey, 'RS256'));
}

/** An open `GET /api/event/stream`: which events arrived, by name, in order. */
export async function watchStream(
  server: ServerProcess,
  token: string,
): Promise<{ events: string[]; close(): void }> {
  const controller = new AbortController();
  const response = await server.request('/api/event/stream', {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`the stream answered ${response.status}`);
  }
  const events: string[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of response.body!) {
        const lines = (text + decoder.decode(chunk as Uint8Array, { stream: true })).split('\n');
        text = lines.pop()!; // not complete yet
        for (const line of lines) if (line.startsWith('event: ')) events.push(line.slice(7));
      }
    } catch {
      // aborted by close()
    }
  })();
  return { events, close: () => controller.abort() };
}
