import { lazy, Suspense, useCallback, useState } from 'react';
import { Alert, Badge, Button, Col, Empty, Flex, Row, Skeleton, Tooltip, Typography } from 'antd';
import { DesktopOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { PageLink } from '../../components/PageLink';
import { useAppSelector } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { useIdleAfter } from '../../lib/useIdleAfter';
import { useMayCall } from '../../lib/permissions';
// By their own paths: the list module's barrel would bring antd's Table and Form here.
import { ListStatus } from '../../components/list/ListStatus';
import { STALE_ROW_STYLE } from '../../components/list/staleRows';
import { useListQuery } from '../../components/list/useListQuery';
import { BoardCard } from './BoardCard';
import { LeaderboardFiltersBar } from './LeaderboardFiltersBar';
import { leaderboardApi } from './leaderboardApi';
import { selectLeaderboardFilters, type LeaderboardFilters } from './leaderboardFiltersSlice';
import { liveBadge } from './liveBadge';
import { TvBoard } from './TvBoard';
import { useLiveResults } from './useLiveResults';

const QueuedOnBoard = lazy(() => import(/* webpackChunkName: "offline-queue" */ './QueuedOnBoard'));

const narrowingFilters = [
  'startDate',
  'endDate',
  'laneId',
  'sportId',
  'positionId',
  'rosterId',
] as const satisfies readonly (keyof LeaderboardFilters)[];

/**
 * The leaderboard: the spec's filters, a card per board, updated live from the results
 * stream (no polling), and a TV mode for the weight room. A member the stream would refuse
 * (limited to some rosters) gets the boards without it: "Not live", saying why.
 */
export default function LeaderboardPage() {
  const filters = useAppSelector(selectLeaderboardFilters);
  const query = useListQuery(leaderboardApi.endpoints.getLeaderboard, filters);
  const { data, error, isFetching, stale, refetch, fulfilledTimeStamp } = query;
  const [tv, setTv] = useState(false);
  // Resolves when the load is done (useLiveResults runs one at a time).
  const refresh = useCallback(() => Promise.resolve(refetch()), [refetch]);
  const live = useMayCall('GET', '/api/event/stream', 'follow live results');
  const status = useLiveResults(filters.eventTypeId, refresh, live.allowed);
  const leaveTv = useCallback(() => setTv(false), []);
  // The queued results' chunk (IndexedDB, antd's Card) once the board has answered and
  // been drawn (offline the answer is an error, at once): off the first paint's path.
  const queuedShown = useIdleAfter(!query.isLoading);
  const empty = data !== undefined && data.boards.every((board) => board.entries.length === 0);
  // Filters that hide results (the event type and distance choose the boards instead).
  const narrowed = narrowingFilters.some((key) => filters[key] !== null);
  // Offline or the server away: the last boards stay, with their time (docs/offline.md);
  // the stream's resync brings them up to date when it is back.
  const lastUpdate =
    data && fulfilledTimeStamp && (error || status === 'offline')
      ? `Offline: last update ${new Date(fulfilledTimeStamp).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}`
      : null;

  return (
    <PageFrame
      title={paths.home.leaderboard.label}
      extra={
        // At the right end, also when it wraps under the title (a phone): the badge's
        // reserved width then stays blank on the left of it, not in the middle of the row.
        <Flex align="center" gap={16} style={{ marginLeft: 'auto' }}>
          <Tooltip title={live.reason}>
            <Badge
              status={liveBadge[status].status}
              text={liveBadge[status].text}
              // As wide as its longest word, and drawn at its right end beside the button:
              // "Connecting…" turning "Live" must not move the button (on a phone it moved
              // the whole page up a line).
              style={{ minWidth: '7.5em', textAlign: 'right' }}
            />
          </Tooltip>
          <Button type="primary" icon={<DesktopOutlined />} onClick={() => setTv(true)}>
            TV mode
          </Button>
        </Flex>
      }
    >
      <LeaderboardFiltersBar />
      {lastUpdate && (
        <Alert
          type="warning"
          showIcon
          role="status"
          title={lastUpdate}
          style={{ marginBottom: 16 }}
        />
      )}
      <ListStatus
        query={query}
        failure="The leaderboard could not be loaded."
        skeleton={<Skeleton active paragraph={{ rows: 6 }} />}
      >
        {data && (
          <>
            {empty && (
              <Empty
                style={{ marginBottom: 24 }}
                description={
                  narrowed ? (
                    <Flex vertical gap={4}>
                      <Typography.Text>No results match these filters.</Typography.Text>
                      <Typography.Text type="secondary">
                        Results of other days, lanes, sports, positions or rosters are hidden:
                        change the filters above, or clear them.
                      </Typography.Text>
                    </Flex>
                  ) : (
                    <Flex vertical gap={4}>
                      <Typography.Text>No results on these boards yet.</Typography.Text>
                      <Typography.Text type="secondary">
                        Results appear here as timing devices send them (
                        <PageLink page={paths.home.integrations}>Integrations</PageLink>), or type a
                        session in{' '}
                        <Link to={paths.home.programs.manualEntry.path}>Manual Entry</Link>.
                      </Typography.Text>
                    </Flex>
                  )
                }
              />
            )}
            {/* Boards of other filters, while this choice's are on their way: dimmed. */}
            <Row
              gutter={[16, 16]}
              aria-busy={isFetching}
              data-stale={stale || undefined}
              style={stale ? STALE_ROW_STYLE : isFetching ? { opacity: 0.8 } : undefined}
            >
              {data.boards.map((board) => (
                <Col key={board.distanceMm} xs={24} md={12} xl={8}>
                  <BoardCard board={board} unit={data.eventType.unit} />
                </Col>
              ))}
            </Row>
          </>
        )}
      </ListStatus>
      {queuedShown && (
        <Suspense fallback={null}>
          <QueuedOnBoard eventTypeId={filters.eventTypeId} />
        </Suspense>
      )}
      {tv && (
        <TvBoard leaderboard={data} status={status} lastUpdate={lastUpdate} onExit={leaveTv} />
      )}
    </PageFrame>
  );
}
