import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { Badge, Button, Modal } from 'antd';
import { TableOutlined } from '@ant-design/icons';
import { Permitted } from '../../../components/Permitted';
import ResultsPage from '../ResultsPage';
import { EntryDrawer } from './EntryDrawer';
import { useEntrySession, type EntryState } from './useEntrySession';

/** How many rows hold typed text (shown or not), so that nothing is lost unnoticed. */
function typedRows({ entries }: EntryState): number {
  return Object.values(entries).filter((entry) =>
    Object.values(entry.texts).some((text) => text.trim() !== ''),
  ).length;
}

/**
 * While something is typed: asks the browser to confirm leaving the page (reload, close),
 * and holds a move to another page of the app until the coach confirms it (the dialog
 * this returns).
 */
function LeaveWarning({ typed }: { typed: number }) {
  const active = typed > 0;
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
  // Only a move to another page: the table's own filters and pages stay on this one.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && currentLocation.pathname !== nextLocation.pathname,
  );
  const rows = typed === 1 ? '1 row' : `${typed} rows`;
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      okText="Leave and discard"
      okButtonProps={{ danger: true }}
      cancelText="Stay"
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {rows} of the Manual Entry grid {typed === 1 ? 'is' : 'are'} typed but not saved. Leaving this
      page discards {typed === 1 ? 'it' : 'them'}.
    </Modal>
  );
}

/**
 * Programs: Manual Entry — the Manual Entry results table, and the grid to type a testing
 * session's results (docs/ui-manual-entry.md). The grid's content lives here, so closing
 * the drawer keeps it while the page is open. A viewer sees the table, and "Enter a
 * session" disabled, saying why.
 */
export default function ManualEntryPage() {
  const session = useEntrySession();
  const [open, setOpen] = useState(false);
  const typed = typedRows(session.state);

  return (
    <>
      <ResultsPage
        variant="manualentry"
        actions={
          <Badge count={typed} title={`${typed} rows typed, not saved`}>
            <Permitted call="POST /api/event" action="enter results">
              <Button type="primary" icon={<TableOutlined />} onClick={() => setOpen(true)}>
                {typed > 0 ? 'Continue the session' : 'Enter a session'}
              </Button>
            </Permitted>
          </Badge>
        }
      />
      <EntryDrawer open={open} onClose={() => setOpen(false)} session={session} />
      <LeaveWarning typed={typed} />
    </>
  );
}
