import { Type, type Static } from 'typebox';
import { ID_RANGE, Id, literals, Nullable } from './common';
import { PROGRAMS } from './event-constants';

/**
 * Results ("events" in the API paths, PRODUCT.md) and the event types they measure:
 * `POST /api/event` (one result or a batch), `PUT`/`DELETE /api/event/{id}`,
 * `GET /api/event-type`.
 *
 * Units are in the field names: distances are integers in millimetres (`...Mm`; 10 yd =
 * 9144, 40 yd = 36576, 20 m = 20000), times integers in milliseconds (`...Ms`). A time
 * event (event type `unit` "time") has `timeMs`; a jump (`unit` "height" or "distance")
 * has `markMm` instead. Instants are ISO 8601 with an offset (`2025-03-01T15:04:05Z`).
 */

import { DISTANCE_MODES, EVENT_UNITS, SOURCES, TIMING_METHODS } from './event-constants';

export {
  DISTANCE_MODES,
  EVENT_UNITS,
  PROGRAMS,
  SOURCES,
  TIMING_METHODS,
  type DistanceMode,
  type EventUnit,
  type Program,
  type Source,
  type TimingMethod,
} from './event-constants';

/** At most this many results per `POST /api/event`. */
export const MAX_EVENT_BATCH = 5000;
/** At most this many splits per result. */
export const MAX_SPLITS = 50;
/** 1 km: no timed course is longer. */
export const MAX_DISTANCE_MM = 1_000_000;
/** 1 hour. */
export const MAX_TIME_MS = 3_600_000;
/** 100 m: no jump or throw is longer. */
export const MAX_MARK_MM = 100_000;

/* ---------- input ---------- */

/** One cumulative split: the time from the start at this distance. */
export const SplitInput = Type.Object(
  {
    distanceMm: Type.Integer({ minimum: 1, maximum: MAX_DISTANCE_MM }),
    timeMs: Type.Integer({ minimum: 1, maximum: MAX_TIME_MS }),
  },
  { title: 'Split', additionalProperties: false },
);
export type SplitInput = Static<typeof SplitInput>;

const eventFields = {
  athleteId: Id,
  eventTypeId: Id,
  eventAliasId: Type.Optional(
    Nullable(
      Type.Integer({ ...ID_RANGE, description: "One of the account's aliases of this type." }),
    ),
  ),
  laneId: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 99 }))),
  recordedAt: Type.String({
    format: 'date-time',
    description: 'When the run started (ISO 8601 with an offset); at most a day ahead.',
  }),
  distanceMm: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: MAX_DISTANCE_MM,
      description:
        'The run\'s distance. Required when the event type\'s distanceMode is "variable"; ' +
        'may be left out for "fixed" (must then equal defaultDistanceMm) and "none" (0).',
    }),
  ),
  timeMs: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_TIME_MS,
      description:
        'The total time, for time events (required there, not allowed for jumps). When the ' +
        'last split is at distanceMm it must equal that split; otherwise it must be later.',
    }),
  ),
  markMm: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_MARK_MM,
      description:
        'The height or length jumped, for jumps (required there, not allowed for time events).',
    }),
  ),
  splits: Type.Optional(
    Type.Array(SplitInput, {
      maxItems: MAX_SPLITS,
      description:
        'Cumulative splits of a time event, strictly increasing in distance and time, the ' +
        'last at most at distanceMm. Empty or left out when there are none.',
    }),
  ),
  program: Type.Optional(literals(PROGRAMS, { default: 'none' })),
  source: literals(SOURCES, {
    description: 'device: timing gates or an app; import: a file; manual: typed in.',
  }),
  timingMethod: Type.Optional(literals(TIMING_METHODS, { default: 'electronic' })),
};

/**
 * One result as a client sends it. `clientId` is the client's own id of the attempt,
 * unique per account: sending it again changes nothing (see `POST /api/event`).
 */
export const EventInput = Type.Object(
  {
    clientId: Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: '^[ -~]+$',
      description:
        "The client's id of this attempt (a UUID, say): printable ASCII, unique per account.",
    }),
    ...eventFields,
  },
  { title: 'EventInput', additionalProperties: false },
);
export type EventInput = Static<typeof EventInput>;

/** `POST /api/event` with many results: all are written, or none. */
export const EventBatchInput = Type.Object(
  { items: Type.Array(EventInput, { minItems: 1, maxItems: MAX_EVENT_BATCH }) },
  { title: 'EventBatchInput', additionalProperties: false },
);
export type EventBatchInput = Static<typeof EventBatchInput>;

/** `PUT /api/event/{id}`: every field again (absent optional ones become empty); the clientId stays. */
export const EventUpdateInput = Type.Object(eventFields, {
  title: 'EventUpdateInput',
  additionalProperties: false,
});
export type EventUpdateInput = Static<typeof EventUpdateInput>;

/* ---------- answers ---------- */

export const SplitBody = Type.Object(
  { distanceMm: Type.Integer(), timeMs: Type.Integer() },
  { title: 'SplitBody' },
);
export type SplitBody = Static<typeof SplitBody>;

export const EventBody = Type.Object(
  {
    id: Id,
    clientId: Type.String(),
    athleteId: Id,
    eventTypeId: Id,
    eventAliasId: Nullable(Id),
    laneId: Nullable(Type.Integer()),
    recordedAt: Type.String({ format: 'date-time' }),
    distanceMm: Type.Integer({ description: '0 for events without a distance.' }),
    timeMs: Nullable(Type.Integer({ description: 'Time events; null for jumps.' })),
    markMm: Nullable(Type.Integer({ description: 'Jumps; null for time events.' })),
    splits: Type.Array(SplitBody),
    program: literals(PROGRAMS),
    source: literals(SOURCES),
    timingMethod: literals(TIMING_METHODS),
    implausible: Type.Boolean({
      description: 'Faster than humanly possible (a mistimed run): kept, but off the boards.',
    }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { title: 'Event' },
);
export type EventBody = Static<typeof EventBody>;

/** One row of a batch's answer, in the order sent. */
export const EventRefBody = Type.Object(
  { id: Id, clientId: Type.String(), implausible: Type.Boolean() },
  { title: 'EventRef' },
);
export type EventRefBody = Static<typeof EventRefBody>;

/**
 * The answer to a batch: every result sent, in order, with its id (new or the one
 * stored under its clientId before). The same batch sent again answers the same items.
 */
export const EventBatchBody = Type.Object(
  {
    items: Type.Array(EventRefBody),
    created: Type.Integer({ minimum: 0, description: 'How many results this call stored.' }),
  },
  { title: 'EventBatch' },
);
export type EventBatchBody = Static<typeof EventBatchBody>;

/* ---------- event types ---------- */

export const EventAliasBody = Type.Object(
  { id: Id, name: Type.String(), distanceMm: Nullable(Type.Integer()) },
  { title: 'EventAlias' },
);
export type EventAliasBody = Static<typeof EventAliasBody>;

export const EventTypeBody = Type.Object(
  {
    id: Id,
    code: Type.String(),
    name: Type.String(),
    unit: literals(EVENT_UNITS),
    lowerIsBetter: Type.Boolean(),
    builtIn: Type.Boolean({ description: "False for the account's own types." }),
    distanceMode: literals(DISTANCE_MODES),
    defaultDistanceMm: Nullable(Type.Integer()),
    splitDistancesMm: Type.Array(Type.Integer(), { description: 'The standard splits.' }),
    aliases: Type.Array(EventAliasBody, { description: "The account's names for variants." }),
  },
  { title: 'EventType' },
);
export type EventTypeBody = Static<typeof EventTypeBody>;

/** `GET /api/event-type`: the built-in types and the account's, by id (not paged). */
export const EventTypeListBody = Type.Object(
  {
    items: Type.Array(EventTypeBody),
    totalCount: Type.Integer(),
    pageNumber: Type.Integer(),
    pageSize: Type.Integer(),
  },
  { title: 'EventTypeList' },
);
export type EventTypeListBody = Static<typeof EventTypeListBody>;
