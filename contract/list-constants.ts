/**
 * Plain values of every paged list (no TypeBox): the app's filter slices import them, and
 * list-query.ts builds the query schemas with them.
 */

/** Paging limits shared by every list. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;

/** `rosterId = -1` means every athlete of the account. */
export const ALL_ROSTERS = -1;
