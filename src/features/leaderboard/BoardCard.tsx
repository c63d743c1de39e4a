import { Card, Empty, Flex, Typography } from 'antd';
import type { Board, Leaderboard } from './leaderboardApi';
import { fullName } from '../../lib/names';
import { formatBoardValue, formatEntryWhen, medalColours } from './boardFormat';

interface BoardCardProps {
  board: Board;
  unit: Leaderboard['eventType']['unit'];
  /** TV mode: large type for a screen across the room, growing with the screen (1280 px to 4K). */
  large?: boolean;
}

function RankBadge({ rank, large }: { rank: number; large: boolean }) {
  const medal = medalColours[rank];
  const size = large ? 'clamp(36px, 3.2vw, 64px)' : 28;
  return (
    <span
      aria-label={medal ? `Rank ${rank}, top three` : `Rank ${rank}`}
      style={{
        display: 'inline-grid',
        placeItems: 'center',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        fontWeight: 700,
        fontSize: large ? 'clamp(18px, 1.6vw, 32px)' : 14,
        color: medal ? '#1b1b1b' : undefined,
        background: medal ?? 'transparent',
        border: medal ? 'none' : '1px solid currentColor',
        opacity: medal ? 1 : 0.75,
      }}
    >
      {rank}
    </span>
  );
}

/**
 * One board: its distance, then rank, athlete, result, date and lane per entry, the top
 * three marked with medal colours. Equal values share a rank (the API's competition
 * ranking).
 */
export function BoardCard({ board, unit, large = false }: BoardCardProps) {
  const headingSize = large ? 'clamp(28px, 2.6vw, 52px)' : 16;
  return (
    <Card
      title={
        <span style={{ fontSize: headingSize }} className="tabular-nums">
          {board.label}
        </span>
      }
      styles={{ body: { padding: large ? '12px 24px' : '8px 16px' } }}
      style={{ height: '100%' }}
    >
      {board.entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No results yet" />
      ) : (
        <ol
          aria-label={`${board.label} board`}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {board.entries.map((entry) => (
            <li
              key={entry.resultId}
              className="tabular-nums"
              style={{
                padding: large ? '12px 0' : '6px 0',
                borderBottom: '1px solid rgba(128,128,128,0.15)',
              }}
            >
              <Flex align="center" gap={large ? 16 : 12}>
                <RankBadge rank={entry.rank} large={large} />
                <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                  <Typography.Text
                    strong
                    ellipsis={{ tooltip: fullName(entry.athlete) }}
                    style={{ fontSize: large ? 'clamp(20px, 2vw, 40px)' : 14, lineHeight: 1.2 }}
                  >
                    {large
                      ? `${entry.athlete.firstName} ${entry.athlete.lastName}`
                      : fullName(entry.athlete)}
                  </Typography.Text>
                  <Typography.Text
                    type="secondary"
                    ellipsis
                    style={{ fontSize: large ? 'clamp(14px, 1.2vw, 24px)' : 12 }}
                  >
                    {formatEntryWhen(entry.recordedAt, large)}
                    {entry.laneId !== null ? ` · Lane ${entry.laneId}` : ''}
                  </Typography.Text>
                </Flex>
                <Typography.Text
                  strong
                  style={{
                    fontSize: large ? 'clamp(26px, 2.6vw, 52px)' : 16,
                    whiteSpace: 'nowrap',
                  }}
                >
                  {formatBoardValue(entry.value, unit)}
                </Typography.Text>
              </Flex>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
