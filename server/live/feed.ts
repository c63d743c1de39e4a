import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { Client } from 'pg';
import { MAX_STREAMED_RESULT_IDS, type ResultsEventBody } from '../../contract/event-stream';
import type { Database } from '../db/schema';

/**
 * The live feed of new results, per account: what `GET /api/event/stream` sends.
 *
 * Writers call `publishResults(accountId, { results })` (each result with its event type
 * and athlete) AFTER their transaction has committed (a reader told about results must find them). Every server
 * process gets it: on PostgreSQL through LISTEN/NOTIFY (one listening connection per
 * process, server/live/README.md), on the embedded database in the process itself (one
 * process owns DATA_DIR). Subscribers are keyed by account: a message reaches only the
 * streams of the account it names.
 */

/**
 * One result a commit stored, changed or deleted, with its event type and athlete (ids as
 * numbers or as the strings Kysely returns for bigint). The athlete is what narrows the
 * stream of a member limited to some rosters (server/live/routes.ts).
 */
export interface ResultTouch {
  id: number | string;
  eventTypeId: number;
  athleteId: number | string;
}

/**
 * What a commit stored, changed or deleted: each result once, or twice when a correction
 * moved it (before and after: another event type or athlete).
 */
export interface ResultsSummary {
  results: readonly ResultTouch[];
}

/** A ResultTouch as the feed carries it: safe integers. */
export interface FeedResult {
  id: number;
  eventTypeId: number;
  athleteId: number;
}

export type FeedEvent =
  /** `data` is the event as sent to the whole account; `results` narrow it to some rosters. */
  | { type: 'results'; data: ResultsEventBody; results: readonly FeedResult[] }
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

/** The summary's results as safe integers (others cannot be stored ids). */
function feedResults(summary: ResultsSummary): FeedResult[] {
  return summary.results
    .map((r) => ({ id: Number(r.id), eventTypeId: r.eventTypeId, athleteId: Number(r.athleteId) }))
    .filter((r) => Number.isSafeInteger(r.id) && Number.isSafeInteger(r.athleteId));
}

/**
 * The event as sent for these results: unique ids ascending, at most
 * MAX_STREAMED_RESULT_IDS of them, and the count of all; undefined for none. A stream
 * narrowed to some rosters sends it for the results of its athletes only.
 */
export function toResultsEvent(results: readonly FeedResult[]): ResultsEventBody | undefined {
  const ids = [...new Set(results.map((r) => r.id))].sort((a, b) => a - b);
  if (ids.length === 0) return undefined;
  return {
    count: ids.length,
    eventTypeIds: [...new Set(results.map((r) => r.eventTypeId))].sort((a, b) => a - b),
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
      const results = feedResults(summary);
      const data = toResultsEvent(results);
      if (data) hub.deliver(accountId, { type: 'results', data, results });
    },
    subscribe: (accountId, listener) => hub.subscribe(accountId, listener),
    subscriberCount: (accountId) => hub.count(accountId),
    async close() {},
  };
}

/** The application_name of a process's listening connection (pg_stat_activity). */
export const listenerName = (channel: string): string => `splitline-live ${channel}`.slice(0, 63);

/**
 * A NOTIFY payload: short keys, under PostgreSQL's 8,000-byte limit. A commit whose
 * results do not fit in one goes as several parts with one key `k` (part `i` of `of`);
 * the first carries the event (`n`, `t`, `r`), each its share of the results `x`
 * ([id, eventTypeId, athleteId]). The receiving process delivers once it has every part
 * (one transaction's notices arrive together and in order).
 */
interface Notice {
  a: string;
  k?: string;
  i?: number;
  of?: number;
  n?: number;
  t?: number[];
  r?: number[];
  x: [number, number, number][];
}

/** Bytes of one payload at most: room below the 8,000 for the keys and the account id. */
const NOTICE_BYTES = 7_000;

/** The payloads of one commit (several parts when its results do not fit in one). */
export function noticesOf(
  accountId: string,
  data: ResultsEventBody,
  results: readonly FeedResult[],
  key: string,
): string[] {
  const head = { a: accountId, n: data.count, t: data.eventTypeIds, r: data.resultIds };
  let part: Notice['x'] = [];
  const parts = [part];
  let room = NOTICE_BYTES - JSON.stringify(head).length;
  for (const r of results) {
    const triple: Notice['x'][number] = [r.id, r.eventTypeId, r.athleteId];
    const bytes = JSON.stringify(triple).length + 1;
    if (bytes > room && part.length > 0) {
      parts.push((part = []));
      // A later part's keys: the account, the key, its place (well under 200 bytes).
      room = NOTICE_BYTES - 200;
    }
    part.push(triple);
    room -= bytes;
  }
  if (parts.length === 1) return [JSON.stringify({ ...head, x: part } satisfies Notice)];
  const of = parts.length;
  return parts.map((x, i) =>
    JSON.stringify(
      (i === 0
        ? { ...head, k: key, i, of, x }
        : { a: accountId, k: key, i, of, x }) satisfies Notice,
    ),
  );
}

/** Parts of multi-part notices waiting for the rest, by key; the oldest go beyond this many. */
const MAX_PENDING_COMMITS = 1_000;

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
  /** Keys of multi-part notices: this process's, then a counter. */
  const processKey = randomBytes(6).toString('base64url');
  let commits = 0;

  const pending = new Map<string, (Notice | undefined)[]>();
  /** The whole commit once every part of it is here (one part: at once). */
  const complete = (notice: Notice): Notice[] | undefined => {
    if (notice.k === undefined || notice.of === undefined || notice.i === undefined) {
      return [notice];
    }
    const parts = pending.get(notice.k) ?? new Array<Notice | undefined>(notice.of).fill(undefined);
    parts[notice.i] = notice;
    if (parts.every(Boolean)) {
      pending.delete(notice.k);
      return parts as Notice[];
    }
    pending.set(notice.k, parts);
    if (pending.size > MAX_PENDING_COMMITS) pending.delete(pending.keys().next().value!);
    return undefined;
  };
  const onNotification = (message: { channel: string; payload?: string }) => {
    if (message.channel !== channel || !message.payload) return;
    let notice: Notice;
    try {
      notice = JSON.parse(message.payload) as Notice;
    } catch {
      log.warn({ payload: message.payload }, 'live feed: unreadable notice');
      return;
    }
    const parts = complete(notice);
    const head = parts?.[0];
    if (!head || head.n === undefined || !head.t || !head.r) return;
    hub.deliver(head.a, {
      type: 'results',
      data: { count: head.n, eventTypeIds: head.t, resultIds: head.r },
      results: parts.flatMap((part) =>
        part.x.map(([id, eventTypeId, athleteId]) => ({ id, eventTypeId, athleteId })),
      ),
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
    // Parts of a commit cut off by the failure never complete: the resync stands for them.
    pending.clear();
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
      const results = feedResults(summary);
      const data = toResultsEvent(results);
      if (!data || !channel) return;
      const payloads = noticesOf(accountId, data, results, `${processKey}.${++commits}`);
      try {
        // One statement, so one transaction: its notices are delivered together, in order.
        await sql`select pg_notify(${channel}, p)
          from unnest(${payloads}::text[]) with ordinality as n(p, i) order by i`.execute(db);
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
