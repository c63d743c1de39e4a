import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  DEFAULT_ATHLETES_PER_LEADERBOARD,
  DEFAULT_LEADERBOARD_EVENT_TYPE,
} from '../../../contract/event-constants';
import { toQueryParams } from '../../lib/tableFilters';

/** The spec's leaderboard filters (section 3) with its defaults (section 9). */
export interface LeaderboardFilters {
  athletesPerLeaderboard: number;
  eventTypeId: number;
  isDistinct: boolean;
  /** Millimetres. */
  distance: number | null;
  startDate: string | null;
  endDate: string | null;
  laneId: string | null;
  sportId: number | null;
  positionId: number | null;
  rosterId: number | null;
}

export const initialLeaderboardFilters: LeaderboardFilters = {
  athletesPerLeaderboard: DEFAULT_ATHLETES_PER_LEADERBOARD,
  eventTypeId: DEFAULT_LEADERBOARD_EVENT_TYPE,
  isDistinct: false,
  distance: null,
  startDate: null,
  endDate: null,
  laneId: null,
  sportId: null,
  positionId: null,
  rosterId: null,
};

export const leaderboardFiltersSlice = createSlice({
  name: 'leaderboardFilters',
  initialState: initialLeaderboardFilters,
  reducers: {
    /** The user changed filters; a new event type drops the distance of the old one. */
    filtersChanged: (state, action: PayloadAction<Partial<LeaderboardFilters>>) => {
      const typeChanged =
        action.payload.eventTypeId !== undefined &&
        action.payload.eventTypeId !== state.eventTypeId;
      return { ...state, ...(typeChanged ? { distance: null } : {}), ...action.payload };
    },
    filtersCleared: () => initialLeaderboardFilters,
  },
  selectors: {
    selectFilters: (state) => state,
  },
});

/**
 * The query of `GET /leaderboard` (spec, section 7): athletesPerLeaderboard, eventTypeId
 * and isDistinct always; the others only when set.
 *
 * @example
 * leaderboardParams(initialLeaderboardFilters);
 * // { athletesPerLeaderboard: '5', eventTypeId: '1', isDistinct: 'false' }
 */
export function leaderboardParams(filters: LeaderboardFilters): Record<string, string> {
  return toQueryParams(filters);
}

export const { filtersChanged, filtersCleared } = leaderboardFiltersSlice.actions;

export const { selectFilters: selectLeaderboardFilters } = leaderboardFiltersSlice.selectors;
