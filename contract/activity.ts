import { Type, type Static } from 'typebox';
import { Day, Line, literals, Nullable } from './common';
import { Paging } from './list-query';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_KINDS,
  ACTIVITY_SORTS,
  DEFAULT_ACTIVITY_SORT,
} from './activity-constants';

export * from './activity-constants';

/**
 * `GET /api/activity`: the account's activity log (docs/decisions/036-activity-log.md),
 * newest first by default. Every list answers `{ items, totalCount, pageNumber, pageSize }`.
 */

/** Who did it: a signed-in member (`sub`, `email`) or an API key (`apiKeyId`, `apiKeyName`). */
export const ActivityActor = Type.Object(
  {
    sub: Nullable(Type.String()),
    email: Type.String(),
    apiKeyId: Nullable(Type.Integer()),
    apiKeyName: Nullable(Type.String()),
  },
  { title: 'ActivityActor' },
);
export type ActivityActor = Static<typeof ActivityActor>;

export const ActivityEntryBody = Type.Object(
  {
    id: Type.Integer(),
    /** When: the start of the change's transaction (ISO 8601). */
    at: Type.String({ format: 'date-time' }),
    actor: ActivityActor,
    kind: literals(ACTIVITY_KINDS),
    action: literals(ACTIVITY_ACTIONS),
    /** The athlete's, result's, ... id (text: a member's is not a number); null for a batch. */
    subjectId: Nullable(Type.String()),
    /** What it was called then: "Ada Okafor", "40 yd Dash · Ada Okafor", "25 results". */
    subjectLabel: Type.String(),
    /** How many things one entry stands for (a batch of results, a CSV import): 1 or more. */
    count: Type.Integer({ minimum: 1 }),
    /** A correction's values before and after (results); null otherwise. */
    before: Nullable(Type.Record(Type.String(), Type.Unknown())),
    after: Nullable(Type.Record(Type.String(), Type.Unknown())),
  },
  { title: 'ActivityEntry' },
);
export type ActivityEntryBody = Static<typeof ActivityEntryBody>;

export const ActivityListQuery = Type.Object(
  {
    ...Paging,
    /** A member: the identity subject of `actor.sub`. */
    member: Type.Optional(
      Line({ minLength: 1, maxLength: 255, description: "A member: an entry's `actor.sub`." }),
    ),
    kind: Type.Optional(literals(ACTIVITY_KINDS)),
    startDate: Type.Optional(Day({ description: 'First day (inclusive) in `tz`.' })),
    endDate: Type.Optional(Day({ description: 'Last day (inclusive) in `tz`.' })),
    tz: Type.Optional(
      Line({
        maxLength: 64,
        description:
          'The IANA time zone of startDate/endDate, e.g. "America/Chicago"; the app sends ' +
          "the browser's. Default UTC.",
      }),
    ),
    sort: Type.Optional(literals(ACTIVITY_SORTS, { default: DEFAULT_ACTIVITY_SORT })),
  },
  { title: 'ActivityListQuery', additionalProperties: false },
);
export type ActivityListQuery = Static<typeof ActivityListQuery>;

export const ActivityListBody = Type.Object(
  {
    items: Type.Array(ActivityEntryBody),
    totalCount: Type.Integer(),
    pageNumber: Type.Integer(),
    pageSize: Type.Integer(),
  },
  { title: 'ActivityList' },
);
export type ActivityListBody = Static<typeof ActivityListBody>;

/** `GET /api/activity/member`: the members who appear in the log (the member filter's choices). */
export const ActivityMemberBody = Type.Object(
  { sub: Type.String(), email: Type.String() },
  { title: 'ActivityMember' },
);
export const ActivityMemberListBody = Type.Object(
  { items: Type.Array(ActivityMemberBody) },
  { title: 'ActivityMemberList' },
);
export type ActivityMemberListBody = Static<typeof ActivityMemberListBody>;
