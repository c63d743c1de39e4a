import { Type, type Static } from 'typebox';

/**
 * The answer of `GET /api/leaderboard` (its query is `LeaderboardQuery` in event-query.ts).
 *
 * A leaderboard is one board per split distance of the event type (sprint: 10, 20 and
 * 40 yd), or only the board of `distance` when the query names one. The board of a
 * distance ranks every result of the event type that has a time at that distance: the
 * total of a run of exactly that distance, and the cumulative split at that distance of
 * a longer run (so the 10-yd board holds 10-yd sprints and the 10-yd splits of 40-yd
 * sprints). Jumps and other events without a distance have one board, distance 0.
 * Results flagged implausible (a mistimed run) are never on a board.
 *
 * Order: the better value first (lower times; higher marks for jumps, see
 * `eventType.lowerIsBetter`); equal values share a rank (competition ranking: 1, 1, 3)
 * and are listed by the earlier `recordedAt`, then the lower `resultId`; a board holds at
 * most `athletesPerLeaderboard` entries, cut in that order. With `isDistinct` an athlete
 * appears at most once per board, with their best result (ties again by the earlier
 * `recordedAt`, then the lower `resultId`).
 */

export const LeaderboardAthleteBody = Type.Object(
  {
    id: Type.Integer(),
    firstName: Type.String(),
    middleName: Type.String({ description: 'Empty when the athlete has none.' }),
    lastName: Type.String(),
  },
  { title: 'LeaderboardAthlete' },
);
export type LeaderboardAthleteBody = Static<typeof LeaderboardAthleteBody>;

export const LeaderboardEntryBody = Type.Object(
  {
    rank: Type.Integer({
      minimum: 1,
      description: 'Competition ranking: equal values share a rank (1, 1, 3).',
    }),
    resultId: Type.Integer({
      description: 'The result (`/api/event/{id}`) this entry comes from.',
    }),
    athlete: LeaderboardAthleteBody,
    value: Type.Integer({
      description:
        "Milliseconds for a time event (the split's cumulative time, or the run's total), " +
        'millimetres for a jump (`eventType.unit` says which).',
    }),
    recordedAt: Type.String({ format: 'date-time' }),
    laneId: Type.Union([Type.Integer(), Type.Null()]),
  },
  { title: 'LeaderboardEntry' },
);
export type LeaderboardEntryBody = Static<typeof LeaderboardEntryBody>;

export const LeaderboardBoardBody = Type.Object(
  {
    distanceMm: Type.Integer({
      minimum: 0,
      description: 'The distance this board ranks times at (mm); 0 for events without one.',
    }),
    label: Type.String({
      description: 'The distance for a person: "10 yd", "30 m"; the event name when it has none.',
    }),
    entries: Type.Array(LeaderboardEntryBody),
  },
  { title: 'LeaderboardBoard' },
);
export type LeaderboardBoardBody = Static<typeof LeaderboardBoardBody>;

export const LeaderboardBody = Type.Object(
  {
    eventType: Type.Object(
      {
        id: Type.Integer(),
        name: Type.String(),
        unit: Type.Union([Type.Literal('time'), Type.Literal('distance'), Type.Literal('height')]),
        lowerIsBetter: Type.Boolean(),
      },
      { title: 'LeaderboardEventType' },
    ),
    isDistinct: Type.Boolean(),
    athletesPerLeaderboard: Type.Integer(),
    boards: Type.Array(LeaderboardBoardBody, { description: 'By distance, shortest first.' }),
  },
  { title: 'Leaderboard' },
);
export type LeaderboardBody = Static<typeof LeaderboardBody>;
