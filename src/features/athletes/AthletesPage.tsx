import { useCallback, useState, type Key } from 'react';
import { Button, Flex } from 'antd';
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { paths } from '../../lib/paths';
import { PageFrame } from '../../components/PageFrame';
import { Permitted } from '../../components/Permitted';
import type { Athlete } from './athleteApi';
import { AthleteDrawer } from './AthleteDrawer';
import { AthleteFiltersBar } from './AthleteFiltersBar';
import { AthletesTable } from './AthletesTable';
import { BulkRosterActions } from './BulkRosterActions';
import { ExportButton } from './ExportButton';
import { ImportWizard } from './import/ImportWizard';
import { RosterManager } from './RosterManager';

/** The drawer being shown: a new athlete or one to edit; `key` remounts its form. */
interface Editing {
  key: number;
  athlete: Athlete | null;
  open: boolean;
}

/**
 * Athletes: the spec's athlete table (filters in the persisted slice), add and edit in a
 * drawer, delete with confirmation, rosters managed and assigned in bulk, CSV import
 * and export (PRODUCT.md, "Athletes"). A viewer (or a member limited to some rosters) sees
 * the writing controls disabled, saying why, or not at all (components/Permitted.tsx).
 */
export default function AthletesPage() {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [importing, setImporting] = useState(false);
  const [managingRosters, setManagingRosters] = useState(false);
  const [selectedIds, setSelectedIds] = useState<Key[]>([]);

  const openDrawer = useCallback(
    (athlete: Athlete | null) => setEditing({ key: Date.now(), athlete, open: true }),
    [],
  );
  const add = useCallback(() => openDrawer(null), [openDrawer]);
  const startImport = useCallback(() => setImporting(true), []);

  return (
    <PageFrame
      title={paths.home.athletes.label}
      extra={
        <Flex gap={8} wrap>
          <Permitted call="POST /api/athlete/import" action="import athletes">
            <Button icon={<ImportOutlined />} onClick={startImport}>
              Import CSV
            </Button>
          </Permitted>
          <ExportButton />
          <Permitted call="POST /api/athlete" action="add athletes">
            <Button type="primary" icon={<PlusOutlined />} onClick={add}>
              Add athlete
            </Button>
          </Permitted>
        </Flex>
      }
    >
      <AthleteFiltersBar onManageRosters={() => setManagingRosters(true)} />
      <BulkRosterActions selectedIds={selectedIds} onDone={() => setSelectedIds([])} />
      <AthletesTable
        selectedIds={selectedIds}
        onSelect={setSelectedIds}
        onAdd={add}
        onEdit={openDrawer}
        onImport={startImport}
      />
      {editing && (
        <AthleteDrawer
          key={editing.key}
          athlete={editing.athlete}
          open={editing.open}
          onClose={() => setEditing((shown) => shown && { ...shown, open: false })}
          // A drawer opened meanwhile stays.
          onClosed={() => setEditing((shown) => (shown?.key === editing.key ? null : shown))}
        />
      )}
      <ImportWizard open={importing} onClose={() => setImporting(false)} />
      <RosterManager open={managingRosters} onClose={() => setManagingRosters(false)} />
    </PageFrame>
  );
}
