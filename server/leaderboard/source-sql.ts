import { sql, type RawBuilder } from 'kysely';
import { type BoardFilters, type BoardRequest, type Source } from './board-request';

/** The pieces of a source's SQL: its table, its index key, its filters and its order. The shapes are described in queries.ts; their reasoning in docs/leaderboard.md. */

interface SourceSql {
  table: RawBuilder<unknown>;
  id: RawBuilder<unknown>;
  value: RawBuilder<unknown>;
  /** The board index's equality prefix after the account (or athlete) column. */
  key: RawBuilder<unknown>;
}

export function sourceSql(request: BoardRequest, source: Source): SourceSql {
  if (source.kind === 'total') {
    return {
      table: sql`results`,
      id: sql`id`,
      value: sql`result`,
      key: sql`event_type_id = ${request.eventTypeId} and distance_mm = ${source.board} and not implausible`,
    };
  }
  return {
    table: sql`result_splits`,
    id: sql`result_id`,
    value: sql`split_ms`,
    key: sql`event_type_id = ${request.eventTypeId} and distance_mm = ${source.run}
      and split_distance_mm = ${source.board} and not implausible`,
  };
}

export const direction = (request: BoardRequest) => (request.lowerIsBetter ? sql`asc` : sql`desc`);

export const hasDateFilter = (f: BoardFilters): boolean =>
  f.from !== undefined || f.to !== undefined;

export function dateFilters(f: BoardFilters): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (f.from) parts.push(sql`and recorded_at >= ${f.from}`);
  if (f.to) parts.push(sql`and recorded_at < ${f.to}`);
  return sql.join(parts, sql` `);
}

const laneFilter = (f: BoardFilters): RawBuilder<unknown> =>
  f.laneId === undefined ? sql`` : sql`and lane_id = ${f.laneId}`;

/** Date and lane: both are columns of every board index, checked on its entries. */
export const entryFilters = (f: BoardFilters): RawBuilder<unknown> =>
  sql`${dateFilters(f)} ${laneFilter(f)}`;

export function columns(s: SourceSql): RawBuilder<unknown> {
  return sql`${s.id} as id, athlete_id, ${s.value} as value, recorded_at, lane_id`;
}

export function order(request: BoardRequest, s: SourceSql): RawBuilder<unknown> {
  return sql`order by ${s.value} ${direction(request)}, recorded_at, ${s.id}`;
}
