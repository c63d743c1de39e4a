/**
 * Secondary indexes of the two big tables, results and result_splits: the single source of
 * their current definitions (migrations 005, 007, 008, 010, 014 and 031-036 brought them to these), and the bulk loader of
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
    // the board's whole order (value, earlier run, lower id; migration 008).
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
    ddl: `create index results_type_result on results (account_id, event_type_id, result, id)
      include (distance_mm, lane_id)`,
  },
  {
    name: 'results_type_time',
    table: 'results',
    // 006: with the distance and lane, so that a table's filters are checked index-only.
    ddl: `create index results_type_time on results (account_id, event_type_id, recorded_at, id)
      include (athlete_id, distance_mm, lane_id)`,
  },
  {
    name: 'results_time',
    table: 'results',
    ddl: 'create index results_time on results (account_id, recorded_at, id)',
  },
  {
    name: 'results_program_time',
    table: 'results',
    // Only the program pages walk it, never a result without a program (010).
    ddl: `create index results_program_time on results (account_id, program, recorded_at, id)
      where program <> 'none'`,
  },
  {
    // None sorts (id order) of a table, with the program pages' filter (migration 007).
    name: 'results_account_id',
    table: 'results',
    ddl: `create index results_account_id on results (account_id, id) include (program)`,
  },
  {
    // None sorts of a program page: its own ids, not every result's (migration 031).
    name: 'results_program_id',
    table: 'results',
    ddl: `create index results_program_id on results (account_id, program, id)
      where program <> 'none'`,
  },
  {
    // Name sorts walk the athletes in name order and each one's results newest first; a
    // small table of a roster reads each athlete's results in a date range. Index-only:
    // it carries every column those filter on.
    name: 'results_athlete_time',
    table: 'results',
    ddl: `create index results_athlete_time on results (athlete_id, recorded_at, id)
      include (account_id, program, event_type_id, distance_mm, lane_id, event_alias_id, result,
        implausible)`,
  },
  {
    // Each athlete's results of a program, for a program page's name walk and name
    // filters: one descent reads the program's rows alone (migration 035).
    name: 'results_athlete_program',
    table: 'results',
    ddl: `create index results_athlete_program on results (athlete_id, program, recorded_at, id)
      include (account_id, event_type_id, distance_mm, lane_id, event_alias_id, result,
        implausible) where program <> 'none'`,
  },
  {
    // Program pages: Event sorts and Date sorts of a few event types; with the athlete, a
    // roster's rows are counted and read index-only (014).
    name: 'results_program_type_time',
    table: 'results',
    ddl: `create index results_program_type_time on results (account_id, program, event_type_id, recorded_at, id)
      include (athlete_id, distance_mm, lane_id) where program <> 'none'`,
  },
  {
    // Program pages: Result sorts, one walk per event type.
    name: 'results_program_type_result',
    table: 'results',
    ddl: `create index results_program_type_result on results (account_id, program, event_type_id, result, id)
      include (distance_mm, lane_id) where program <> 'none'`,
  },
  {
    // eventAliasId and typeQuery on alias names (only results with an alias), with what
    // the other filters and the sorts read but the athlete: index-only (migration 032).
    name: 'results_alias',
    table: 'results',
    ddl: `create index results_alias on results (account_id, event_alias_id, recorded_at, id)
      include (program, event_type_id, distance_mm, lane_id, result)
      where event_alias_id is not null`,
  },
  {
    // Each athlete's rows of an alias, for a name sort's walk over the athletes under an
    // alias filter: one descent an athlete (migration 034); with the columns such a table
    // filters on, a small one is read from it alone (036).
    name: 'results_alias_athlete',
    table: 'results',
    ddl: `create index results_alias_athlete on results (account_id, event_alias_id, athlete_id, recorded_at, id)
      include (program, event_type_id, distance_mm, lane_id, result) where event_alias_id is not null`,
  },
  {
    // The flagged runs of a distance in value order, beside results_board's plausible
    // ones: a Result sort under a distance filter merges the two (migration 033).
    name: 'results_flagged',
    table: 'results',
    ddl: `create index results_flagged on results (account_id, event_type_id, distance_mm, result, id)
      include (lane_id) where implausible`,
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
