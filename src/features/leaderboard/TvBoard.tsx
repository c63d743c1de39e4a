import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Badge, Button, Flex, Typography, theme } from 'antd';
import { FullscreenExitOutlined } from '@ant-design/icons';
import { RuntimeTheme } from '../../components/RuntimeTheme';
import { BoardCard } from './BoardCard';
import { formatTimeOfDay } from './boardFormat';
import type { Leaderboard } from './leaderboardApi';
import { liveBadge } from './liveBadge';
import type { LiveStatus } from './useLiveResults';
import { TELEMETRY_EVENTS, track } from '../../lib/telemetry';
import './tvBoard.css';

interface TvBoardProps {
  leaderboard: Leaderboard | undefined;
  status: LiveStatus;
  /** "Offline: last update 10:42" while the boards shown are the last ones received. */
  lastUpdate?: string | null;
  onExit: () => void;
}

/**
 * The TV mode: the boards full screen in the dark theme with large type, for a screen
 * across a weight room. The nested theme renders its styles at run time (decision 008:
 * the build-time stylesheet holds the light theme only).
 *
 * From a phone to a 4K TV (tvBoard.css, decision 033): from 992 px wide the boards stand
 * side by side (`--tv-columns`, up to three) and fill the screen's height, ten rows
 * (`--tv-rows`) sharing each board's; every size (`--tv-name`, `--tv-value`, ...) is a
 * clamp() of the smaller of the screen's width and height. Narrower (a phone, a portrait
 * tablet), the boards stand one under another at the screen's width, the type follows
 * the width only, and the frame scrolls down. A name keeps to one line, set smaller to
 * fit whole (BoardCard's nameSize, down to 0.7 of the size; past that `.tv-name`'s
 * ellipsis, the whole name in its title); the result keeps its width. The
 * list's one grid column is minmax(0, 1fr): a one-line name would otherwise widen it.
 */
const tvTheme = { algorithm: theme.darkAlgorithm };

/** The clock's, the live badge's size (tvBoard.css: it follows the screen). */
const headerText = 'var(--tv-header-text)';

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return <span className="tabular-nums">{formatTimeOfDay(now)}</span>;
}

export function TvBoard({ leaderboard, status, lastUpdate, onExit }: TvBoardProps) {
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => track(TELEMETRY_EVENTS.tvModeOpened), []);

  // Full screen when the browser allows it (it needs the click that opened TV mode);
  // Esc leaves full screen, and with it TV mode.
  useEffect(() => {
    const element = frame.current;
    element?.requestFullscreen?.().catch(() => undefined);
    const left = () => {
      if (!document.fullscreenElement) onExit();
    };
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && onExit();
    document.addEventListener('fullscreenchange', left);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('fullscreenchange', left);
      document.removeEventListener('keydown', escape);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, [onExit]);

  const boards = leaderboard?.boards ?? [];
  return (
    <RuntimeTheme theme={tvTheme}>
      <div
        ref={frame}
        className="tv-frame"
        role="dialog"
        aria-label="Leaderboard on TV"
        style={{
          position: 'fixed',
          inset: 0,
          zIndex: 1000,
          overflow: 'auto',
          // A column the height of the screen: the heading, then the boards filling the rest.
          display: 'flex',
          flexDirection: 'column',
          padding: 'clamp(12px, min(2vw, 3vh), 32px)',
          background: '#0b0d12',
          color: '#f5f7fa',
        }}
      >
        {/* On a phone the live badge, clock and button go under the title. */}
        <Flex
          align="center"
          justify="space-between"
          wrap
          gap="8px 24px"
          style={{ marginBottom: 'clamp(8px, 2vh, 24px)', flex: 'none' }}
        >
          <Typography.Title
            level={1}
            style={{ margin: 0, fontSize: 'var(--tv-title)', lineHeight: 1.15 }}
          >
            {leaderboard?.eventType.name ?? 'Leaderboard'}
          </Typography.Title>
          <Flex align="center" gap={24} style={{ fontSize: headerText }}>
            <Badge
              status={liveBadge[status].status}
              text={
                <span style={{ fontSize: headerText }}>{lastUpdate || liveBadge[status].text}</span>
              }
            />
            <Clock />
            <Button
              size="large"
              icon={<FullscreenExitOutlined />}
              onClick={onExit}
              aria-label="Leave TV mode"
            />
          </Flex>
        </Flex>
        <div
          className="tv-boards"
          style={{ '--tv-columns': Math.min(Math.max(boards.length, 1), 3) } as CSSProperties}
        >
          {boards.map((board) => (
            <BoardCard
              key={board.distanceMm}
              board={board}
              unit={leaderboard!.eventType.unit}
              large
            />
          ))}
        </div>
      </div>
    </RuntimeTheme>
  );
}
