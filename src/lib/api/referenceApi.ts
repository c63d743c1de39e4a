import type {
  AthleteBody,
  AthleteListBody,
  PositionBody,
  RosterBody,
  RosterListBody,
  SportBody,
} from '../../../contract/athlete';
import type { EventTypeBody, EventTypeListBody } from '../../../contract/event';
import { MAX_PAGE_SIZE } from '../../../contract/list-constants';
import { baseApi } from './baseApi';
import { cachedRead } from '../offline/fieldCache';

export type { EventTypeBody as EventType, RosterBody as Roster, SportBody as Sport };
export type { PositionBody as Position };

/** The server's largest page. */
const PICKER_PAGE_SIZE = MAX_PAGE_SIZE;

/** Reference lists answer `{ items }` like every list; a bare array is taken too. */
function itemsOf<T>(answer: { items: T[] } | T[]): T[] {
  return Array.isArray(answer) ? answer : answer.items;
}

/**
 * The reference data several features read: rosters, sports, positions, event types and
 * a roster's athletes for pickers. Features must not import each other, so these live
 * here; writes (rosters, athletes) stay with the feature that owns them and invalidate
 * the same tags.
 *
 * @example
 * const { data: eventTypes = [] } = useListEventTypesQuery();
 * const { data: athletes = [] } = useListRosterAthletesQuery(rosterId); // -1 = all
 */
export const referenceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The field reads of Manual Entry are kept for offline use (lib/offline/fieldCache.ts).
    listRosters: build.query<RosterBody[], void>({
      queryFn: cachedRead(
        'rosters',
        () => '/roster',
        (answer: RosterListBody) => answer.items,
      ),
      providesTags: ['Roster'],
    }),
    listSports: build.query<SportBody[], void>({
      query: () => '/sport',
      transformResponse: itemsOf<SportBody>,
    }),
    listPositions: build.query<PositionBody[], void>({
      query: () => '/position',
      transformResponse: itemsOf<PositionBody>,
    }),
    listEventTypes: build.query<EventTypeBody[], void>({
      queryFn: cachedRead(
        'eventTypes',
        () => '/event-type',
        (answer: EventTypeListBody) => answer.items,
      ),
    }),
    /** A roster's athletes (or everyone's, -1) by last name, for pickers and the entry grid. */
    listRosterAthletes: build.query<AthleteBody[], number>({
      queryFn: cachedRead(
        'rosterAthletes',
        (rosterId: number) => ({
          url: '/athlete',
          params: { rosterId, pageNumber: 1, pageSize: PICKER_PAGE_SIZE, sort: 'LastNameAsc' },
        }),
        (answer: AthleteListBody) => answer.items,
      ),
      providesTags: ['Athlete'],
    }),
  }),
});

export const {
  useListRostersQuery,
  useListSportsQuery,
  useListPositionsQuery,
  useListEventTypesQuery,
  useListRosterAthletesQuery,
} = referenceApi;
