import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { mintAccessToken } from '../../__tests__/server/identity/mint-token';
import { buildApp, type App, type BuildAppOptions } from '../../server/app';
import { loadConfig } from '../../server/config';
import { WORKSPACE_HEADER } from '../../contract/workspace-constants';
import { benchStore, type BenchStore, type Engine, type StoreOptions } from './database';

export interface ServeOptions {
  /** Environment on top of the defaults (loopback, no demo data, LOG_LEVEL warn). */
  env?: Record<string, string>;
  /** The server logs as its LOG_LEVEL says; by default it does not log at all. */
  logs?: boolean;
  /** buildApp's other overrides (the webhook worker, ...). */
  build?: Omit<BuildAppOptions, 'config' | 'logger'>;
}

export interface Served {
  app: App;
  /** `http://127.0.0.1:<port>` */
  base: string;
}

/** The real server (buildApp) listening on a loopback port over `store`. */
export async function serve(
  store: Pick<BenchStore, 'dataDir' | 'databaseUrl'>,
  options: ServeOptions = {},
): Promise<Served> {
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: store.dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
    ...options.env,
  };
  const app = buildApp({
    ...options.build,
    config: loadConfig(env),
    ...(options.logs ? {} : { logger: false }),
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await app.close();
    throw error;
  }
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

export interface SignInOptions {
  /** The identity's subject: a new one by default. */
  sub?: string;
  /** The token's claims; by default a new `…@bench.local` email with a new subject. */
  claims?: Record<string, unknown>;
  expiresIn?: number;
}

export interface SignedIn {
  headers: { authorization: string };
  accountId: string;
}

/** A token minted for `sub`, and the account `GET /api/user` answers for it. */
export async function signIn(server: Served, options: SignInOptions = {}): Promise<SignedIn> {
  const token = await mintAccessToken(server.app, {
    sub: options.sub ?? randomUUID(),
    claims: options.claims ?? (options.sub ? undefined : { email: `${randomUUID()}@bench.local` }),
    ...(options.expiresIn ? { expiresIn: options.expiresIn } : {}),
  });
  const headers = { authorization: `Bearer ${token}` };
  const response = await fetch(`${server.base}/api/user`, { headers });
  if (response.status !== 200) throw new Error(`GET /api/user: ${response.status}`);
  return { headers, accountId: ((await response.json()) as { id: string }).id };
}

export interface BenchServer extends Served {
  store: BenchStore;
  /**
   * Closes the server, runs `afterClose` (what the bench must stop before its database
   * goes: receivers the server still talks to), then drops the database and directory.
   */
  cleanup(afterClose?: () => unknown): Promise<void>;
}

export type BenchServerOptions = StoreOptions & ServeOptions;

/**
 * A bench's server: a fresh database (benchStore), the server on a loopback port over
 * it and, unless `account: false`, a new account signed in. Nothing is left open or
 * behind when this throws.
 * @example const { app, base, headers, accountId, cleanup } = await benchServer('pglite', 'stall');
 *          try { ... } finally { await cleanup(); }
 */
export async function benchServer(
  engine: Engine,
  name: string,
  options: BenchServerOptions & { account: false },
): Promise<BenchServer>;
export async function benchServer(
  engine: Engine,
  name: string,
  options?: BenchServerOptions & { account?: SignInOptions },
): Promise<BenchServer & SignedIn>;
export async function benchServer(
  engine: Engine,
  name: string,
  options: BenchServerOptions & { account?: SignInOptions | false } = {},
): Promise<BenchServer | (BenchServer & SignedIn)> {
  const store = await benchStore(engine, name, options);
  let served: Served;
  try {
    served = await serve(store, options);
  } catch (error) {
    await store.cleanup();
    throw error;
  }
  const cleanup = async (afterClose?: () => unknown) => {
    try {
      await served.app.close();
      await afterClose?.();
    } finally {
      await store.cleanup();
    }
  };
  const server = { ...served, store, cleanup };
  if (options.account === false) return server;
  try {
    return { ...server, ...(await signIn(served, options.account)) };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

export interface LimitedMemberOptions {
  /** The workspace (its owner's account id). */
  workspaceId: string;
  /** The rosters the member sees. */
  rosterIds: readonly number[];
  role?: 'coach' | 'viewer';
  /** The member's identity subject; the same one on every run (a reused database). */
  sub?: string;
  expiresIn?: number;
}

/**
 * A member of `workspaceId` limited to `rosterIds` (issue 34: every table target holds for
 * them), written as the Members page would leave it, and the headers of their requests
 * (token and workspace). Idempotent: a reused database keeps the one member.
 */
export async function limitedMember(
  server: Pick<Served, 'app'>,
  options: LimitedMemberOptions,
): Promise<{ headers: Record<string, string>; userId: string }> {
  const sub = options.sub ?? 'bench-limited-member';
  const db = server.app.db;
  await db
    .insertInto('users')
    .values({ auth_subject: sub, email: `${sub}@bench.local` })
    .onConflict((oc) => oc.column('auth_subject').doNothing())
    .execute();
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('auth_subject', '=', sub)
    .executeTakeFirstOrThrow();
  const member = {
    role: options.role ?? 'coach',
    roster_ids: options.rosterIds.map(String),
  } as const;
  await db
    .insertInto('workspace_members')
    .values({ user_id: user.id, workspace_id: options.workspaceId, ...member })
    .onConflict((oc) => oc.columns(['user_id', 'workspace_id']).doUpdateSet(member))
    .execute();
  const token = await mintAccessToken(server.app, {
    sub,
    ...(options.expiresIn ? { expiresIn: options.expiresIn } : {}),
  });
  return {
    userId: user.id,
    headers: { authorization: `Bearer ${token}`, [WORKSPACE_HEADER]: options.workspaceId },
  };
}
