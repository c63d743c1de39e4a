import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { toQueryParams } from '../../lib/tableFilters';

/** The spec's historical-results filters (section 3); `isMetric` false by default. */
export interface HistoricalFilters {
  rosterId: number | null;
  athleteId: number | null;
  eventTypeId: number | null;
  startDate: string | null;
  endDate: string | null;
  isMetric: boolean;
  /** Every split distance of the event type (true), or the total only (false). */
  multiSplitDistance: boolean;
}

export const initialHistoricalFilters: HistoricalFilters = {
  rosterId: null,
  athleteId: null,
  eventTypeId: 1,
  startDate: null,
  endDate: null,
  isMetric: false,
  multiSplitDistance: true,
};

export const historicalFiltersSlice = createSlice({
  name: 'historicalFilters',
  initialState: initialHistoricalFilters,
  reducers: {
    /** A new roster clears the athlete chosen from the old one. */
    filtersChanged: (state, action: PayloadAction<Partial<HistoricalFilters>>) => {
      const rosterChanged =
        action.payload.rosterId !== undefined && action.payload.rosterId !== state.rosterId;
      return { ...state, ...(rosterChanged ? { athleteId: null } : {}), ...action.payload };
    },
    /** Back to the defaults; the roster and athlete stay (the page is about them). */
    filtersCleared: (state) => ({
      ...initialHistoricalFilters,
      rosterId: state.rosterId,
      athleteId: state.athleteId,
    }),
  },
  selectors: {
    selectHistoricalFilters: (state) => state,
    /** Dates, event type, units or splits differ from the defaults. */
    selectHistoricalFiltersActive: (state) =>
      state.eventTypeId !== initialHistoricalFilters.eventTypeId ||
      state.startDate !== null ||
      state.endDate !== null ||
      state.isMetric !== initialHistoricalFilters.isMetric ||
      state.multiSplitDistance !== initialHistoricalFilters.multiSplitDistance,
  },
});

export const { filtersChanged, filtersCleared } = historicalFiltersSlice.actions;
export const { selectHistoricalFilters, selectHistoricalFiltersActive } =
  historicalFiltersSlice.selectors;

/** The query of `GET /event/historical`: null values are skipped (spec, section 7). */
export function historicalParams(filters: HistoricalFilters): Record<string, string> {
  return toQueryParams(filters);
}
