import { useMemo, useState, type ReactNode } from 'react';
import { App, Button, Flex, Segmented } from 'antd';
import { DownloadOutlined, FileTextOutlined, IdcardOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { ResultVariant } from '../../../contract/event-constants';
import { ListEmpty, useListQuery } from '../../components/list';
import { PageFrame } from '../../components/PageFrame';
import { PageLink } from '../../components/PageLink';
import { describeFailure } from '../../components/serverErrors';
import { paths } from '../../lib/paths';
import { useMayCall } from '../../lib/permissions';
import {
  resultApi,
  useDeleteResultMutation,
  useExportResultsMutation,
  type Result,
} from './resultApi';
import { EditResultModal } from './EditResultModal';
import { ResultsFiltersBar } from './ResultsFiltersBar';
import { ResultsTable } from './ResultsTable';
import { useResultFilters } from './useResultFilters';

export type { ResultVariant };

const titles: Record<ResultVariant, string> = {
  individual: paths.home.results.individual.label,
  gamespeed: paths.home.programs.gameSpeed.label,
  eapi: paths.home.programs.eapi.label,
  manualentry: paths.home.programs.manualEntry.label,
};

/** The EAPI program's results make profiles and reports: the way to them. */
function IndexLinks() {
  return (
    <Flex gap={16} align="center" wrap style={{ marginInlineEnd: 8 }}>
      <Link to={paths.home.reports.eapiIndividual.path}>
        <FileTextOutlined aria-hidden /> EAPI reports
      </Link>
      <Link to={paths.home.athleteProfiles.path}>
        <IdcardOutlined aria-hidden /> Athlete Profiles
      </Link>
    </Flex>
  );
}

interface ResultsPageProps {
  variant: ResultVariant;
  /** More actions in the heading row (Manual Entry's "Enter a session"). */
  actions?: ReactNode;
}

/**
 * Results, individual and the three program pages: the spec's results table for the
 * variant (its own persisted filters), rows that open to splits, corrections, CSV export.
 * A member who may not correct or delete results gets the table without those buttons.
 */
export default function ResultsPage({ variant, actions }: ResultsPageProps) {
  const { message } = App.useApp();
  const list = useResultFilters(variant);
  const { filters } = list;
  const args = useMemo(() => ({ variant, filters }), [variant, filters]);
  const query = useListQuery(resultApi.endpoints.listResults, args);
  const [exportResults, { isLoading: exporting }] = useExportResultsMutation();
  const [deleteResult] = useDeleteResultMutation();
  const [editing, setEditing] = useState<Result | null>(null);
  const mayCorrect = useMayCall('PUT', '/api/event/{id}').allowed;
  const mayDelete = useMayCall('DELETE', '/api/event/{id}').allowed;
  // Yards (and mph) or metres (and km/h) for distances, splits and speeds.
  const [unit, setUnit] = useState<'yd' | 'm'>('yd');

  async function remove(result: Result) {
    try {
      await deleteResult(result.id).unwrap();
      void message.success('Result deleted');
    } catch (failure) {
      void message.error(describeFailure(failure));
    }
  }

  async function download() {
    try {
      await exportResults({ variant, filters }).unwrap();
    } catch (failure) {
      void message.error(describeFailure(failure));
    }
  }

  const empty = (
    <ListEmpty
      filtered={list.active}
      noMatch="No results match these filters."
      onClear={list.cleared}
      title="No results yet"
      description={
        <>
          Results arrive from timing devices (
          <PageLink page={paths.home.integrations}>Integrations</PageLink>) or are typed in{' '}
          <Link to={paths.home.programs.manualEntry.path}>Manual Entry</Link>.
        </>
      }
    />
  );

  return (
    <PageFrame
      title={titles[variant]}
      extra={
        <Flex gap={8} align="center" wrap>
          {variant === 'eapi' && <IndexLinks />}
          <Segmented
            aria-label="Units"
            value={unit}
            onChange={(value) => setUnit(value as 'yd' | 'm')}
            options={[
              { value: 'yd', label: 'Yards' },
              { value: 'm', label: 'Metres' },
            ]}
          />
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()}>
            Export CSV
          </Button>
          {actions}
        </Flex>
      }
    >
      <ResultsFiltersBar variant={variant} />
      <ResultsTable
        variant={variant}
        list={list}
        query={query}
        isMetric={unit === 'm'}
        onEdit={mayCorrect ? setEditing : undefined}
        onDelete={mayDelete ? (result) => void remove(result) : undefined}
        empty={empty}
      />
      <EditResultModal result={editing} onClose={() => setEditing(null)} />
    </PageFrame>
  );
}
