import {
  DEFAULT_RESULT_SORT,
  RESULT_SORTS,
  RESULT_VARIANTS,
  type ResultSort,
  type ResultVariant,
} from '../../../contract/event-constants';
import { createTableFiltersSlice, FIRST_PAGE } from '../../lib/tableFilters';

/** The spec's results-table filter state (section 3); variants leave out what they lack. */
export interface ResultFilters {
  pageNumber: number;
  pageSize: number;
  rosterId: number;
  firstNameQuery: string;
  middleNameQuery: string;
  lastNameQuery: string;
  typeQuery: string;
  laneIdQuery: string;
  startDate: string | null;
  endDate: string | null;
  getBestByAthlete: boolean;
  eventTypeId: number | null;
  /** Millimetres; only in the variants that filter by distance. */
  distance?: number | null;
  /** Only in the one variant that filters by event alias (Game Speed). */
  eventAliasId?: number | null;
  sort: ResultSort;
}

function initialResultFilters(variant: ResultVariant): ResultFilters {
  const { distance, eventAliasId } = RESULT_VARIANTS[variant];
  return {
    ...FIRST_PAGE,
    rosterId: -1,
    firstNameQuery: '',
    middleNameQuery: '',
    lastNameQuery: '',
    typeQuery: '',
    laneIdQuery: '',
    startDate: null,
    endDate: null,
    getBestByAthlete: false,
    eventTypeId: null,
    ...(distance ? { distance: null } : {}),
    ...(eventAliasId ? { eventAliasId: null } : {}),
    sort: DEFAULT_RESULT_SORT,
  };
}

const resultFiltersSlice = <Name extends string>(name: Name, variant: ResultVariant) =>
  createTableFiltersSlice({
    name,
    initialState: initialResultFilters(variant),
    sorts: RESULT_SORTS,
    noSort: 'None',
  });

/** One persisted slice per results table (issue: individual, Game Speed, EAPI, Manual Entry). */
export const resultFiltersSlices = {
  individual: resultFiltersSlice('individualResultFilters', 'individual'),
  gamespeed: resultFiltersSlice('gameSpeedResultFilters', 'gamespeed'),
  eapi: resultFiltersSlice('eapiResultFilters', 'eapi'),
  manualentry: resultFiltersSlice('manualEntryResultFilters', 'manualentry'),
} as const satisfies Record<ResultVariant, unknown>;

/** For src/app/store.ts `filterReducers`. */
export const resultFilterReducers = {
  individualResultFilters: resultFiltersSlices.individual.reducer,
  gameSpeedResultFilters: resultFiltersSlices.gamespeed.reducer,
  eapiResultFilters: resultFiltersSlices.eapi.reducer,
  manualEntryResultFilters: resultFiltersSlices.manualentry.reducer,
};

/** The query of `GET /event` for a variant's filter state (its program added). */
export function resultListParams(variant: ResultVariant, filters: ResultFilters) {
  const { program } = RESULT_VARIANTS[variant];
  return { ...filters, ...(program ? { program } : {}) };
}
