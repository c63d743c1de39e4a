import { lazy, Suspense, useMemo } from 'react';
import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { UserOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { PageFrame } from '../../components/PageFrame';
import { ListStatus } from '../../components/list/ListStatus';
import { useListQuery } from '../../components/list/useListQuery';
import { useListEventTypesQuery } from '../../lib/api/referenceApi';
import { filtersChanged, selectHistoricalFilters } from './historicalFiltersSlice';
import { buildChartData, type Measure } from './historyChartData';
import { historyApi, type History } from './historyApi';
import { HistoryFiltersBar } from './HistoryFiltersBar';
import { HistoryTable } from './HistoryTable';

/** recharts is most of this page's weight: its chunk loads while the table shows. */
const HistoryChart = lazy(() => import(/* webpackChunkName: "history-chart" */ './HistoryChart'));

const chartSkeleton = <Skeleton.Node active style={{ width: '100%', height: 360 }} />;

/** The first load: the chart's and the table's places. */
const skeleton = (
  <Flex vertical gap={24}>
    {chartSkeleton}
    <Skeleton active paragraph={{ rows: 6 }} />
  </Flex>
);

/** What the chosen event type measures; from the answer, else from the event types. */
function useMeasure(history: History | undefined, eventTypeId: number | null): Measure {
  const { data: eventTypes } = useListEventTypesQuery();
  const unit =
    eventTypes?.find(({ id }) => id === eventTypeId)?.unit ?? history?.results[0]?.eventType.unit;
  return unit ?? 'time';
}

/**
 * Results, historical: one athlete's progress. The spec's filters (persisted), a chart
 * with one line per split distance (each day's best) and every result beneath it, in
 * yards or metres (PRODUCT.md, "Results, historical"; docs/ui-history.md).
 */
export default function HistoricalResultsPage() {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectHistoricalFilters);
  const noAthlete = filters.athleteId === null;
  const query = useListQuery(historyApi.endpoints.getHistory, noAthlete ? skipToken : filters);
  const { data: history, error, isFetching, stale } = query;
  const measure = useMeasure(history, filters.eventTypeId);
  const chart = useMemo(
    () => history && buildChartData(history.series, measure, history.isMetric),
    [history, measure],
  );
  const notFound = (error as { status?: unknown } | undefined)?.status === 404;

  return (
    <PageFrame title={paths.home.results.historical.label}>
      <HistoryFiltersBar />
      {noAthlete ? (
        <Card>
          <Empty
            image={<UserOutlined style={{ fontSize: 48, color: 'rgba(0, 0, 0, 0.25)' }} />}
            styles={{ image: { height: 56 } }}
            description={
              <>
                <strong>No athlete chosen</strong>
                <br />
                Choose a roster and an athlete above to see their results over time.
              </>
            }
          />
        </Card>
      ) : (
        <ListStatus
          query={query}
          failure={
            notFound
              ? 'This athlete is not on the chosen roster any more.'
              : 'The results could not be loaded.'
          }
          failureAction={
            notFound ? (
              <Button onClick={() => dispatch(filtersChanged({ athleteId: null }))}>
                Choose another athlete
              </Button>
            ) : undefined
          }
          skeleton={skeleton}
        >
          {history && chart && (
            <Flex vertical gap={24}>
              <Card size="small" aria-busy={isFetching}>
                {chart.rows.length === 0 ? (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={
                      <>
                        <strong>No results to chart</strong>
                        <br />
                        {history.results.length === 0
                          ? 'Nothing recorded for this athlete with these filters. Try another event type or wider dates.'
                          : 'Only implausible runs match these filters; they are listed below but not charted.'}
                      </>
                    }
                  />
                ) : (
                  <Suspense fallback={chartSkeleton}>
                    <HistoryChart data={chart} />
                  </Suspense>
                )}
              </Card>
              <section aria-labelledby="history-results-heading">
                <Typography.Title id="history-results-heading" level={2} style={{ fontSize: 18 }}>
                  Results of {history.athlete.firstName} {history.athlete.lastName}
                </Typography.Title>
                <HistoryTable results={history.results} loading={isFetching} stale={stale} />
              </section>
            </Flex>
          )}
        </ListStatus>
      )}
    </PageFrame>
  );
}
