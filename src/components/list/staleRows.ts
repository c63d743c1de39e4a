/**
 * How stale rows look (the answer to the previous page or filters, while the current one
 * is on its way): dimmed, beside antd's loading state and `aria-busy`. A module of its
 * own, so that a page that marks rows without `ListTable` (the leaderboard, the first
 * page of the dashboard) does not load antd's Table for it.
 */
export const STALE_ROW_STYLE = { opacity: 0.45, transition: 'opacity 0.2s' } as const;
