import { Type, type Static } from 'typebox';
import { Id, Line, literals, Nullable } from './common';
import { NameQueries, Paging, RosterFilter } from './list-query';

/**
 * Athletes, rosters and the reference lists they use (`/api/athlete`, `/api/roster`,
 * `/api/sport`, `/api/position`). Ids are integers. Dates are `YYYY-MM-DD`, instants
 * ISO 8601. Every list answers `{ items, totalCount, pageNumber, pageSize }`.
 */

/** The spec's athlete-table sort values (section 3); `LastNameDesc` by default. */
export const ATHLETE_SORTS = [
  'FirstNameAsc',
  'FirstNameDesc',
  'MiddleNameAsc',
  'MiddleNameDesc',
  'LastNameAsc',
  'LastNameDesc',
  'None',
] as const;
export type AthleteSort = (typeof ATHLETE_SORTS)[number];
export const DEFAULT_ATHLETE_SORT: AthleteSort = 'LastNameDesc';

export const GENDERS = ['female', 'male', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/** At most this many rosters per account (the roster list is not paged). */
export const MAX_ROSTERS = 500;

/** The paging limits and ALL_ROSTERS of every list (contract/list-constants.ts). */
export { ALL_ROSTERS, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './list-constants';

/* ---------- reference lists ---------- */

export const SportBody = Type.Object({ id: Id, name: Type.String() }, { title: 'Sport' });
export type SportBody = Static<typeof SportBody>;

export const PositionBody = Type.Object(
  { id: Id, sportId: Id, name: Type.String(), abbreviation: Type.String() },
  { title: 'Position' },
);
export type PositionBody = Static<typeof PositionBody>;

/* ---------- rosters ---------- */

export const RosterBody = Type.Object(
  {
    id: Id,
    name: Type.String(),
    athleteCount: Type.Integer({ minimum: 0 }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { title: 'Roster' },
);
export type RosterBody = Static<typeof RosterBody>;

/** `GET /api/roster`: every roster of the account, by name (not paged, see MAX_ROSTERS). */
export const RosterListBody = Type.Object(
  {
    items: Type.Array(RosterBody),
    totalCount: Type.Integer(),
    pageNumber: Type.Integer(),
    pageSize: Type.Integer(),
  },
  { title: 'RosterList' },
);
export type RosterListBody = Static<typeof RosterListBody>;

/** `POST /api/roster`, `PUT /api/roster/{id}`: names are trimmed, unique per account (any case). */
export const RosterInput = Type.Object(
  { name: Line({ minLength: 1, maxLength: 100 }) },
  { title: 'RosterInput', additionalProperties: false },
);
export type RosterInput = Static<typeof RosterInput>;

/** `POST /api/roster/{id}/athlete`: adds and removes members in bulk (ids of the account). */
export const RosterMembersInput = Type.Object(
  {
    add: Type.Optional(Type.Array(Id, { maxItems: 10000 })),
    remove: Type.Optional(Type.Array(Id, { maxItems: 10000 })),
  },
  { title: 'RosterMembersInput', additionalProperties: false },
);
export type RosterMembersInput = Static<typeof RosterMembersInput>;

/* ---------- athletes ---------- */

export const AthleteRosterRef = Type.Object({ id: Id, name: Type.String() });

export const AthleteBody = Type.Object(
  {
    id: Id,
    firstName: Type.String(),
    middleName: Type.String({ description: 'Empty when none.' }),
    lastName: Type.String(),
    gender: Nullable(literals(GENDERS)),
    birthDate: Nullable(Type.String({ format: 'date' })),
    graduationYear: Nullable(Type.Integer()),
    sportId: Nullable(Id),
    positionId: Nullable(Id),
    heightCm: Nullable(Type.Number()),
    weightKg: Nullable(Type.Number()),
    externalId: Nullable(Type.String()),
    email: Nullable(Type.String()),
    rosters: Type.Array(AthleteRosterRef, { description: 'Rosters the athlete is on, by name.' }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { title: 'Athlete' },
);
export type AthleteBody = Static<typeof AthleteBody>;

/**
 * `POST /api/athlete` and `PUT /api/athlete/{id}` (PUT replaces every field; absent
 * optional fields become empty). `rosterIds` sets the athlete's rosters exactly.
 */
export const AthleteInput = Type.Object(
  {
    firstName: Line({ minLength: 1, maxLength: 100 }),
    middleName: Type.Optional(Line({ maxLength: 100 })),
    lastName: Line({ minLength: 1, maxLength: 100 }),
    gender: Type.Optional(Nullable(literals(GENDERS))),
    birthDate: Type.Optional(Nullable(Type.String({ format: 'date' }))),
    graduationYear: Type.Optional(Nullable(Type.Integer({ minimum: 1900, maximum: 2200 }))),
    sportId: Type.Optional(Nullable(Id)),
    positionId: Type.Optional(Nullable(Id)),
    heightCm: Type.Optional(Nullable(Type.Number({ exclusiveMinimum: 0, maximum: 300 }))),
    weightKg: Type.Optional(Nullable(Type.Number({ exclusiveMinimum: 0, maximum: 500 }))),
    externalId: Type.Optional(Nullable(Line({ maxLength: 100 }))),
    email: Type.Optional(Nullable(Line({ maxLength: 254 }))),
    rosterIds: Type.Optional(Type.Array(Id, { maxItems: MAX_ROSTERS })),
  },
  { title: 'AthleteInput', additionalProperties: false },
);
export type AthleteInput = Static<typeof AthleteInput>;

/** `GET /api/athlete`: the spec's athlete-table filter state as query parameters. */
export const AthleteListQuery = Type.Object(
  {
    ...Paging,
    ...RosterFilter,
    ...NameQueries,
    sort: Type.Optional(literals(ATHLETE_SORTS, { default: DEFAULT_ATHLETE_SORT })),
  },
  { title: 'AthleteListQuery', additionalProperties: false },
);
export type AthleteListQuery = Static<typeof AthleteListQuery>;

export const AthleteListBody = Type.Object(
  {
    items: Type.Array(AthleteBody),
    totalCount: Type.Integer(),
    pageNumber: Type.Integer(),
    pageSize: Type.Integer(),
  },
  { title: 'AthleteList' },
);
export type AthleteListBody = Static<typeof AthleteListBody>;

/* ---------- CSV import and export ---------- */

/**
 * The CSV columns, in order, of the template, the import and the export (a file
 * exported can be imported again). Only firstName and lastName are required. `sport` is
 * a sport's name, `position` a position's abbreviation or name within that sport,
 * `rosters` roster names separated by `;` (a missing roster is created by the import).
 * Headers match case-insensitively and in any order; unknown columns are an error.
 */
export const ATHLETE_CSV_COLUMNS = [
  'firstName',
  'middleName',
  'lastName',
  'gender',
  'birthDate',
  'graduationYear',
  'sport',
  'position',
  'heightCm',
  'weightKg',
  'externalId',
  'email',
  'rosters',
] as const;

/** At most this many data rows per import file (and 5 MB). */
export const MAX_IMPORT_ROWS = 20000;

/**
 * `POST /api/athlete/import?dryRun=true|false` with the CSV as the body
 * (`Content-Type: text/csv`). A dry run answers 200 with this report and writes nothing.
 * A commit writes every row or none: when any row is wrong, or the rows exceed the
 * athlete spots, it answers 400 in the errors shape (fields `rows.<line>.<column>`, or
 * `file`) and writes nothing; otherwise 200 with this report (`created` = rows written).
 * `line` is the row's line number in the file (the header is line 1).
 */
export const ImportRowReport = Type.Object({
  line: Type.Integer({ minimum: 2 }),
  firstName: Type.String(),
  lastName: Type.String(),
  errors: Type.Record(Type.String(), Type.Array(Type.String()), {
    description: 'Messages by column; empty when the row is fine.',
  }),
});
export type ImportRowReport = Static<typeof ImportRowReport>;

export const ImportReportBody = Type.Object(
  {
    dryRun: Type.Boolean(),
    rowCount: Type.Integer(),
    errorCount: Type.Integer({ description: 'Rows with at least one error.' }),
    created: Type.Integer({ description: 'Athletes written (0 on a dry run).' }),
    newRosters: Type.Array(Type.String(), { description: 'Roster names the import creates.' }),
    athleteSpots: Type.Integer({ description: 'Spots left before this import.' }),
    fileErrors: Type.Array(Type.String(), { description: 'Problems with the file as a whole.' }),
    rows: Type.Array(ImportRowReport),
  },
  { title: 'ImportReport' },
);
export type ImportReportBody = Static<typeof ImportReportBody>;
