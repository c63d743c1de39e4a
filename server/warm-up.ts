import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { EventInput } from '../contract/event';
import { DEFAULT_LEADERBOARD_EVENT_TYPE } from '../contract/event-constants';
import { filtersOf } from './athlete/list-query';
import { createAthlete, listAthletes } from './athlete/repository';
import { checkAthlete } from './athlete/validate';
import type { Database } from './db/schema';
import { athleteHistory } from './event/historical';
import { ingestEvents } from './event/ingest';
import { listResults } from './event/list';
import { findApiKey, hashApiKey, newApiKey } from './integration/api-keys';
import { readLeaderboard } from './leaderboard';
import { referenceData } from './reference';
import { createAccount, findAccountBySubject } from './user';
import { fortyYardSprint } from './seed';

/**
 * The database's warm-up at start (decisions 029 and 030). PGlite is one session in the
 * server's process, and its first statements fill that session's caches (catalog and
 * relation caches, the PL/pgSQL plans of the result triggers): the first 50-result batch
 * took 320-340 ms, ~45 ms from the fifth on, and a cold server's slowest answers under
 * the load mix were all in its first 2-3 s. Before the server listens, this runs what
 * the mix's requests run, through their own functions, in ONE transaction that it rolls
 * back: a throwaway account and a few athletes, a batch through `POST /api/event`'s
 * ingest (its triggers: board bests, bests since, result splits), the auth hook's
 * lookups, and the coaches' reads (leaderboard, a results page, athletes, an athlete's
 * history, bests by athlete).
 *
 * Nothing stays: no row (the rollback), no webhook event (the account has no
 * subscription, and the outbox rows would be rolled back too), no live-stream notice
 * (the feed is told by the routes after their commit, never here), no request metrics
 * (no request). Sequences are not transactional: each warm-up takes ~60 numbers of
 * `results`, `result_splits`... and one of `users`; ids only need to be unique.
 *
 * On PostgreSQL each pooled connection is a backend with caches of its own, and a cold
 * one paid the same first-statement costs (a fresh server's first batches under the load
 * mix took 110-210 ms, against ~25 ms after): server/start.ts runs this on as many
 * connections at once as the pool keeps open (decision 030).
 */

/** Athletes of the throwaway account; the batch gives each several results. */
const WARM_UP_ATHLETES = 5;
/**
 * The batches' sizes, as a device of the load mix sends them. A statement that a PL/pgSQL
 * function (the triggers, the board offer) runs once per batch is planned anew for its
 * first five runs in a session (PostgreSQL's plan cache) before it may keep a generic
 * plan; after one warm-up batch the next real batches still paid that (decision 029).
 * Their size is the real one, since the choice weighs the custom plans' cost.
 */
export const WARM_UP_BATCHES: readonly number[] = [50, 50, 50, 50, 50];

export interface WarmUpOptions {
  /** The server's RESULT_COUNT_CAP, as the results routes pass it. */
  countCap: number;
  /** The batches' sizes (default WARM_UP_BATCHES). */
  batches?: readonly number[];
}

export interface WarmUpSummary {
  /** Results the batches stored before the rollback. */
  results: number;
  /** Each batch's time (ms), in order. */
  batchMs: number[];
  /** The reads run after it. */
  reads: number;
  /** Account and athletes, batches, reads (ms). */
  stepsMs: { setup: number; batches: number; reads: number };
  ms: number;
}

/** Thrown to make Kysely roll the warm-up's transaction back. */
class RollBack extends Error {}

/**
 * Runs the warm-up (see above) and rolls it back.
 * @throws whatever a statement threw (the transaction is rolled back all the same)
 */
export async function warmUpDatabase(
  db: Kysely<Database>,
  options: WarmUpOptions,
): Promise<WarmUpSummary> {
  const started = performance.now();
  let done: Omit<WarmUpSummary, 'ms'> | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      done = await exercise(trx, options);
      throw new RollBack();
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  return { ...done!, ms: performance.now() - started };
}

/** A device's batch of 40-yd sprints with three splits, timed in the last hour. */
function deviceBatch(athleteIds: readonly number[], size: number, now: number): EventInput[] {
  return Array.from({ length: size }, (_, i) => {
    const total = 4600 + ((i * 7919) % 900);
    return {
      clientId: randomUUID(),
      athleteId: athleteIds[i % athleteIds.length]!,
      eventTypeId: DEFAULT_LEADERBOARD_EVENT_TYPE,
      recordedAt: new Date(now - 3_600_000 + i * 1000).toISOString(),
      laneId: 1 + (i % 2),
      source: 'device' as const,
      program: 'none' as const,
      timingMethod: 'electronic' as const,
      ...fortyYardSprint(total),
    };
  });
}

async function exercise(
  trx: Transaction<Database>,
  { countCap, batches = WARM_UP_BATCHES }: WarmUpOptions,
): Promise<Omit<WarmUpSummary, 'ms'>> {
  const started = performance.now();
  const sub = `warm-up|${randomUUID()}`;
  const account = await createAccount(trx, {
    sub,
    email: `warm-up-${randomUUID()}@splitline.invalid`,
    athleteSpots: WARM_UP_ATHLETES,
  });
  const reference = await referenceData(trx);
  const athleteIds: number[] = [];
  for (let n = 1; n <= WARM_UP_ATHLETES; n++) {
    const { values, errors } = checkAthlete({ firstName: 'Warm', lastName: `Up ${n}` }, reference);
    if (Object.keys(errors).length > 0)
      throw new Error(`warm-up athlete: ${JSON.stringify(errors)}`);
    athleteIds.push(Number(await createAthlete(trx, account.id, values, [])));
  }

  // The auth hook's lookups: a sign-in's account, a device's key (none matches).
  await findAccountBySubject(trx, sub);
  await findApiKey(trx, hashApiKey(newApiKey().key));
  const setupDone = performance.now();
  let results = 0;
  const batchMs: number[] = [];
  for (const size of batches) {
    const batchStarted = performance.now();
    const { stored } = await ingestEvents(
      trx,
      account.id,
      deviceBatch(athleteIds, size, Date.now() - results * 1000),
      (index) => `items.${index}.`,
    );
    batchMs.push(Math.round(performance.now() - batchStarted));
    results += stored.created;
  }
  const batchesDone = performance.now();

  // The coaches' screens of the load mix (bench/load.ts), as their routes call them.
  const eventTypeId = DEFAULT_LEADERBOARD_EVENT_TYPE;
  const reads: (() => Promise<unknown>)[] = [
    () =>
      readLeaderboard(trx, {
        accountId: account.id,
        eventTypeId,
        athletesPerLeaderboard: 10,
        isDistinct: true,
        filters: {},
      }),
    () =>
      listResults(trx, account.id, { pageNumber: 1, pageSize: 25, sort: 'DateDesc' }, { countCap }),
    // A big account's page (over SMALL_TABLE rows) is read another way.
    () =>
      listResults(
        trx,
        account.id,
        { pageNumber: 1, pageSize: 25, sort: 'DateDesc' },
        { countCap, smallTable: 0 },
      ),
    () =>
      listAthletes(trx, account.id, filtersOf({ pageNumber: 1, pageSize: 25 }), {
        pageNumber: 1,
        pageSize: 25,
      }),
    () => athleteHistory(trx, account.id, { athleteId: athleteIds[0]!, eventTypeId, tz: 'UTC' }),
    () =>
      listResults(
        trx,
        account.id,
        { getBestByAthlete: true, eventTypeId, pageSize: 25 },
        { countCap },
      ),
    () =>
      listResults(
        trx,
        account.id,
        { getBestByAthlete: true, eventTypeId, pageSize: 25 },
        { countCap, smallTable: 0 },
      ),
  ];
  for (const read of reads) await read();
  const round = (ms: number) => Math.round(ms);
  return {
    results,
    batchMs,
    reads: reads.length,
    stepsMs: {
      setup: round(setupDone - started),
      batches: round(batchesDone - setupDone),
      reads: round(performance.now() - batchesDone),
    },
  };
}
