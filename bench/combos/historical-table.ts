import { HistoricalQuery } from '../../contract/event-query';
import { fixDates, type TableSpec } from './generate';
import { resultValues, type ResultAnchor } from './results-tables';

/**
 * One athlete's history (`GET /api/event/historical`, HistoricalQuery) for the
 * combination generator: no sort and no pages (one case per combination), the athlete
 * in every combination, and its roster one the athlete is on (else a 404). Its anchors
 * are the results tables' (a result: its athlete, rosters, event type and day).
 */
export function historicalTableSpecs(anchors: readonly ResultAnchor[]): TableSpec<ResultAnchor>[] {
  return [
    {
      name: 'historical',
      path: '/api/event/historical',
      schema: HistoricalQuery,
      // The time zone only moves the days; isMetric and multiSplitDistance (the chart's
      // switches) are combined as filters, sent as true.
      ignore: ['tz'],
      fixed: {},
      required: ['athleteId'],
      anchored: ['rosterId'],
      values: { ...resultValues, athleteId: (a: ResultAnchor) => a.athleteId },
      fix: fixDates,
      anchors,
    },
  ];
}
