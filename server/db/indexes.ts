/**
 * Secondary indexes of the two big tables, results and result_splits: the single source of
 * their current definitions (migrations 005 and 007 brought them to these), and the bulk loader of
 * server/seed/ drops and recreates them from here around a large load (a sorted
 * CREATE INDEX is far faster than maintaining them row by row), so both always agree.
 * Primary keys and unique constraints stay in the migration: they are never dropped.
 */
export interface IndexDefinition {
  name: string;
  table: 'results' | 'result_splits';
  /** The complete `create index ...` statement. */
  ddl: string;
}

export const bulkTableIndexes: readonly IndexDefinition[] = [
  {
    // Boards leave mistimed runs out (docs/query-plans.md, recommendation 1): partial, so
    // that a board query with `and not implausible` stays an index-only walk. The key is
    // the board's whole order (value, earlier run, lower id; migration 007).
    name: 'results_board',
    table: 'results',
    ddl: `create index results_board on results
      (account_id, event_type_id, distance_mm, result, recorded_at, id)
      include (athlete_id, lane_id) where not implausible`,
  },
  {
    // A board of a few athletes (roster, position): each one's best by one descent (007).
    name: 'results_athlete_board',
    table: 'results',
    ddl: `create index results_athlete_board on results
      (athlete_id, event_type_id, distance_mm, result, recorded_at, id)
      include (lane_id) where not implausible`,
  },
  {
    // ResultAsc/ResultDesc on a results table without a distance (recommendation 3).
    name: 'results_type_result',
    table: 'results',
    ddl: 'create index results_type_result on results (account_id, event_type_id, result, id)',
  },
  {
    name: 'results_type_time',
    table: 'results',
    ddl: 'create index results_type_time on results (account_id, event_type_id, recorded_at, id) include (athlete_id)',
  },
  {
    name: 'results_time',
    table: 'results',
    ddl: 'create index results_time on results (account_id, recorded_at, id)',
  },
  {
    name: 'results_program_time',
    table: 'results',
    ddl: 'create index results_program_time on results (account_id, program, recorded_at, id)',
  },
  {
    name: 'results_athlete',
    table: 'results',
    ddl: `create index results_athlete on results (athlete_id, event_type_id, recorded_at)
      include (account_id, distance_mm, result)`,
  },
  {
    name: 'result_splits_board',
    table: 'result_splits',
    ddl: `create index result_splits_board on result_splits
      (account_id, event_type_id, distance_mm, split_distance_mm, split_ms, recorded_at, result_id)
      include (athlete_id, lane_id) where not implausible`,
  },
  {
    name: 'result_splits_athlete_board',
    table: 'result_splits',
    ddl: `create index result_splits_athlete_board on result_splits
      (athlete_id, event_type_id, distance_mm, split_distance_mm, split_ms, recorded_at, result_id)
      include (lane_id) where not implausible`,
  },
];
