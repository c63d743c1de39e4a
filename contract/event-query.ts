import { Type, type Static } from 'typebox';
import { ALL_ROSTERS, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './athlete';
import { PROGRAMS, type Program } from './event';

/**
 * The read side of results (`GET /api/event`, `GET /api/leaderboard`,
 * `GET /api/event/historical`): the spec's filter states (section 3) as query strings.
 * Distances are millimetres (10 yd = 9144), dates `YYYY-MM-DD` (inclusive, in the
 * account's days: the app sends the browser's local dates).
 */

/** The spec's results-table sort values; `DateDesc` by default. */
export const RESULT_SORTS = [
  'DateAsc',
  'DateDesc',
  'FirstName',
  'MiddleName',
  'LastName',
  'EventAsc',
  'EventDesc',
  'ResultAsc',
  'ResultDesc',
  'None',
] as const;
export type ResultSort = (typeof RESULT_SORTS)[number];
export const DEFAULT_RESULT_SORT: ResultSort = 'DateDesc';


/**
 * The results-table variants and the filters only some of them have (spec: "distance
 * (some variants only)", "eventAliasId (one variant only)"). `individual` lists every
 * program's results; the others list their program's only.
 */
export const RESULT_VARIANTS = {
  individual: { program: null, distance: true, eventAliasId: false },
  gamespeed: { program: 'gamespeed', distance: false, eventAliasId: true },
  eapi: { program: 'eapi', distance: false, eventAliasId: false },
  manualentry: { program: 'manualentry', distance: true, eventAliasId: false },
} as const satisfies Record<
  string,
  { program: Program | null; distance: boolean; eventAliasId: boolean }
>;
export type ResultVariant = keyof typeof RESULT_VARIANTS;

const Id = Type.Integer({ minimum: 1 });
const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD, inclusive.' });
const Distance = Type.Integer({ minimum: 1, description: 'Millimetres (10 yd = 9144).' });

/** `GET /api/event`: a page of results (`program` selects a variant; absent = every program). */
export const ResultListQuery = Type.Object(
  {
    pageNumber: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    pageSize: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
    ),
    rosterId: Type.Optional(Type.Integer({ minimum: -1, default: ALL_ROSTERS })),
    firstNameQuery: Type.Optional(Type.String({ maxLength: 100 })),
    middleNameQuery: Type.Optional(Type.String({ maxLength: 100 })),
    lastNameQuery: Type.Optional(Type.String({ maxLength: 100 })),
    typeQuery: Type.Optional(
      Type.String({ maxLength: 100, description: 'Start of the event type or alias name.' }),
    ),
    laneIdQuery: Type.Optional(Type.String({ maxLength: 50, description: 'Start of the lane.' })),
    startDate: Type.Optional(Day),
    endDate: Type.Optional(Day),
    getBestByAthlete: Type.Optional(
      Type.Boolean({ default: false, description: "Only each athlete's best result." }),
    ),
    eventTypeId: Type.Optional(Id),
    distance: Type.Optional(Distance),
    eventAliasId: Type.Optional(Id),
    program: Type.Optional(Type.Union(PROGRAMS.map((p) => Type.Literal(p)))),
    sort: Type.Optional(
      Type.Union(
        RESULT_SORTS.map((s) => Type.Literal(s)),
        { default: DEFAULT_RESULT_SORT },
      ),
    ),
  },
  { title: 'ResultListQuery', additionalProperties: false },
);
export type ResultListQuery = Static<typeof ResultListQuery>;

/** Leaderboard defaults (spec, section 9). */
export const DEFAULT_ATHLETES_PER_LEADERBOARD = 5;
export const DEFAULT_LEADERBOARD_EVENT_TYPE = 1;
export const MAX_ATHLETES_PER_LEADERBOARD = 100;

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
      Type.Integer({ minimum: 1, default: DEFAULT_LEADERBOARD_EVENT_TYPE }),
    ),
    isDistinct: Type.Optional(Type.Boolean({ default: false })),
    distance: Type.Optional(Distance),
    startDate: Type.Optional(Day),
    endDate: Type.Optional(Day),
    laneId: Type.Optional(Type.String({ maxLength: 50 })),
    sportId: Type.Optional(Id),
    positionId: Type.Optional(Id),
    rosterId: Type.Optional(Id),
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
  },
  { title: 'HistoricalQuery', additionalProperties: false },
);
export type HistoricalQuery = Static<typeof HistoricalQuery>;
