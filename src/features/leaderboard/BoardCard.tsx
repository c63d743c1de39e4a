import type { CSSProperties, ReactNode } from 'react';
import { Empty, Flex, Typography, theme } from 'antd';
import type { Board, Leaderboard } from './leaderboardApi';
import { fullName } from '../../lib/names';
import { formatBoardValue, formatEntryWhen, medalColours } from './boardFormat';

interface BoardCardProps {
  board: Board;
  unit: Leaderboard['eventType']['unit'];
  /**
   * TV mode: large type for a screen across the room. The card fills its grid cell's
   * height and its rows share it (at least `tvRows` of them), and the type follows the
   * smaller of the screen's width and height, so that a board of 10 fits from 1366×768
   * to 4K without scrolling.
   */
  large?: boolean;
}

/** TV mode's rows per board: a board of up to this many fills the screen's height. */
export const tvRows = 10;

/**
 * The TV's sizes, CSS variables of the TV frame (tvBoard.css): side by side each grows
 * with the screen's width but is held down by its height (ten rows under the heading);
 * one board across a narrow screen, with its width; always between a floor and a ceiling.
 */
const tv = {
  badge: 'var(--tv-badge)',
  badgeText: 'var(--tv-badge-text)',
  name: 'var(--tv-name)',
  when: 'var(--tv-when)',
  value: 'var(--tv-value)',
  heading: 'var(--tv-board-heading)',
};

/**
 * A name's size on TV: the board's, or smaller as it must be to fit its line whole (100cqi
 * is the width beside the badge and the result; a bold letter is ~0.6 of the size, wide
 * ones more), down to 0.7 of it; past that an ellipsis, the whole name in its title.
 */
const nameSize = (name: string) =>
  `max(calc(${tv.name} * 0.7), min(${tv.name}, calc(100cqi / ${(name.length * 0.6).toFixed(1)})))`;

function RankBadge({ rank, large }: { rank: number; large: boolean }) {
  const medal = medalColours[rank];
  const size = large ? tv.badge : 28;
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
        fontSize: large ? tv.badgeText : 14,
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
 * A board's frame: antd's bordered card (its tokens: border, radius, a 56 px heading in
 * the heading colour) drawn without antd's `Card`, whose module brings `Tabs` (~12 KiB
 * over the wire) to the dashboard's first page for a `tabList` no board has.
 */
function BoardFrame({
  title,
  large,
  children,
}: {
  title: ReactNode;
  large: boolean;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <div
      style={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        background: token.colorBgContainer,
        border,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
      }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          minHeight: large ? 0 : 56,
          padding: large ? 'min(12px, 1.2vh) 24px' : '0 24px',
          borderBottom: border,
          color: token.colorTextHeading,
          fontWeight: token.fontWeightStrong,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {title}
      </div>
      <div
        style={
          large
            ? { padding: 'min(8px, 1vh) clamp(12px, 1.6vw, 32px)', flex: 1, minHeight: 0 }
            : { padding: '8px 16px' }
        }
      >
        {children}
      </div>
    </div>
  );
}

/**
 * One board: its distance, then rank, athlete, result, date and lane per entry, the top
 * three marked with medal colours. Equal values share a rank (the API's competition
 * ranking). Names are never cut: a long one wraps at spaces. On TV a name keeps to one line
 * (set smaller to fit, nameSize; an ellipsis if it must, the whole name in its title) and the
 * result is never cut.
 */
export function BoardCard({ board, unit, large = false }: BoardCardProps) {
  const { token } = theme.useToken();
  return (
    <BoardFrame
      large={large}
      title={
        <span style={{ fontSize: large ? tv.heading : 16 }} className="tabular-nums">
          {board.label}
        </span>
      }
    >
      {board.entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No results yet" />
      ) : (
        <ol
          aria-label={`${board.label} board`}
          className={large ? 'tv-board-list' : undefined}
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            ...(large &&
              ({ '--tv-rows': Math.max(board.entries.length, tvRows) } as CSSProperties)),
          }}
        >
          {board.entries.map((entry) => {
            const name = large
              ? `${entry.athlete.firstName} ${entry.athlete.lastName}`
              : fullName(entry.athlete);
            const when = `${formatEntryWhen(entry.recordedAt, large)}${
              entry.laneId !== null ? ` · Lane ${entry.laneId}` : ''
            }`;
            return (
              <li
                key={entry.resultId}
                className="tabular-nums"
                style={{
                  padding: large ? 'min(6px, 0.6vh) 0' : '6px 0',
                  borderBottom: '1px solid rgba(128,128,128,0.15)',
                  display: 'flex',
                  alignItems: 'center',
                }}
              >
                <Flex
                  align="center"
                  gap={large ? 'clamp(10px, 1vw, 20px)' : 12}
                  style={{ flex: 1, minWidth: 0 }}
                >
                  <RankBadge rank={entry.rank} large={large} />
                  <Flex
                    vertical
                    // The name's size follows this width (nameSize's 100cqi).
                    style={{
                      flex: 1,
                      minWidth: 0,
                      containerType: large ? 'inline-size' : undefined,
                    }}
                  >
                    <Typography.Text
                      strong
                      data-athlete-name=""
                      className={large ? 'tv-name' : undefined}
                      title={large ? name : undefined}
                      style={
                        large
                          ? { fontSize: nameSize(name) }
                          : { fontSize: 14, lineHeight: 1.15, overflowWrap: 'break-word' }
                      }
                    >
                      {name}
                    </Typography.Text>
                    {/* On TV the time of day sits under the result: the name has the width. */}
                    {!large && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {when}
                      </Typography.Text>
                    )}
                  </Flex>
                  <Flex vertical align="flex-end" style={{ flex: 'none' }}>
                    <Typography.Text
                      strong
                      data-board-value=""
                      style={{
                        fontSize: large ? tv.value : 16,
                        whiteSpace: 'nowrap',
                        lineHeight: large ? 1.1 : undefined,
                      }}
                    >
                      {formatBoardValue(entry.value, unit)}
                    </Typography.Text>
                    {large && (
                      <Typography.Text
                        type="secondary"
                        // The TV's theme colour from its token: the stylesheet's secondary
                        // text colour is the light theme's, near black on the dark board.
                        style={{
                          fontSize: tv.when,
                          whiteSpace: 'nowrap',
                          color: token.colorTextSecondary,
                        }}
                      >
                        {when}
                      </Typography.Text>
                    )}
                  </Flex>
                </Flex>
              </li>
            );
          })}
        </ol>
      )}
    </BoardFrame>
  );
}
