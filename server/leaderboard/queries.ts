/**
 * The SQL of the leaderboard (docs/leaderboard.md has the reasoning and the figures), one
 * file per part: the request (board-request.ts), a source's pieces (source-sql.ts), one
 * file per shape (shape-*.ts), the statement and the ranking (statement.ts), and the
 * choice of the shape (choose-shape.ts). This module is their public face.
 *
 * A board of distance X ranks, for one event type, every plausible result with a time at
 * X: the totals of runs of distance X (`results`) and the splits at X of longer runs
 * (`result_splits`, one source per run distance D > X). Each source is one range of a
 * board index whose key is the rank order `(value, recorded_at, id)`, so every shape
 * below is a walk over a few index entries. Three shapes, chosen per request by
 * `chooseShape`:
 *
 * - `walk`: each source's board index in rank order, filters checked on the index
 *   entries: `LIMIT n`, or with `isDistinct` a recursive walk that repeatedly takes the
 *   next entry of an athlete not yet on the board (a loose index scan).
 * - `athletes`: when the athlete filters leave few athletes, each athlete's own best
 *   entries through the per-athlete board indexes (LATERAL, `LIMIT n` or 1), merged.
 * - `window`: when the date range holds few results, those results (by date index) and
 *   their splits, ranked in memory with window functions.
 * - `bests`: without a date filter, each athlete's best per board (in the lane, or of
 *   every lane) from `board_bests` (migrations 009 and 012, kept by triggers): a distinct board is its first `n`
 *   rows in rank order; under athlete filters, the athletes' bests (one descent each for
 *   every board) or a walk over the bests, and when not distinct the entries of only the
 *   athletes whose best makes the top `n`.
 */
export {
  type Source,
  type BoardFilters,
  type BoardRequest,
  type Shape,
  type CandidateRow,
  hasAthleteFilter,
  athleteSet,
} from './board-request';
export { hasDateFilter } from './source-sql';
export { bestsApply } from './shape-bests';
export { leadersQuery } from './shape-leaders';
export {
  candidatesQuery,
  type QueriedRow,
  isCandidate,
  incompleteSources,
  onlySources,
  type RankedRow,
  rankBoards,
} from './statement';
export {
  type ShapeLimits,
  DEFAULT_SHAPE_LIMITS,
  leadersApply,
  walkBudget,
  type ShapeFacts,
  chooseShape,
  historyShare,
  historyBounds,
  sizeProbes,
  runDistancesQuery,
} from './choose-shape';
