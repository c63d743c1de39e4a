import { sql, type Kysely } from 'kysely';
import type { LeaderboardBody, LeaderboardBoardBody } from '../../contract/leaderboard';
import type { Database, DistanceMode, EventUnit } from '../db/schema';
import { distanceLabel } from './labels';
import {
  candidatesQuery,
  chooseShape,
  DEFAULT_SHAPE_LIMITS,
  hasAthleteFilter,
  leadersApply,
  historyBounds,
  incompleteSources,
  isCandidate,
  leadersQuery,
  onlySources,
  rankBoards,
  runDistancesQuery,
  sizeProbes,
  type BoardFilters,
  type BoardRequest,
  type Shape,
  type ShapeFacts,
  type ShapeLimits,
  type Source,
  walkBudget,
  type CandidateRow,
} from './queries';

type Db = Kysely<Database>;

/** A leaderboard request with its defaults applied and its dates turned into instants. */
export interface LeaderboardRequest {
  accountId: string;
  eventTypeId: number;
  athletesPerLeaderboard: number;
  isDistinct: boolean;
  /** Only this board (mm). */
  distanceMm?: number;
  filters: BoardFilters;
}

/**
 * The shape that answered (logs, benchmark); `walk+athletes` when a bounded walk handed
 * some sources to the athletes shape; `leaders` when the athletes shape read the set's
 * leaders only (`leaders+athletes`: and then some sources whole).
 */
export type AnsweredShape = Shape | 'walk+athletes' | 'leaders' | 'leaders+athletes';

export interface EventTypeRow {
  id: number;
  name: string;
  unit: EventUnit;
  lower_is_better: boolean;
  default_distance_mm: number | null;
  split_distances_mm: number[];
  distance_mode: DistanceMode;
  run_distances: number[];
  athletes: string | null;
  window: string | null;
  first_at: Date | null;
  last_at: Date | null;
  roster_ok: boolean;
}

/** A leaderboard read: the body, and the shape that answered it. */
export interface LeaderboardRead {
  body: LeaderboardBody;
  shape: AnsweredShape;
}

/**
 * The leaderboard of one event type for an account (contract/leaderboard.ts says what
 * it holds), in two statements: the event type with what the shape choice needs, then
 * every board at once with the athletes' names (and rarely a third: the sources a
 * bounded walk handed to the athletes shape).
 * @returns undefined when the account has no such event type (built in or its own)
 */
export async function readLeaderboard(
  db: Db,
  request: LeaderboardRequest,
  limits: ShapeLimits = DEFAULT_SHAPE_LIMITS,
): Promise<LeaderboardRead | undefined> {
  const facts = await readFacts(db, request, limits);
  if (!facts) return undefined;
  return readBoards(db, facts, planQuery(facts, limits));
}

/** The event type of a request with what the shape choice needs, and the boards it asks for. */
export interface BoardFacts {
  request: LeaderboardRequest;
  type: EventTypeRow;
  boardRequest: BoardRequest;
  facts: ShapeFacts;
}

/**
 * Step 1: the event type with its run distances, the sizes the shape choice needs and
 * whether the roster is the account's, in one statement.
 */
export async function readFacts(
  db: Db,
  request: LeaderboardRequest,
  limits: ShapeLimits,
): Promise<BoardFacts | undefined> {
  const probes = sizeProbes(request, limits);
  const history = historyBounds(request.accountId, request.eventTypeId);
  const dated = request.filters.from !== undefined || request.filters.to !== undefined;
  const { rosterId } = request.filters;
  const rosterOk =
    rosterId === undefined
      ? sql`true`
      : sql`exists (select 1 from rosters where id = ${rosterId} and account_id = ${request.accountId})`;
  const { rows } = await sql<EventTypeRow>`
    select et.id, et.name, et.unit, et.lower_is_better, et.default_distance_mm,
      et.split_distances_mm, et.distance_mode,
      ${runDistancesQuery(request.accountId, request.eventTypeId)} as run_distances,
      ${probes.athletes} as athletes, ${probes.window} as window,
      ${dated ? history.first : sql`null`} as first_at, ${dated ? history.last : sql`null`} as last_at,
      ${rosterOk} as roster_ok
    from event_types et
    where et.id = ${request.eventTypeId}
      and (et.account_id is null or et.account_id = ${request.accountId})`.execute(db);
  const type = rows[0];
  if (!type) return undefined;
  const boardRequest: BoardRequest = {
    accountId: request.accountId,
    eventTypeId: type.id,
    lowerIsBetter: type.lower_is_better,
    boards: boardDistances(type, request.distanceMm).map((distanceMm) => ({
      distanceMm,
      sources: sourcesOf(distanceMm, type),
    })),
    limit: request.athletesPerLeaderboard,
    distinct: request.isDistinct,
    filters: request.filters,
  };
  const facts: ShapeFacts = {
    athletes: type.athletes === null ? undefined : Number(type.athletes),
    window: type.window === null ? undefined : Number(type.window),
    first: type.first_at,
    last: type.last_at,
  };
  return { request, type, boardRequest, facts };
}

/** How the boards are read: a shape, and its settings. */
export interface QueryPlan {
  shape: Shape;
  /** The athletes shape reads the set's leaders first (this many per board). */
  leaders?: number;
  /** A walk under athlete filters stops this far down each source. */
  budget?: number;
  /** The bests of a small athlete set: one descent per athlete. */
  bySet: boolean;
}

/** Step 2: the plan for these facts (docs/leaderboard.md, "Choosing the shape"). */
export function planQuery(facts: BoardFacts, limits: ShapeLimits): QueryPlan {
  return planFor(facts, limits, chooseShape(facts.boardRequest, facts.facts, limits));
}

/** The settings of a shape for these facts. */
export function planFor(
  { boardRequest, facts }: BoardFacts,
  limits: ShapeLimits,
  shape: Shape,
): QueryPlan {
  return {
    shape,
    // Under athlete filters the walk is bounded; what it cannot finish, the athletes do.
    budget:
      shape === 'walk' && hasAthleteFilter(boardRequest.filters)
        ? walkBudget(boardRequest, limits)
        : undefined,
    // The athletes shape under a long date range reads the set's leaders first: the
    // athletes whose unfiltered bests rank first (what it cannot settle, it reads whole).
    leaders:
      shape === 'athletes' && leadersApply(boardRequest, facts, limits)
        ? limits.leaders * boardRequest.limit
        : undefined,
    // The bests of a small athlete set: one descent per athlete; of a large one, a walk.
    bySet: facts.athletes !== undefined && facts.athletes <= limits.maxAthletes,
  };
}

/**
 * Step 3: the boards, read as planned. Another account's roster is no roster here:
 * nobody is on it.
 */
export async function readBoards(
  db: Db,
  { type, request, boardRequest }: BoardFacts,
  plan: QueryPlan,
): Promise<LeaderboardRead> {
  const led = plan.leaders !== undefined;
  const query = !type.roster_ok
    ? undefined
    : led
      ? leadersQuery(boardRequest, plan.leaders!)
      : candidatesQuery(boardRequest, plan.shape, plan.budget, plan.bySet);
  const queried = query ? (await query.execute(db)).rows : [];
  const incomplete =
    plan.budget === undefined && !led
      ? new Set<number>()
      : incompleteSources(boardRequest, queried);
  const candidates: CandidateRow[] = queried.filter(
    (row): row is CandidateRow => isCandidate(row) && !incomplete.has(row.src),
  );
  if (incomplete.size > 0) {
    const rest = candidatesQuery(onlySources(boardRequest, incomplete), 'athletes')!;
    candidates.push(...(await rest.execute(db)).rows.filter(isCandidate));
  }
  const shape: AnsweredShape = led
    ? incomplete.size > 0
      ? 'leaders+athletes'
      : 'leaders'
    : incomplete.size > 0
      ? 'walk+athletes'
      : plan.shape;
  return { body: toBody(request, type, rankBoards(boardRequest, candidates)), shape };
}

/** Step 4: the ranked rows as the contract's boards. */
function toBody(
  request: LeaderboardRequest,
  type: EventTypeRow,
  ranked: ReturnType<typeof rankBoards>,
): LeaderboardBody {
  const boards: LeaderboardBoardBody[] = boardDistances(type, request.distanceMm).map(
    (distanceMm) => ({
      distanceMm,
      label: distanceMm === 0 ? type.name : distanceLabel(distanceMm),
      entries: (ranked.get(distanceMm) ?? []).map((row) => ({
        rank: row.rank,
        resultId: Number(row.id),
        athlete: {
          id: Number(row.athlete_id),
          firstName: row.first_name,
          middleName: row.middle_name,
          lastName: row.last_name,
        },
        value: row.value,
        recordedAt: row.recorded_at.toISOString(),
        laneId: row.lane_id,
      })),
    }),
  );
  return {
    eventType: {
      id: type.id,
      name: type.name,
      unit: type.unit,
      lowerIsBetter: type.lower_is_better,
    },
    isDistinct: request.isDistinct,
    athletesPerLeaderboard: request.athletesPerLeaderboard,
    boards,
  };
}

/**
 * The boards of an event type: the one asked for; else its standard split distances and
 * its default distance; else (a type of the coach's without either) the distances its
 * results were run at; a type without distances (jumps) has one board, distance 0.
 */
function boardDistances(type: EventTypeRow, requested: number | undefined): number[] {
  if (requested !== undefined) return [requested];
  if (type.distance_mode === 'none') return [0];
  const standard = new Set(type.split_distances_mm);
  if (type.default_distance_mm !== null) standard.add(type.default_distance_mm);
  const distances = standard.size > 0 ? [...standard] : type.run_distances;
  return distances.filter((mm) => mm > 0).sort((a, b) => a - b);
}

/** Totals of runs of exactly this distance; splits at it of every longer run. */
function sourcesOf(board: number, type: EventTypeRow): Source[] {
  const sources: Source[] = [];
  if (type.run_distances.includes(board)) sources.push({ kind: 'total', run: board, board });
  if (type.unit === 'time' && board > 0) {
    for (const run of type.run_distances) {
      if (run > board) sources.push({ kind: 'split', run, board });
    }
  }
  return sources;
}
