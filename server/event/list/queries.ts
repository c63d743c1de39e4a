/**
 * The SQL of the results tables (docs/query-plans.md has the plans and the figures), one
 * file per part: the row sources and the columns phase 1 reads of them (source.ts);
 * the capped count and the read it decides (count.ts); phase 1, the page query
 * (page-query.ts), which picks one of the pages: the stored results walked
 * (page-results.ts), the bests of `bests_since` walked (page-since.ts), a set
 * computed first and sorted (page-set.ts), an Event sort's types one by one
 * (page-event.ts); phase 2, the page's rows (read.ts); and the rows as items
 * and cursors (items.ts). This module is their public face; index.ts reads a page
 * with them, export.ts every page of a table.
 */
export { type RowSource, rowSource, rankedBests, sinceBests } from './source';
export { SMALL_TABLE, countQuery, tableShape } from './count';
export { pageQuery, pageSource } from './page-query';
export { eventPage, eventBranchQuery } from './page-event';
export { type ResultRow, detailsQuery, readPage } from './read';
export { toItem, cursorAfter, cursorOf } from './items';
