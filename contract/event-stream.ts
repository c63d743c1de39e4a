import { Type, type Static } from 'typebox';

/**
 * `GET /api/event/stream`: Server-Sent Events telling a screen that new results arrived
 * in its account, so that it refetches what it shows (the TV leaderboard). Open it with
 * `fetch` and the `Authorization: Bearer` header like any other call (EventSource
 * cannot send headers; docs/decisions/006-live-results-stream.md), read
 * `text/event-stream` frames: `event: <name>` + `data: <JSON>`, and comment lines
 * (`: ping`) every 15 s that keep proxies from closing an idle stream.
 *
 * When the stream ends (an `expired` event, a server restart, a network failure) open it
 * again with a fresh token and refetch: results stored while it was closed are not
 * replayed.
 */

/** The SSE event names of `GET /api/event/stream`. */
export const STREAM_EVENTS = {
  /** New results were stored; data: `ResultsEventBody`. */
  results: 'results',
  /**
   * Results may have been missed (the server lost its feed for a moment); data `{}`.
   * Refetch what is shown.
   */
  resync: 'resync',
  /**
   * The access token the stream was opened with expires; data `{}`. The server closes
   * the stream right after: open it again with a fresh token.
   */
  expired: 'expired',
} as const;

/** Result ids beyond this many are left out of a `results` event (`count` has them all). */
export const MAX_STREAMED_RESULT_IDS = 100;

/** The data of an `event: results` message: what was stored, in one commit. */
export const ResultsEventBody = Type.Object(
  {
    count: Type.Integer({ minimum: 1, description: 'How many results the commit stored.' }),
    eventTypeIds: Type.Array(Type.Integer(), { description: 'Their event types, ascending.' }),
    resultIds: Type.Array(Type.Integer(), {
      maxItems: MAX_STREAMED_RESULT_IDS,
      description: `Their ids, ascending; at most ${MAX_STREAMED_RESULT_IDS} (see count).`,
    }),
  },
  { title: 'ResultsEvent' },
);
export type ResultsEventBody = Static<typeof ResultsEventBody>;
