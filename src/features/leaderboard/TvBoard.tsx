import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Flex, Typography, theme } from 'antd';
import { FullscreenExitOutlined } from '@ant-design/icons';
import { RuntimeTheme } from '../../components/RuntimeTheme';
import type { StreamStatus } from '../../lib/api/resultStream';
import { BoardCard } from './BoardCard';
import { formatTimeOfDay } from './boardFormat';
import type { Leaderboard } from './leaderboardApi';
import { TELEMETRY_EVENTS, track } from '../../lib/telemetry';

interface TvBoardProps {
  leaderboard: Leaderboard | undefined;
  status: StreamStatus;
  /** "Offline: last update 10:42" while the boards shown are the last ones received. */
  lastUpdate?: string | null;
  onExit: () => void;
}

/**
 * The TV mode: the boards full screen in the dark theme with large type, for a screen
 * across a weight room. The nested theme renders its styles at run time (decision 008:
 * the build-time stylesheet holds the light theme only).
 */
const tvTheme = { algorithm: theme.darkAlgorithm };

/** The clock's, the live badge's size. */
const headerText = 'clamp(18px, min(1.8vw, 3vh), 32px)';

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
        <Flex
          align="center"
          justify="space-between"
          gap={24}
          style={{ marginBottom: 'clamp(8px, 2vh, 24px)', flex: 'none' }}
        >
          <Typography.Title
            level={1}
            style={{ margin: 0, fontSize: 'clamp(28px, min(3vw, 5vh), 56px)', lineHeight: 1.15 }}
          >
            {leaderboard?.eventType.name ?? 'Leaderboard'}
          </Typography.Title>
          <Flex align="center" gap={24} style={{ fontSize: headerText }}>
            <Badge
              status={
                status === 'live' ? 'success' : status === 'connecting' ? 'processing' : 'error'
              }
              text={
                <span style={{ fontSize: headerText }}>
                  {lastUpdate ||
                    (status === 'live'
                      ? 'Live'
                      : status === 'connecting'
                        ? 'Connecting…'
                        : 'Offline')}
                </span>
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
          style={{
            display: 'grid',
            gridTemplateColumns: `repeat(${Math.min(Math.max(boards.length, 1), 3)}, minmax(0, 1fr))`,
            gap: 'clamp(12px, 1.6vw, 32px)',
            flex: 1,
            minHeight: 0,
          }}
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
