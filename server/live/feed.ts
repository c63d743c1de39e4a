import { sql, type Kysely } from 'kysely';
import { Client } from 'pg';
import { MAX_STREAMED_RESULT_IDS, type ResultsEventBody } from '../../contract/event-stream';
import type { Database } from '../db/schema';

/**
 * The live feed of new results, per account: what `GET /api/event/stream` sends.
 *
 * Writers call `publishResults(accountId, { resultIds, eventTypeIds })` AFTER their
 * transaction has committed (a reader told about results must find them). Every server
 * process gets it: on PostgreSQL through LISTEN/NOTIFY (one listening connection per
 * process, server/live/README.md), on the embedded database in the process itself (one
 * process owns DATA_DIR). Subscribers are keyed by account: a message reaches only the
 * streams of the account it names.
 */

/** What a commit stored: ids as numbers or as the strings Kysely returns for bigint. */
export interface ResultsSummary {
  resultIds: readonly (number | string)[];
  eventTypeIds: readonly number[];
}

export type FeedEvent =
  | { type: 'results'; data: ResultsEventBody }
  /** Messages may have been lost (the listening connection dropped): refetch. */
  | { type: 'resync' };

export type FeedListener = (event: FeedEvent) => void;

export interface LiveFeed {
  /**
   * Tells every process's subscribers of the account about results just committed.
   * Never throws: a lost notice must not fail a write that is already stored (the
   * error is logged); resolves once the notice is sent.
   */
  publishResults(accountId: string, summary: ResultsSummary): Promise<void>;
  /** @returns the unsubscribe function */
  subscribe(accountId: string, listener: FeedListener): () => void;
  /** Open subscriptions of an account in this process, or of every account (tests, metrics). */
  subscriberCount(accountId?: string): number;
  close(): Promise<void>;
}

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** The summary as sent: unique ids ascending, at most MAX_STREAMED_RESULT_IDS of them. */
export function toResultsEvent(summary: ResultsSummary): ResultsEventBody | undefined {
  const ids = [...new Set(summary.resultIds.map(Number))]
    .filter(Number.isSafeInteger)
    .sort((a, b) => a - b);
  if (ids.length === 0) return undefined;
  return {
    count: ids.length,
    eventTypeIds: [...new Set(summary.eventTypeIds)].sort((a, b) => a - b),
    resultIds: ids.slice(0, MAX_STREAMED_RESULT_IDS),
  };
}

/** Subscribers of this process, by account. */
class Hub {
  private readonly byAccount = new Map<string, Set<FeedListener>>();

  constructor(private readonly log: Log) {}

  subscribe(accountId: string, listener: FeedListener): () => void {
    let listeners = this.byAccount.get(accountId);
    if (!listeners) this.byAccount.set(accountId, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.byAccount.get(accountId) === listeners) {
        this.byAccount.delete(accountId);
      }
    };
  }

  count(accountId?: string): number {
    if (accountId !== undefined) return this.byAccount.get(accountId)?.size ?? 0;
    let total = 0;
    for (const listeners of this.byAccount.values()) total += listeners.size;
    return total;
  }

  deliver(accountId: string, event: FeedEvent): void {
    for (const listener of [...(this.byAccount.get(accountId) ?? [])]) this.call(listener, event);
  }

  deliverToAll(event: FeedEvent): void {
    for (const listeners of this.byAccount.values()) {
      for (const listener of [...listeners]) this.call(listener, event);
    }
  }

  private call(listener: FeedListener, event: FeedEvent): void {
    try {
      listener(event);
    } catch (error) {
      this.log.error({ err: error }, 'live feed: a subscriber failed');
    }
  }
}

/** The embedded database's feed: one process, so the process is the whole audience. */
export function createLocalFeed(log: Log): LiveFeed {
  const hub = new Hub(log);
  return {
    async publishResults(accountId, summary) {
      const data = toResultsEvent(summary);
      if (data) hub.deliver(accountId, { type: 'results', data });
    },
    subscribe: (accountId, listener) => hub.subscribe(accountId, listener),
    subscriberCount: (accountId) => hub.count(accountId),
    async close() {},
  };
}

/** The application_name of a process's listening connection (pg_stat_activity). */
export const listenerName = (channel: string): string => `splitline-live ${channel}`.slice(0, 63);

/** The NOTIFY payload: short keys, well under PostgreSQL's 8,000-byte limit. */
interface Notice {
  a: string;
  n: number;
  t: number[];
  r: number[];
}

export interface PostgresFeedOptions {
  /** The server's DATABASE_URL (its search_path, if any, names the channel). */
  connectionString: string;
  /** For NOTIFY: any connection of the pool will do. */
  db: Kysely<Database>;
  log: Log;
  /** How often the listening connection is checked with a query (default 30 s). */
  checkIntervalMs?: number;
}

/**
 * PostgreSQL's feed: publishing is `pg_notify` on a pool connection; each process keeps
 * one dedicated connection that LISTENs and hands what arrives to its subscribers. When
 * that connection fails it is opened again (backoff up to 1 s) and every subscriber gets
 * `resync`, since notices sent meanwhile are lost.
 *
 * The channel is `splitline_results`, suffixed with the schema when the connection works
 * in another than `public` (test files run side by side in one database, one schema
 * each): NOTIFY reaches a whole database, schemas do not separate it.
 */
export async function createPostgresFeed(options: PostgresFeedOptions): Promise<LiveFeed> {
  const { log, db } = options;
  const hub = new Hub(log);
  const checkIntervalMs = options.checkIntervalMs ?? 30_000;
  let client: Client | undefined;
  let channel: string | undefined;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let check: NodeJS.Timeout | undefined;

  const onNotification = (message: { channel: string; payload?: string }) => {
    if (message.channel !== channel || !message.payload) return;
    let notice: Notice;
    try {
      notice = JSON.parse(message.payload) as Notice;
    } catch {
      log.warn({ payload: message.payload }, 'live feed: unreadable notice');
      return;
    }
    hub.deliver(notice.a, {
      type: 'results',
      data: { count: notice.n, eventTypeIds: notice.t, resultIds: notice.r },
    });
  };

  async function connect(): Promise<void> {
    const next = new Client({ connectionString: options.connectionString, keepAlive: true });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('connection ended')));
    next.on('notification', onNotification);
    try {
      await next.connect();
      const { rows } = await next.query<{ schema: string }>('select current_schema() as schema');
      const schema = rows[0]?.schema ?? 'public';
      channel = schema === 'public' ? 'splitline_results' : `splitline_results:${schema}`;
      // Named in pg_stat_activity, for operators (and the reconnect test).
      await next.query(`set application_name = ${next.escapeLiteral(listenerName(channel))}`);
      await next.query(`listen ${next.escapeIdentifier(channel)}`);
    } catch (error) {
      // Half set up (the database went away again between the steps): drop it whole.
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    check = setInterval(() => {
      next.query('select 1').catch((error: unknown) => lost(next, error));
    }, checkIntervalMs);
    check.unref();
  }

  function lost(which: Client, error: unknown): void {
    if (closed || which !== client) return;
    client = undefined;
    clearInterval(check);
    which.removeAllListeners('notification');
    which.end().catch(() => undefined);
    log.warn({ err: error }, 'live feed: the listening connection failed; reconnecting');
    schedule();
  }

  function schedule(): void {
    // At most a second between tries: an attempt while the database is down costs one
    // refused connection, and streams should resync within a second of its return.
    const delay = Math.min(1_000, 100 * 2 ** Math.min(failures, 4));
    failures++;
    retry = setTimeout(() => {
      connect().then(
        () => {
          failures = 0;
          log.info({ channel }, 'live feed: listening again');
          hub.deliverToAll({ type: 'resync' });
        },
        (error: unknown) => {
          log.warn({ err: error }, 'live feed: reconnecting failed');
          if (!closed) schedule();
        },
      );
    }, delay);
    retry.unref();
  }

  await connect();

  return {
    async publishResults(accountId, summary) {
      const data = toResultsEvent(summary);
      if (!data || !channel) return;
      const notice: Notice = {
        a: accountId,
        n: data.count,
        t: data.eventTypeIds,
        r: data.resultIds,
      };
      try {
        await sql`select pg_notify(${channel}, ${JSON.stringify(notice)})`.execute(db);
      } catch (error) {
        log.error({ err: error, accountId }, 'live feed: could not publish results');
      }
    },
    subscribe: (accountId, listener) => hub.subscribe(accountId, listener),
    subscriberCount: (accountId) => hub.count(accountId),
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(check);
      const last = client;
      client = undefined;
      if (last) await last.end().catch(() => undefined);
    },
  };
}
