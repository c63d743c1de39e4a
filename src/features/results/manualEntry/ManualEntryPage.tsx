import { useEffect, useState } from 'react';
import { Badge, Button } from 'antd';
import { TableOutlined } from '@ant-design/icons';
import ResultsPage from '../ResultsPage';
import { EntryDrawer } from './EntryDrawer';
import { useEntrySession, type EntryState } from './useEntrySession';

/** How many rows hold typed text (shown or not), so that nothing is lost unnoticed. */
function typedRows({ entries }: EntryState): number {
  return Object.values(entries).filter((entry) =>
    Object.values(entry.texts).some((text) => text.trim() !== ''),
  ).length;
}

/** Asks the browser to confirm leaving the page (reload, close) while something is typed. */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/**
 * Programs: Manual Entry — the Manual Entry results table, and the grid to type a testing
 * session's results (docs/ui-manual-entry.md). The grid's content lives here, so closing
 * the drawer keeps it while the page is open.
 */
export default function ManualEntryPage() {
  const session = useEntrySession();
  const [open, setOpen] = useState(false);
  const typed = typedRows(session.state);
  useLeaveWarning(typed > 0);

  return (
    <>
      <ResultsPage
        variant="manualentry"
        actions={
          <Badge count={typed} title={`${typed} rows typed, not saved`}>
            <Button type="primary" icon={<TableOutlined />} onClick={() => setOpen(true)}>
              {typed > 0 ? 'Continue the session' : 'Enter a session'}
            </Button>
          </Badge>
        }
      />
      <EntryDrawer open={open} onClose={() => setOpen(false)} session={session} />
    </>
  );
}
