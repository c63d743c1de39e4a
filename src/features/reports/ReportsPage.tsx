import { PageFrame } from '../../components/PageFrame';
import { paths } from '../../lib/paths';

export type ReportVariant = 'eapiIndividual' | 'eapiTeam' | 'easiIndividual';

/** Each report variant is a spec route with its own label. */
export default function ReportsPage({ variant }: { variant: ReportVariant }) {
  return <PageFrame title={paths.home.reports[variant].label} />;
}
