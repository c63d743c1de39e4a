import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';

/** 1 yd = 914.4 mm; distances are whole millimetres. */
export const yd = (yards: number): number => Math.round(yards * 914.4);

export interface AthleteSpec {
  first: string;
  last: string;
  sportId?: number | null;
  positionId?: number | null;
}

export interface ResultSpec {
  athleteId: string;
  eventTypeId?: number;
  /** Run distance (mm); default 40 yd. */
  distanceMm?: number;
  /** timeMs or markMm. */
  value: number;
  /** Cumulative splits [distanceMm, timeMs] (the 005 columns are copied from the result). */
  splits?: [number, number][];
  recordedAt: string | Date;
  laneId?: number | null;
  implausible?: boolean;
}

let clientIds = 0;

/**
 * Writes the rows a leaderboard reads, straight into the tables (the ingest API is
 * another issue's): athletes, rosters, results with their result_splits rows carrying
 * the denormalised columns as migration 005 has them.
 */
export function boardFixtures(db: Kysely<Database>, accountId: string) {
  return {
    async athlete(spec: AthleteSpec): Promise<string> {
      const row = await db
        .insertInto('athletes')
        .values({
          account_id: accountId,
          first_name: spec.first,
          last_name: spec.last,
          first_name_key: spec.first.toLowerCase(),
          last_name_key: spec.last.toLowerCase(),
          sport_id: spec.sportId ?? null,
          position_id: spec.positionId ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async roster(name: string, athleteIds: string[]): Promise<string> {
      const roster = await db
        .insertInto('rosters')
        .values({ account_id: accountId, name })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (athleteIds.length > 0) {
        await db
          .insertInto('roster_athletes')
          .values(
            athleteIds.map((athlete_id) => ({
              roster_id: roster.id,
              athlete_id,
              account_id: accountId,
            })),
          )
          .execute();
      }
      return roster.id;
    },

    async result(spec: ResultSpec): Promise<string> {
      const ids = await this.results([spec]);
      return ids[0]!;
    },

    /** Inserts in the order given (ids ascending in that order). */
    async results(specs: ResultSpec[]): Promise<string[]> {
      const ids: string[] = [];
      for (const spec of specs) {
        const recorded_at = new Date(spec.recordedAt);
        const common = {
          account_id: accountId,
          athlete_id: spec.athleteId,
          event_type_id: spec.eventTypeId ?? 1,
          distance_mm: spec.distanceMm ?? yd(40),
          lane_id: spec.laneId ?? null,
          recorded_at,
          implausible: spec.implausible ?? false,
        };
        const row = await db
          .insertInto('results')
          .values({
            ...common,
            result: spec.value,
            source: 'device',
            client_id: `board-fixture-${++clientIds}`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (spec.splits && spec.splits.length > 0) {
          await db
            .insertInto('result_splits')
            .values(
              spec.splits.map(([split_distance_mm, split_ms]) => ({
                ...common,
                result_id: row.id,
                split_distance_mm,
                split_ms,
              })),
            )
            .execute();
        }
        ids.push(row.id);
      }
      return ids;
    },
  };
}

export type BoardFixtures = ReturnType<typeof boardFixtures>;
