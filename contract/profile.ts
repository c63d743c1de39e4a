import { Type, type Static } from 'typebox';
import { Day, Id, literals, MAX_ID, Nullable } from './common';
import { NameQueries, Paging, RosterFilter } from './list-query';
import {
  BODYWEIGHT_LIMITS_KG,
  DEFAULT_PROFILE_SORT,
  DEFAULT_TEAM_REPORT_SORT,
  INDEX_NAMES,
  MEASUREMENT_LIMITS,
  MEASUREMENTS,
  PROFILE_ORIGINS,
  PROFILE_SORTS,
  REFERENCE_SEXES,
  TEAM_REPORT_SORTS,
  TESTS,
  TIERS,
  type Measurement,
  type Test,
} from './index-constants';

export * from './index-constants';

/**
 * The performance index (docs/performance-index.md): athlete profiles (`/api/profile`), the
 * reports built from them (`/api/report/...`) and the reference tables they are scored
 * with (`/api/index-reference`). Every list answers `{ items, totalCount, pageNumber,
 * pageSize }`; days are `YYYY-MM-DD`.
 */

/** An object with one optional-nullable property per key, all of one schema. */
function byKey<const K extends readonly string[], S extends Parameters<typeof Nullable>[0]>(
  keys: K,
  schema: (key: K[number]) => S,
  title: string,
) {
  return Type.Object(
    Object.fromEntries(keys.map((key) => [key, Nullable(schema(key))])) as {
      [P in K[number]]: ReturnType<typeof Nullable<S>>;
    },
    { title },
  );
}

/* ---------- profiles ---------- */

/** A profile's measurements, each `null` when not measured that day. */
export const MeasurementsBody = byKey(MEASUREMENTS, () => Type.Number(), 'Measurements');
export type MeasurementsBody = Record<Measurement, number | null>;

/** Points per test (0..1000), `null` when the test has no measurement (or no bodyweight). */
export const PointsBody = byKey(TESTS, () => Type.Integer(), 'Points');
export type PointsBody = Record<Test, number | null>;

/** Which result each measurement was taken from (`null`: typed by hand, or not measured). */
export const SourceResultsBody = byKey(MEASUREMENTS, () => Id, 'SourceResults');
export type SourceResultsBody = Record<Measurement, number | null>;

export const ProfileBody = Type.Object(
  {
    id: Id,
    athleteId: Id,
    firstName: Type.String(),
    middleName: Type.String(),
    lastName: Type.String(),
    /** The testing day the profile is of. */
    testedOn: Day(),
    bodyweightKg: Nullable(Type.Number()),
    origin: literals(PROFILE_ORIGINS),
    /** The reference-table version the points were scored with. */
    referenceVersion: Type.Integer(),
    measurements: MeasurementsBody,
    points: PointsBody,
    sourceResults: SourceResultsBody,
    /** Sum of the EAPI core tests' points; `null` while a core test is missing. */
    eapi: Nullable(Type.Integer()),
    /** Sum of the EASI tests' points; `null` while a phase is missing. */
    easi: Nullable(Type.Integer()),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { title: 'Profile' },
);
export type ProfileBody = Static<typeof ProfileBody>;

/** One measurement of the input: in its range, or `null` (not measured). */
const measurementInput = (key: Measurement) =>
  Type.Optional(Nullable(Type.Integer(MEASUREMENT_LIMITS[key])));

/**
 * `POST /api/profile` and `PUT /api/profile/{id}`: a profile typed by hand. Its points are
 * computed by the server. Saving makes the profile `manual`: results of that day no longer
 * change it (until `POST /api/profile/{id}/rebuild`).
 */
export const ProfileInput = Type.Object(
  {
    athleteId: Id,
    testedOn: Day(),
    bodyweightKg: Type.Optional(Nullable(Type.Number(BODYWEIGHT_LIMITS_KG))),
    measurements: Type.Object(
      Object.fromEntries(MEASUREMENTS.map((key) => [key, measurementInput(key)])) as {
        [K in Measurement]: ReturnType<typeof measurementInput>;
      },
      { additionalProperties: false },
    ),
  },
  { title: 'ProfileInput', additionalProperties: false },
);
export type ProfileInput = Static<typeof ProfileInput>;

/**
 * `GET /api/profile`, `/api/report/eapi/individual`, `/api/report/easi/individual`: the
 * spec's athlete-profile and report filter state. `OverallIndex` is the EAPI on the
 * profiles and EAPI tables, the EASI on the EASI table; `DateCreated` is the testing day.
 */
export const ProfileListQuery = Type.Object(
  {
    ...Paging,
    ...RosterFilter,
    ...NameQueries,
    startDate: Type.Optional(Day()),
    endDate: Type.Optional(Day()),
    sort: Type.Optional(literals(PROFILE_SORTS, { default: DEFAULT_PROFILE_SORT })),
  },
  { title: 'ProfileListQuery', additionalProperties: false },
);
export type ProfileListQuery = Static<typeof ProfileListQuery>;

export const ProfileListBody = Type.Object(
  {
    items: Type.Array(ProfileBody),
    totalCount: Type.Integer(),
    pageNumber: Type.Integer(),
    pageSize: Type.Integer(),
  },
  { title: 'ProfileList' },
);
export type ProfileListBody = Static<typeof ProfileListBody>;

/* ---------- reference tables ---------- */

export const ReferenceRowBody = Type.Object(
  {
    test: literals(TESTS),
    sex: literals(REFERENCE_SEXES),
    /** `all`, or a level the table distinguishes. */
    level: Type.String(),
    mean: Type.Number(),
    sd: Type.Number(),
    lowerIsBetter: Type.Boolean(),
    source: Type.String(),
  },
  { title: 'ReferenceRow' },
);
export type ReferenceRowBody = Static<typeof ReferenceRowBody>;

/** `GET /api/index-reference`: the current reference version (`?version=` an earlier one). */
export const ReferenceVersionBody = Type.Object(
  {
    version: Type.Integer(),
    note: Type.String(),
    publishedAt: Type.String({ format: 'date-time' }),
    rows: Type.Array(ReferenceRowBody),
  },
  { title: 'ReferenceVersion' },
);
export type ReferenceVersionBody = Static<typeof ReferenceVersionBody>;

/* ---------- reports ---------- */

const Tier = literals(TIERS.map((tier) => tier.name) as unknown as readonly [string, ...string[]]);

/** One test of an athlete's report: the number, where it came from and what it needs. */
export const ReportTestBody = Type.Object(
  {
    test: literals(TESTS),
    core: Type.Boolean(),
    /** The measurement (unit in the test's name; the jump's height for the power test). */
    measurement: Nullable(Type.Number()),
    /** Only for the power test: the watts computed from height and bodyweight. */
    computed: Nullable(Type.Number()),
    points: Nullable(Type.Integer()),
    tier: Nullable(Tier),
    /** Points still needed to reach the next tier; `null` in the top tier or unscored. */
    pointsToNextTier: Nullable(Type.Integer()),
    /** What the points were computed from (`null` when unscored). */
    reference: Nullable(ReferenceRowBody),
    resultId: Nullable(Id),
  },
  { title: 'ReportTest' },
);
export type ReportTestBody = Static<typeof ReportTestBody>;

/** Where the athlete's index stands among others tested (latest profile of each). */
export const PercentileBody = Type.Object({
  /** `roster` (per roster the athlete is on) or `position`. */
  group: literals(['roster', 'position'] as const),
  name: Type.String(),
  /** 1 = the highest index of the group; equal indexes share a rank. */
  rank: Type.Integer({ minimum: 1 }),
  /**
   * 0..100, the mid-rank percentile: the share of the group's athletes with a lower index
   * plus half of those with the same (the athlete included). The best of 3 is the 83rd.
   */
  percentile: Type.Integer(),
  athletes: Type.Integer(),
});

/**
 * `GET /api/report/{eapi|easi}/athlete/{id}`: one athlete's report, of the latest profile
 * (or `?profileId=`), with the index over time.
 */
export const AthleteReportBody = Type.Object(
  {
    index: literals(INDEX_NAMES),
    athlete: Type.Object({
      id: Id,
      firstName: Type.String(),
      middleName: Type.String(),
      lastName: Type.String(),
      gender: Nullable(Type.String()),
      position: Nullable(Type.String()),
      sport: Nullable(Type.String()),
    }),
    profile: ProfileBody,
    overall: Nullable(Type.Integer()),
    overallTier: Nullable(Tier),
    overallPointsToNextTier: Nullable(Type.Integer()),
    tests: Type.Array(ReportTestBody),
    percentiles: Type.Array(PercentileBody),
    history: Type.Array(
      Type.Object({ profileId: Id, testedOn: Day(), overall: Nullable(Type.Integer()) }),
    ),
    referenceVersion: Type.Integer(),
  },
  { title: 'AthleteReport' },
);
export type AthleteReportBody = Static<typeof AthleteReportBody>;

/** `GET /api/report/{eapi|easi}/athlete/{id}`: which testing day. */
export const AthleteReportQuery = Type.Object(
  {
    profileId: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_ID,
        description: "One of the athlete's profiles; the latest with the index when absent.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type AthleteReportQuery = Static<typeof AthleteReportQuery>;

/** The report PDFs' page sizes. */
export const PAPERS = ['a4', 'letter'] as const;
const Paper = Type.Optional(
  literals(PAPERS, { default: 'a4', description: 'Page size: A4 (default) or US Letter.' }),
);

/**
 * `GET /api/report/{eapi|easi}/athlete/{id}/pdf`: the report's query, the paper, and the
 * unit the coach reads jumps in (the report page's in/cm switch, which the app sends).
 */
export const AthleteReportPdfQuery = Type.Object(
  {
    ...AthleteReportQuery.properties,
    paper: Paper,
    isMetric: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'Jump heights and lengths in centimetres (true) or inches (false, the default, ' +
          'as the report page shows them first). Times, watts and points read the same.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type AthleteReportPdfQuery = Static<typeof AthleteReportPdfQuery>;

/** `GET /api/report/eapi/team/{rosterId}/{date}/pdf`: the paper (it shows no jumps). */
export const TeamReportPdfQuery = Type.Object({ paper: Paper }, { additionalProperties: false });
export type TeamReportPdfQuery = Static<typeof TeamReportPdfQuery>;

/** `GET /api/report/eapi/team`: the spec's team-report filter state. */
export const TeamReportListQuery = Type.Object(
  {
    ...Paging,
    ...RosterFilter,
    startDate: Type.Optional(Day()),
    endDate: Type.Optional(Day()),
    sort: Type.Optional(literals(TEAM_REPORT_SORTS, { default: DEFAULT_TEAM_REPORT_SORT })),
  },
  { title: 'TeamReportListQuery', additionalProperties: false },
);
export type TeamReportListQuery = Static<typeof TeamReportListQuery>;

/** One row of the team table: a roster on a testing day. */
export const TeamReportRowBody = Type.Object(
  {
    rosterId: Id,
    rosterName: Type.String(),
    date: Day(),
    /** Athletes of the roster with a profile that day. */
    athleteCount: Type.Integer(),
    /** Mean EAPI of those with a complete index (`null` when none is complete). */
    averageOverallIndex: Nullable(Type.Number()),
  },
  { title: 'TeamReportRow' },
);
export type TeamReportRowBody = Static<typeof TeamReportRowBody>;

export const TeamReportListBody = Type.Object(
  {
    items: Type.Array(TeamReportRowBody),
    totalCount: Type.Integer(),
    pageNumber: Type.Integer(),
    pageSize: Type.Integer(),
  },
  { title: 'TeamReportList' },
);
export type TeamReportListBody = Static<typeof TeamReportListBody>;

/** `GET /api/report/eapi/team/{rosterId}/{date}`: path parameters. */
export const TeamReportParams = Type.Object({ rosterId: Id, date: Day() });
export type TeamReportParams = Static<typeof TeamReportParams>;

/** `GET /api/report/eapi/team/{rosterId}/{date}`: one roster's testing day. */
export const TeamReportBody = Type.Object(
  {
    rosterId: Id,
    rosterName: Type.String(),
    date: Day(),
    athleteCount: Type.Integer(),
    averageOverallIndex: Nullable(Type.Number()),
    /** Mean points per test over the athletes measured in it. */
    testAverages: Type.Array(
      Type.Object({
        test: literals(TESTS),
        average: Nullable(Type.Number()),
        count: Type.Integer(),
      }),
    ),
    /** Athletes per band of 100 index points (`from` inclusive). */
    distribution: Type.Array(Type.Object({ from: Type.Integer(), count: Type.Integer() })),
    /** Ranked by index, best first; incomplete indexes last. */
    athletes: Type.Array(
      Type.Object({
        rank: Nullable(Type.Integer()),
        profileId: Id,
        athleteId: Id,
        firstName: Type.String(),
        middleName: Type.String(),
        lastName: Type.String(),
        eapi: Nullable(Type.Integer()),
        points: PointsBody,
        /** EAPI change since the athlete's profile on the previous testing day. */
        change: Nullable(Type.Integer()),
      }),
    ),
    /** The roster's previous testing day and the change of the average since it. */
    previous: Nullable(
      Type.Object({
        date: Day(),
        averageOverallIndex: Nullable(Type.Number()),
        change: Nullable(Type.Number()),
      }),
    ),
    referenceVersion: Type.Integer(),
  },
  { title: 'TeamReport' },
);
export type TeamReportBody = Static<typeof TeamReportBody>;
