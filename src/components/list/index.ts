/**
 * The list view: one shape for every table (docs/list-view.md). A table takes its
 * controller (`useTableFilters`: the slice's state and events) and its query
 * (`useListQuery`: RTK Query's result, stale rows, obsolete requests cancelled), and
 * draws them with `ListTable` (or, for a list that is not a server-paged table, with
 * `ListStatus` and `STALE_ROW_STYLE`), empty with `ListEmpty`, a row edited in `FormDrawer`.
 * A page of the first load (the leaderboard) imports the light modules by their own path,
 * so that the barrel's Table stays out of its chunk; `FormDrawer` (antd's Drawer and Form)
 * is imported by its path too, so that a list without a drawer (the reports) does not
 * load them.
 */
export { ListEmpty } from './ListEmpty';
export { ListStatus } from './ListStatus';
export { ListTable, PAGE_SIZES, type ListPage, type ListTableProps } from './ListTable';
export { STALE_ROW_STYLE } from './staleRows';
export { isAborted, useListQuery, type ListQuery, type ListQueryState } from './useListQuery';
export { useTableFilters, type TableFilters, type TableFiltersSliceOf } from './useTableFilters';
export { useRowLink } from './useRowLink';
