import { Type, type Static } from 'typebox';
import { Day as DaySchema, ID_RANGE, Id, Line, MAX_ID, Nullable } from './common';
import { NameQueries, Paging, RosterFilter } from './list-query';
import {
  DEFAULT_ATHLETES_PER_LEADERBOARD,
  DEFAULT_LEADERBOARD_EVENT_TYPE,
  DEFAULT_RESULT_SORT,
  MAX_ATHLETES_PER_LEADERBOARD,
  EVENT_UNITS,
  PROGRAMS,
  RESULT_SORTS,
  SOURCES,
  TIMING_METHODS,
} from './event-constants';

export * from './event-constants';

/**
 * The read side of results (`GET /api/event`, `GET /api/leaderboard`,
 * `GET /api/event/historical`): the spec's filter states (section 3) as query strings.
 * Distances are millimetres (10 yd = 9144), dates `YYYY-MM-DD` (inclusive, in the
 * account's days: the app sends the browser's local dates).
 */

const Day = DaySchema({ description: 'YYYY-MM-DD, inclusive.' });
const Distance = Type.Integer({
  minimum: 1,
  maximum: MAX_ID,
  description: 'Millimetres (10 yd = 9144).',
});
/** The server checks the name against the zones both database engines know (400 otherwise). */
const TimeZone = Line({
  maxLength: 64,
  description:
    'The IANA time zone of startDate/endDate (and of the days of a history), e.g. ' +
    '"America/Chicago"; the app sends the browser\'s. Default UTC.',
});

/** `GET /api/event`: a page of results (`program` selects a variant; absent = every program). */
export const ResultListQuery = Type.Object(
  {
    ...Paging,
    ...RosterFilter,
    ...NameQueries,
    typeQuery: Type.Optional(
      Line({ maxLength: 100, description: 'Start of the event type or alias name.' }),
    ),
    laneIdQuery: Type.Optional(Line({ maxLength: 50, description: 'Start of the lane.' })),
    startDate: Type.Optional(Day),
    endDate: Type.Optional(Day),
    getBestByAthlete: Type.Optional(
      Type.Boolean({ default: false, description: "Only each athlete's best result." }),
    ),
    eventTypeId: Type.Optional(Id),
    distance: Type.Optional(Distance),
    eventAliasId: Type.Optional(Id),
    program: Type.Optional(Type.Enum([...PROGRAMS])),
    sort: Type.Optional(Type.Enum([...RESULT_SORTS], { default: DEFAULT_RESULT_SORT })),
    cursor: Type.Optional(
      Line({
        maxLength: 1000,
        description:
          'The nextCursor of the page before (same sort): this page starts right after it, ' +
          'at any depth, and pageNumber is only echoed.',
      }),
    ),
    tz: Type.Optional(TimeZone),
  },
  { title: 'ResultListQuery', additionalProperties: false },
);
export type ResultListQuery = Static<typeof ResultListQuery>;

/** `GET /api/leaderboard`: the app always sends the first three, the rest only when set. */
export const LeaderboardQuery = Type.Object(
  {
    athletesPerLeaderboard: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_ATHLETES_PER_LEADERBOARD,
        default: DEFAULT_ATHLETES_PER_LEADERBOARD,
      }),
    ),
    eventTypeId: Type.Optional(
      Type.Integer({ ...ID_RANGE, default: DEFAULT_LEADERBOARD_EVENT_TYPE }),
    ),
    isDistinct: Type.Optional(Type.Boolean({ default: false })),
    distance: Type.Optional(Distance),
    startDate: Type.Optional(Day),
    endDate: Type.Optional(Day),
    laneId: Type.Optional(Line({ maxLength: 50 })),
    sportId: Type.Optional(Id),
    positionId: Type.Optional(Id),
    rosterId: Type.Optional(Id),
    tz: Type.Optional(TimeZone),
  },
  { title: 'LeaderboardQuery', additionalProperties: false },
);
export type LeaderboardQuery = Static<typeof LeaderboardQuery>;

/** `GET /api/event/historical`: one athlete's results over time (null filters are not sent). */
export const HistoricalQuery = Type.Object(
  {
    rosterId: Type.Optional(Id),
    athleteId: Type.Optional(Id),
    eventTypeId: Type.Optional(Id),
    startDate: Type.Optional(Day),
    endDate: Type.Optional(Day),
    isMetric: Type.Optional(Type.Boolean({ default: false })),
    multiSplitDistance: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Every split distance of the event type (true) or the total only (false).',
      }),
    ),
    tz: Type.Optional(TimeZone),
  },
  { title: 'HistoricalQuery', additionalProperties: false },
);
export type HistoricalQuery = Static<typeof HistoricalQuery>;

/* ---------- answers of the read side ---------- */

/**
 * Units are in the field names, as in the ingest contract (contract/event.ts):
 * distances in millimetres (`...Mm`), times in milliseconds (`...Ms`); a time event has
 * `timeMs`, a jump (`unit` "height" or "distance") `markMm`; instants are ISO 8601 UTC.
 */

/** Counts stop here: a larger table answers this number with `totalCountCapped: true` ("10,000+"). */
export const RESULT_COUNT_CAP = 10_000;
/**
 * Pages by `pageNumber` must start within the first 10,000 rows (OFFSET reads and drops
 * every row before the page); beyond, page on with `cursor` (400 otherwise).
 */
export const MAX_RESULT_OFFSET = 10_000;

/** One cumulative split: the time from the start at this distance. */
export const ResultSplitBody = Type.Object(
  { distanceMm: Type.Integer(), timeMs: Type.Integer() },
  { title: 'ResultSplit' },
);
export type ResultSplitBody = Static<typeof ResultSplitBody>;

export const ResultAthleteRef = Type.Object(
  {
    id: Id,
    firstName: Type.String(),
    middleName: Type.String(),
    lastName: Type.String(),
  },
  { title: 'ResultAthlete' },
);
export type ResultAthleteRef = Static<typeof ResultAthleteRef>;

export const ResultEventTypeRef = Type.Object(
  {
    id: Id,
    name: Type.String(),
    unit: Type.Enum([...EVENT_UNITS]),
    lowerIsBetter: Type.Boolean(),
  },
  { title: 'ResultEventType' },
);
export type ResultEventTypeRef = Static<typeof ResultEventTypeRef>;

export const ResultAliasRef = Type.Object(
  { id: Id, name: Type.String() },
  { title: 'ResultAlias' },
);
export type ResultAliasRef = Static<typeof ResultAliasRef>;

/** What every row of a results table and of an athlete's history shows. */
const resultFields = {
  id: Id,
  eventType: ResultEventTypeRef,
  eventAlias: Nullable(ResultAliasRef),
  laneId: Nullable(Type.Integer()),
  recordedAt: Type.String({ format: 'date-time' }),
  distanceMm: Type.Integer({ description: '0 for events without a distance.' }),
  timeMs: Nullable(Type.Integer({ description: 'Time events; null for jumps.' })),
  markMm: Nullable(Type.Integer({ description: 'Jumps; null for time events.' })),
  splits: Type.Array(ResultSplitBody, { description: 'Cumulative, by distance.' }),
  program: Type.Enum([...PROGRAMS]),
  source: Type.Enum([...SOURCES]),
  timingMethod: Type.Enum([...TIMING_METHODS]),
  implausible: Type.Boolean({
    description: 'Faster than humanly possible (a mistimed run): listed, marked, never a best.',
  }),
};

/** A row of a results table (`GET /api/event`). */
export const ResultListItemBody = Type.Object(
  { ...resultFields, athlete: ResultAthleteRef },
  { title: 'ResultListItem' },
);
export type ResultListItemBody = Static<typeof ResultListItemBody>;

/** `GET /api/event`: one page of a results table. */
export const ResultListBody = Type.Object(
  {
    items: Type.Array(ResultListItemBody),
    totalCount: Type.Integer({
      minimum: 0,
      description: `Rows that match; at most the count cap (${RESULT_COUNT_CAP} by default).`,
    }),
    totalCountCapped: Type.Boolean({
      description: 'More rows match than totalCount says: show "10,000+".',
    }),
    pageNumber: Type.Integer(),
    pageSize: Type.Integer(),
    nextCursor: Nullable(
      Type.String({
        description:
          'Send as `cursor` (same filters and sort) for the page after this one, at any depth; null on the last page.',
      }),
    ),
  },
  { title: 'ResultList' },
);
export type ResultListBody = Static<typeof ResultListBody>;

/** A split in an athlete's history, with its distance labelled in yards or metres. */
export const HistoricalSplitBody = Type.Object(
  { distanceMm: Type.Integer(), distanceLabel: Type.String(), timeMs: Type.Integer() },
  { title: 'HistoricalSplit' },
);
export type HistoricalSplitBody = Static<typeof HistoricalSplitBody>;

export const HistoricalResultBody = Type.Object(
  {
    ...resultFields,
    splits: Type.Array(HistoricalSplitBody, { description: 'Cumulative, by distance.' }),
    distanceLabel: Type.String({
      description: 'The distance in yards ("40 yd") or metres ("36.58 m"); "" without a distance.',
    }),
    markLabel: Nullable(
      Type.String({
        description: 'Jumps: the mark in inches ("26.5 in") or centimetres ("67.3 cm").',
      }),
    ),
  },
  { title: 'HistoricalResult' },
);
export type HistoricalResultBody = Static<typeof HistoricalResultBody>;

/** A day's best of one series: the best time (or mark) of that day and which result it was. */
export const HistoricalPointBody = Type.Object(
  {
    date: Type.String({ format: 'date', description: 'The day, in the time zone of the query.' }),
    timeMs: Nullable(Type.Integer()),
    markMm: Nullable(Type.Integer()),
    resultId: Id,
  },
  { title: 'HistoricalPoint' },
);
export type HistoricalPointBody = Static<typeof HistoricalPointBody>;

export const HISTORICAL_SERIES_KINDS = ['split', 'total', 'mark'] as const;

/**
 * One line of the chart. `split`: the cumulative time at `distanceMm` of every run that
 * passed it (a run's total counts as its split at its own distance); `total`: the total
 * time of runs of `distanceMm`; `mark`: the marks of a jump (`distanceMm` 0).
 */
export const HistoricalSeriesBody = Type.Object(
  {
    eventTypeId: Id,
    kind: Type.Enum([...HISTORICAL_SERIES_KINDS]),
    distanceMm: Type.Integer(),
    distanceLabel: Type.String(),
    lowerIsBetter: Type.Boolean(),
    points: Type.Array(HistoricalPointBody, { description: 'By date, one per day.' }),
  },
  { title: 'HistoricalSeries' },
);
export type HistoricalSeriesBody = Static<typeof HistoricalSeriesBody>;

/** `GET /api/event/historical`: one athlete's results over time and the chart's series. */
export const HistoricalBody = Type.Object(
  {
    athlete: ResultAthleteRef,
    isMetric: Type.Boolean(),
    distanceUnit: Type.Enum(['yd', 'm']),
    results: Type.Array(HistoricalResultBody, { description: 'By recordedAt, then id.' }),
    series: Type.Array(HistoricalSeriesBody, {
      description: 'By event type, then kind, then distance. Implausible results are left out.',
    }),
  },
  { title: 'Historical' },
);
export type HistoricalBody = Static<typeof HistoricalBody>;
