import { useRef, useState } from 'react';
import { Alert, Button, Drawer, Empty, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { describeFailure } from '../../../components/serverErrors';
import { isValidationError } from '../../../lib/api';
import { buildBatch } from './entryBatch';
import { EntryGrid } from './EntryGrid';
import { useSaveEntrySessionMutation } from './manualEntryApi';
import { gridErrorsOf } from './serverCellErrors';
import { SessionSetup } from './SessionSetup';
import { useEntryGrid } from './useEntryGrid';
import type { EntrySession } from './useEntrySession';
import { TELEMETRY_EVENTS, track } from '../../../lib/telemetry';
import { entryQueue, useQueueOwner, type QueuedLabel } from '../../../lib/offline';
import type { EntryProgram } from './entrySession';
import { EntryQueuePanel } from './EntryQueuePanel';
import { FromCacheNotice } from './FromCacheNotice';
import { MARK, TOTAL } from './entryColumns';
import { programTable } from './programTable';

interface EntryDrawerProps {
  open: boolean;
  onClose: () => void;
  session: EntrySession;
}

const results = (count: number) => `${count} result${count === 1 ? '' : 's'}`;

/**
 * The session grid in a full-width drawer: the setup on top, the grid in the scrolling
 * body, the counter and Save in the footer (always on screen). Closing keeps everything;
 * only Discard forgets it.
 */
export function EntryDrawer({ open, onClose, session }: EntryDrawerProps) {
  const { state } = session;
  const grid = useEntryGrid(state);
  const [saveSession, saving] = useSaveEntrySessionMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ count: number; program: EntryProgram } | null>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const owner = useQueueOwner();

  const save = async () => {
    if (!grid.eventType || grid.runDistanceMm === null || grid.problemCount > 0) return;
    const batch = buildBatch({
      setup: state.setup,
      eventType: grid.eventType,
      runDistanceMm: grid.runDistanceMm,
      columns: grid.columns,
      rows: grid.rows.flatMap((row) => (row.clientId ? [{ ...row, clientId: row.clientId }] : [])),
    });
    if (!batch) return;
    setFailure(null);
    setSaved(null);
    const count = batch.body.items.length;
    if (owner) {
      // Into this device's queue first, before any network call: the queue sends it now
      // or when the network returns (docs/offline.md).
      const byKey = new Map(grid.rows.map((row) => [row.key, row]));
      const eventType = grid.eventType;
      const unit = eventType.unit === 'time' ? 's' : state.setup.isMetric ? 'cm' : 'in';
      const labels = batch.sent.map((sent): QueuedLabel => {
        const row = byKey.get(sent.key);
        const text = row?.texts[eventType.unit === 'time' ? TOTAL : MARK] ?? '';
        return {
          athleteName: row?.name ?? '',
          eventName: eventType.name,
          value: `${text.trim()} ${unit}`,
        };
      });
      try {
        await entryQueue(owner.key).add(
          batch.body.items.map((item, index) => ({ item, label: labels[index]! })),
        );
      } catch (error) {
        setFailure(
          `This device could not keep the results (${String(error)}). Nothing was lost: Save again.`,
        );
        return;
      }
      track(TELEMETRY_EVENTS.resultsEntered, { count });
      session.markSaved(batch.sent.map((row) => row.key));
      setSaved({ count, program: state.setup.program });
      return;
    }
    try {
      await saveSession(batch.body).unwrap();
      track(TELEMETRY_EVENTS.resultsEntered, { count });
      session.markSaved(batch.sent.map((row) => row.key));
      setSaved({ count, program: state.setup.program });
    } catch (error) {
      // The rows keep their client ids: a retry after a lost answer stores nothing twice.
      if (isValidationError(error)) {
        const errors = gridErrorsOf(error.data.fields, batch.sent);
        session.showServerErrors(errors);
        setFailure(
          'The server refused the session; nothing was saved. Fix the cells marked in red.',
        );
      } else setFailure(`${describeFailure(error)} Nothing was lost: Save again to retry.`);
    }
  };

  const changeSetup: typeof session.changeSetup = (changes) => {
    setSaved(null);
    session.changeSetup(changes);
  };

  const canSave = grid.readyCount > 0 && grid.problemCount === 0 && grid.runDistanceMm !== null;
  const sessionErrors = state.serverErrors.session;

  return (
    <Drawer
      open={open}
      title="Enter a session"
      size="100%"
      onClose={onClose}
      extra={
        <Popconfirm
          title="Discard the typed results?"
          description="Everything typed in this grid is lost."
          okText="Discard"
          okButtonProps={{ danger: true }}
          onConfirm={() => {
            session.discard();
            setFailure(null);
          }}
          disabled={grid.typedCount === 0}
        >
          <Button icon={<DeleteOutlined />} disabled={grid.typedCount === 0}>
            Discard
          </Button>
        </Popconfirm>
      }
      footer={
        <Flex gap={16} align="center" justify="end" wrap>
          {failure && <Alert type="error" showIcon title={failure} style={{ flex: '1 1 320px' }} />}
          {!failure && saved !== null && (
            <Alert
              type="success"
              showIcon
              title={
                <>
                  <span>Saved {results(saved.count)}</span>
                  {owner
                    ? ` on this device; ${saved.count === 1 ? 'it is' : 'they are'} sent as soon as the server can be reached.`
                    : '.'}{' '}
                  {saved.count === 1 ? 'It shows' : 'They show'} under{' '}
                  <Link to={programTable(saved.program).path} onClick={onClose}>
                    {programTable(saved.program).label}
                  </Link>
                  .
                </>
              }
              style={{ flex: '1 1 320px' }}
            />
          )}
          <Typography.Text role="status" aria-live="polite">
            {results(grid.readyCount)} ready
            {grid.problemCount > 0 && (
              <Typography.Text type="danger"> · {grid.problemCount} to fix</Typography.Text>
            )}
          </Typography.Text>
          <Button
            ref={saveRef}
            type="primary"
            icon={<SaveOutlined />}
            disabled={!canSave}
            loading={saving.isLoading}
            onClick={() => void save()}
          >
            Save {grid.readyCount > 0 ? results(grid.readyCount) : ''}
          </Button>
        </Flex>
      }
    >
      <FromCacheNotice rosterId={state.setup.rosterId} />
      <SessionSetup
        setup={state.setup}
        eventTypes={grid.eventTypes.data ?? []}
        eventTypesLoading={grid.eventTypes.isLoading}
        eventType={grid.eventType}
        runDistanceMm={grid.runDistanceMm}
        onChange={changeSetup}
      />
      {sessionErrors.length > 0 && (
        <Alert type="error" showIcon title={sessionErrors.join(' ')} style={{ marginBottom: 16 }} />
      )}
      <GridArea
        grid={grid}
        session={session}
        rosterChosen={state.setup.rosterId !== null}
        onLeaveLast={() => saveRef.current?.focus()}
      />
      <EntryQueuePanel />
    </Drawer>
  );
}

interface GridAreaProps {
  grid: ReturnType<typeof useEntryGrid>;
  session: EntrySession;
  rosterChosen: boolean;
  onLeaveLast: () => void;
}

/** The grid, or what to do before it can show: choose, wait, or add athletes. */
function GridArea({ grid, session, rosterChosen, onLeaveLast }: GridAreaProps) {
  if (!grid.eventType || !rosterChosen)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="Choose an event type and a roster: the grid lists the roster’s athletes, one row each."
      />
    );
  if (grid.athletes.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (grid.athletes.isError)
    return <Alert type="error" showIcon title={describeFailure(grid.athletes.error)} />;
  if (grid.rows.length === 0)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="This roster has no athletes yet.">
        <Link to={paths.home.athletes.path}>Add athletes on the Athletes page</Link>
      </Empty>
    );
  if (grid.runDistanceMm === null) return null;
  const { unit } = grid.eventType;
  return (
    <div style={{ overflowX: 'auto' }}>
      <EntryGrid
        columns={grid.columns}
        rows={grid.rows}
        markUnit={unit === 'time' ? null : unit}
        isMetric={session.state.setup.isMetric}
        onType={session.typeCell}
        onAddAttempt={session.addAttempt}
        onRemoveAttempt={session.removeAttempt}
        onLeaveLast={onLeaveLast}
      />
    </div>
  );
}
