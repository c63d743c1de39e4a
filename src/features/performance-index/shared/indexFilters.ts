import {
  DEFAULT_PROFILE_SORT,
  DEFAULT_TEAM_REPORT_SORT,
  type ProfileSort,
  type TeamReportSort,
} from '../../../../contract/index-constants';
import { ALL_ROSTERS } from '../../../../contract/list-constants';
import { FIRST_PAGE } from '../../../lib/tableFilters';

/** `rosterId` of every athlete, from the contract (a plain module). */
export { ALL_ROSTERS };

/**
 * The spec's athlete-profile and report table state (section 3): the Athlete Profiles
 * table and the EAPI / EASI individual report tables each keep one (own persisted slice).
 * Dates are `YYYY-MM-DD` or null (no bound).
 */
export interface ProfileFilters {
  pageNumber: number;
  pageSize: number;
  rosterId: number;
  firstNameQuery: string;
  middleNameQuery: string;
  lastNameQuery: string;
  startDate: string | null;
  endDate: string | null;
  sort: ProfileSort;
}

/** The spec's team report table state: no names, its own sorts (default `DateDesc`). */
export interface TeamReportFilters {
  pageNumber: number;
  pageSize: number;
  rosterId: number;
  startDate: string | null;
  endDate: string | null;
  sort: TeamReportSort;
}

export const initialProfileFilters: ProfileFilters = {
  ...FIRST_PAGE,
  rosterId: ALL_ROSTERS,
  firstNameQuery: '',
  middleNameQuery: '',
  lastNameQuery: '',
  startDate: null,
  endDate: null,
  sort: DEFAULT_PROFILE_SORT,
};

export const initialTeamReportFilters: TeamReportFilters = {
  ...FIRST_PAGE,
  rosterId: ALL_ROSTERS,
  startDate: null,
  endDate: null,
  sort: DEFAULT_TEAM_REPORT_SORT,
};

/** The narrowing fields the shared filters bar edits (names only where the table has them). */
export type IndexFilterChanges = Partial<
  Pick<
    ProfileFilters,
    'rosterId' | 'firstNameQuery' | 'middleNameQuery' | 'lastNameQuery' | 'startDate' | 'endDate'
  >
>;
