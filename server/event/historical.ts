import { sql, type Kysely } from 'kysely';
import type {
  HistoricalBody,
  HistoricalQuery,
  HistoricalResultBody,
  HistoricalSeriesBody,
} from '../../contract/event-query';
import type { Database, Program, ResultSource, TimingMethod } from '../db/schema';
import { badRequest, notFound } from '../plugins/http-errors';
import { isTimeZone, nextDay, startOfDay } from './days';
import { visibleEventTypes, type EventTypeInfo } from './list/filters';
import { distanceLabel, markLabel } from './units';

/**
 * `GET /api/event/historical` (docs/api-results.md, "History"): one athlete's results
 * (with splits) in time order and, for the chart, each day's best per series:
 * - `multiSplitDistance` true: one series per split distance of a time event (a run's
 *   total counts as its split at its own distance, so the 10-yd series joins 10-yd runs
 *   and the first split of 40-yd runs); false: one per run distance, of the totals;
 * - jumps: one series of marks (higher is better);
 * - implausible results are listed (flagged) but never a day's best.
 * `isMetric` changes the labels only (yards or metres); values stay mm and ms.
 * Days are in `tz` (UTC by default). One indexed statement: results_athlete_time (the
 * athlete's results in time order; migration 010), and the splits by primary key.
 */
type Db = Kysely<Database>;

interface HistoryRow {
  id: string;
  event_type_id: number;
  event_alias_id: string | null;
  alias_name: string | null;
  lane_id: number | null;
  recorded_at: Date;
  distance_mm: number;
  result: number;
  program: Program;
  source: ResultSource;
  timing_method: TimingMethod;
  implausible: boolean;
  day: string;
  splits: [number, number][];
}

export async function athleteHistory(
  db: Db,
  accountId: string,
  query: HistoricalQuery,
): Promise<HistoricalBody> {
  const errors: Record<string, string[]> = {};
  if (query.athleteId === undefined) errors.athleteId = ['is required'];
  const tz = query.tz ?? 'UTC';
  if (!isTimeZone(tz))
    errors.tz = ['is not a time zone this server knows (an IANA name such as America/Chicago)'];
  if (query.startDate && query.endDate && query.endDate < query.startDate) {
    errors.endDate = ['is before startDate'];
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  const athleteId = query.athleteId!;
  const isMetric = query.isMetric ?? false;
  if (!Number.isSafeInteger(athleteId)) throw notFound('No such athlete');

  const [athlete, types, roster] = await Promise.all([
    db
      .selectFrom('athletes')
      .select(['id', 'first_name', 'middle_name', 'last_name'])
      .where('id', '=', String(athleteId))
      .where('account_id', '=', accountId)
      .executeTakeFirst(),
    visibleEventTypes(db, accountId),
    query.rosterId === undefined
      ? Promise.resolve(undefined)
      : Number.isSafeInteger(query.rosterId)
        ? sql<{ member: boolean }>`select exists (select 1 from roster_athletes ra
            where ra.roster_id = r.id and ra.athlete_id = ${String(athleteId)}) as member
            from rosters r where r.id = ${String(query.rosterId)} and r.account_id = ${accountId}`
            .execute(db)
            .then(({ rows }) => rows[0] ?? null)
        : Promise.resolve(null),
  ]);
  if (!athlete) throw notFound('No such athlete');
  if (roster === null) throw notFound('No such roster');
  if (roster && !roster.member) throw notFound('The athlete is not on this roster');
  if (query.eventTypeId !== undefined && !types.has(query.eventTypeId)) {
    throw notFound('No such event type');
  }

  const where = [sql`r.athlete_id = ${athlete.id}`, sql`r.account_id = ${accountId}`];
  if (query.eventTypeId !== undefined) where.push(sql`r.event_type_id = ${query.eventTypeId}`);
  if (query.startDate) where.push(sql`r.recorded_at >= ${startOfDay(query.startDate, tz)}`);
  if (query.endDate) where.push(sql`r.recorded_at < ${startOfDay(nextDay(query.endDate), tz)}`);
  const { rows } = await sql<HistoryRow>`
    select r.id, r.event_type_id, r.event_alias_id, ea.name as alias_name, r.lane_id,
      r.recorded_at, r.distance_mm, r.result, r.program, r.source, r.timing_method, r.implausible,
      to_char(r.recorded_at at time zone ${tz}, 'YYYY-MM-DD') as day,
      coalesce((select json_agg(json_build_array(s.split_distance_mm, s.split_ms) order by s.split_distance_mm)
        from result_splits s where s.result_id = r.id), '[]'::json) as splits
    from results r left join event_aliases ea on ea.id = r.event_alias_id
    where ${sql.join(where, sql` and `)}
    order by r.recorded_at, r.id`.execute(db);

  return {
    athlete: {
      id: Number(athlete.id),
      firstName: athlete.first_name,
      middleName: athlete.middle_name,
      lastName: athlete.last_name,
    },
    isMetric,
    distanceUnit: isMetric ? 'm' : 'yd',
    results: rows.map((row) => toHistoricalResult(row, types.get(row.event_type_id)!, isMetric)),
    series: dailyBests(rows, types, query.multiSplitDistance ?? false, isMetric),
  };
}

function toHistoricalResult(
  row: HistoryRow,
  type: EventTypeInfo,
  isMetric: boolean,
): HistoricalResultBody {
  const time = type.unit === 'time';
  return {
    id: Number(row.id),
    eventType: { id: type.id, name: type.name, unit: type.unit, lowerIsBetter: type.lowerIsBetter },
    eventAlias:
      row.event_alias_id === null
        ? null
        : { id: Number(row.event_alias_id), name: row.alias_name ?? '' },
    laneId: row.lane_id,
    recordedAt: row.recorded_at.toISOString(),
    distanceMm: row.distance_mm,
    distanceLabel: distanceLabel(row.distance_mm, isMetric),
    timeMs: time ? row.result : null,
    markMm: time ? null : row.result,
    markLabel: type.unit === 'time' ? null : markLabel(row.result, type.unit, isMetric),
    splits: row.splits.map(([distanceMm, timeMs]) => ({
      distanceMm,
      distanceLabel: distanceLabel(distanceMm, isMetric),
      timeMs,
    })),
    program: row.program,
    source: row.source,
    timingMethod: row.timing_method,
    implausible: row.implausible,
  };
}

const KIND_ORDER = { split: 0, total: 1, mark: 2 } as const;
type Kind = keyof typeof KIND_ORDER;

/** The chart: per series, each day's best (rows come in time order). */
function dailyBests(
  rows: readonly HistoryRow[],
  types: Map<number, EventTypeInfo>,
  multiSplitDistance: boolean,
  isMetric: boolean,
): HistoricalSeriesBody[] {
  const series = new Map<string, HistoricalSeriesBody & { byDay: Map<string, number> }>();
  const add = (
    type: EventTypeInfo,
    kind: Kind,
    distanceMm: number,
    row: HistoryRow,
    value: number,
  ) => {
    const key = `${type.id}/${kind}/${distanceMm}`;
    let line = series.get(key);
    if (!line) {
      line = {
        eventTypeId: type.id,
        kind,
        distanceMm,
        distanceLabel: distanceLabel(distanceMm, isMetric),
        lowerIsBetter: type.lowerIsBetter,
        points: [],
        byDay: new Map(),
      };
      series.set(key, line);
    }
    const time = type.unit === 'time';
    const point = {
      date: row.day,
      timeMs: time ? value : null,
      markMm: time ? null : value,
      resultId: Number(row.id),
    };
    const index = line.byDay.get(row.day);
    if (index === undefined) {
      line.byDay.set(row.day, line.points.length);
      line.points.push(point);
      return;
    }
    const best = line.points[index]!;
    const bestValue = (time ? best.timeMs : best.markMm)!;
    // Strictly better only: on a tie the earlier result of the day stays.
    if (type.lowerIsBetter ? value < bestValue : value > bestValue) line.points[index] = point;
  };

  for (const row of rows) {
    if (row.implausible) continue;
    const type = types.get(row.event_type_id)!;
    if (type.unit !== 'time') {
      add(type, 'mark', 0, row, row.result);
    } else if (!multiSplitDistance || row.distance_mm === 0) {
      add(type, 'total', row.distance_mm, row, row.result);
    } else {
      for (const [distanceMm, timeMs] of row.splits) add(type, 'split', distanceMm, row, timeMs);
      if (!row.splits.some(([distanceMm]) => distanceMm === row.distance_mm)) {
        add(type, 'split', row.distance_mm, row, row.result);
      }
    }
  }
  return [...series.values()]
    .sort(
      (a, b) =>
        a.eventTypeId - b.eventTypeId ||
        KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
        a.distanceMm - b.distanceMm,
    )
    .map(({ byDay: _byDay, ...line }) => line);
}
