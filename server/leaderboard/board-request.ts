import { sql, type RawBuilder } from 'kysely';

/** Who asks for which boards: the request, its filters and the athlete set they leave. The shapes are described in queries.ts; their reasoning in docs/leaderboard.md. */

/** One source of a board: totals of runs of distance `board`, or splits at `board` of runs of `run`. */
export interface Source {
  kind: 'total' | 'split';
  /** The runs' distance (mm): `board` for totals, longer for splits. */
  run: number;
  /** The board's distance (mm). */
  board: number;
}

export interface BoardFilters {
  /** Inclusive start, exclusive end. */
  from?: Date;
  to?: Date;
  laneId?: number;
  sportId?: number;
  positionId?: number;
  rosterId?: number;
}

export interface BoardRequest {
  accountId: string;
  eventTypeId: number;
  lowerIsBetter: boolean;
  /** Board distances, ascending; each with its sources (may be none). */
  boards: { distanceMm: number; sources: Source[] }[];
  limit: number;
  distinct: boolean;
  filters: BoardFilters;
}

export type Shape = 'walk' | 'athletes' | 'window' | 'bests';

export interface CandidateRow {
  board: number;
  /** Which source of the request (in order of boards and their sources). */
  src: number;
  id: string;
  athlete_id: string;
  value: number;
  recorded_at: Date;
  lane_id: number | null;
  first_name: string;
  middle_name: string;
  last_name: string;
}

export const hasAthleteFilter = (f: BoardFilters): boolean =>
  f.sportId !== undefined || f.positionId !== undefined || f.rosterId !== undefined;

/** A position names its sport: the sport condition lets the index range cover both. */
function sportOf(f: BoardFilters): RawBuilder<unknown> | undefined {
  if (f.sportId !== undefined) return sql`${f.sportId}`;
  if (f.positionId !== undefined)
    return sql`(select sport_id from positions where id = ${f.positionId})`;
  return undefined;
}

/**
 * The athletes the filters leave (ids), for the `athletes` shape and the size probe: a
 * roster's members (the caller has checked that the roster is the account's), a
 * sport's or a position's athletes (`athletes_sport_position`), or those on all of them.
 */
export function athleteSet(accountId: string, f: BoardFilters): RawBuilder<{ id: string }> {
  const sport = sportOf(f);
  const conditions: RawBuilder<unknown>[] = [sql`a.account_id = ${accountId}`];
  if (sport) conditions.push(sql`a.sport_id = ${sport}`);
  if (f.positionId !== undefined) conditions.push(sql`a.position_id = ${f.positionId}`);
  if (f.rosterId === undefined) {
    return sql`select a.id from athletes a where ${sql.join(conditions, sql` and `)}`;
  }
  if (!sport)
    return sql`select athlete_id as id from roster_athletes where roster_id = ${f.rosterId}`;
  return sql`select a.id from roster_athletes ra join athletes a on a.id = ra.athlete_id
    where ra.roster_id = ${f.rosterId} and ${sql.join(conditions, sql` and `)}`;
}

/**
 * The athlete filters as a check of one entry's athlete, for the shapes that meet the
 * athletes one entry at a time: a probe of `roster_athletes_pkey` and of the athlete's
 * row. Cheaper than building the whole set when it is large, and a large set is
 * exactly when these shapes are chosen. (Written as `exists`, the planner runs it as a
 * per-entry probe; an `in (set)` became a nested loop over the whole set per entry.)
 */
export function athleteMatch(f: BoardFilters, athleteId: RawBuilder<unknown>): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (f.rosterId !== undefined) {
    parts.push(sql`and exists (select 1 from roster_athletes ra
      where ra.roster_id = ${f.rosterId} and ra.athlete_id = ${athleteId})`);
  }
  const sport = sportOf(f);
  if (sport) {
    const position = f.positionId === undefined ? sql`` : sql`and a.position_id = ${f.positionId}`;
    parts.push(sql`and exists (select 1 from athletes a
      where a.id = ${athleteId} and a.sport_id = ${sport} ${position})`);
  }
  return sql.join(parts, sql` `);
}
