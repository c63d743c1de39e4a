/**
 * The SQL of the results tables (docs/query-plans.md has the plans and the figures), one
 * file per part: the row sources and the columns phase 1 reads of them (list-source.ts);
 * the capped count and the read it decides (list-count.ts); phase 1, the page query
 * (list-page-query.ts), which picks one of the pages: the stored results walked
 * (list-page-results.ts), the bests of `bests_since` walked (list-page-since.ts), a set
 * computed first and sorted (list-page-set.ts), an Event sort's types one by one
 * (list-page-event.ts); phase 2, the page's rows (list-read.ts); and the rows as items
 * and cursors (list-items.ts). This module is their public face; list.ts reads a page
 * with them, export.ts every page of a table.
 */
export { type RowSource, rowSource, rankedBests, sinceBests } from './list-source';
export { SMALL_TABLE, countQuery, tableShape } from './list-count';
export { pageQuery, pageSource } from './list-page-query';
export { eventPage, eventBranchQuery } from './list-page-event';
export { type ResultRow, detailsQuery, readPage } from './list-read';
export { toItem, cursorAfter, cursorOf } from './list-items';
