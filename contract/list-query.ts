import { Type } from 'typebox';
import { Line, MAX_ID, PageNumber } from './common';
import { ALL_ROSTERS, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './list-constants';

export * from './list-constants';

/**
 * The query parameters the list queries share (athletes, results, profiles and the
 * reports' tables), spread into each list's `Type.Object`:
 *
 * @example
 * Type.Object({ ...Paging, ...RosterFilter, ...NameQueries, sort: ... }, { title: 'XListQuery' })
 */

/** `pageNumber` (from 1) and `pageSize` (1 to MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE by default). */
export const Paging = {
  pageNumber: Type.Optional(PageNumber),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  ),
};

/** `rosterId`: a roster's current members, or ALL_ROSTERS (-1, the default) for everyone. */
export const RosterFilter = {
  rosterId: Type.Optional(
    Type.Integer({ minimum: ALL_ROSTERS, maximum: MAX_ID, default: ALL_ROSTERS }),
  ),
};

/** The start of each name part (case and accents ignored). */
export const NameQueries = {
  firstNameQuery: Type.Optional(Line({ maxLength: 100 })),
  middleNameQuery: Type.Optional(Line({ maxLength: 100 })),
  lastNameQuery: Type.Optional(Line({ maxLength: 100 })),
};
