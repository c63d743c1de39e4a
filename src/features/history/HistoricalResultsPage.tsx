import { PageFrame } from '../../components/PageFrame';
import { paths } from '../../app/paths';

/** Results, historical: one athlete's results over time (history issue). */
export default function HistoricalResultsPage() {
  return <PageFrame title={paths.home.results.historical.label} />;
}
