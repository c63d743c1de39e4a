import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useAppSelector } from '../../lib/hooks';
import { describeFailure } from '../../components/serverErrors';
import { useExportAthletesMutation } from './athleteApi';
import { selectAthleteFilters } from './athleteFiltersSlice';

/** Downloads every athlete matching the current filters (all pages) as CSV. */
export function ExportButton() {
  const filters = useAppSelector(selectAthleteFilters);
  const [exportAthletes, { isLoading }] = useExportAthletesMutation();
  const { message } = App.useApp();

  async function download() {
    const result = await exportAthletes(filters);
    if ('error' in result) void message.error(describeFailure(result.error));
  }

  return (
    <Button icon={<DownloadOutlined />} loading={isLoading} onClick={() => void download()}>
      Export CSV
    </Button>
  );
}
