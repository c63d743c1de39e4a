import { Flex } from 'antd';
import { IdcardOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { IndexFiltersBar } from '../shared/IndexFiltersBar';
import { PageFrame } from '../../../components/PageFrame';
import { paths } from '../../../lib/paths';
import { IndividualReportTable } from './IndividualReportTable';
import { TeamReportTable } from './TeamReportTable';
import { useIndividualReportFilters, useTeamReportFilters } from './useReportFilters';

export type ReportVariant = 'eapiIndividual' | 'eapiTeam' | 'easiIndividual';

const profilesLink = (
  <Flex className="no-print">
    <Link to={paths.home.athleteProfiles.path}>
      <IdcardOutlined aria-hidden /> Athlete Profiles
    </Link>
  </Flex>
);

function IndividualReports({ variant }: { variant: 'eapiIndividual' | 'easiIndividual' }) {
  const { filters, active, changed, cleared } = useIndividualReportFilters(variant);
  return (
    <PageFrame title={paths.home.reports[variant].label} extra={profilesLink}>
      <IndexFiltersBar
        names
        filters={filters}
        active={active}
        onChange={changed}
        onClear={cleared}
      />
      <IndividualReportTable index={variant === 'eapiIndividual' ? 'eapi' : 'easi'} />
    </PageFrame>
  );
}

function TeamReports() {
  const { filters, active, changed, cleared } = useTeamReportFilters();
  return (
    <PageFrame title={paths.home.reports.eapiTeam.label} extra={profilesLink}>
      <IndexFiltersBar filters={filters} active={active} onChange={changed} onClear={cleared} />
      <TeamReportTable />
    </PageFrame>
  );
}

/**
 * Reports: the EAPI and EASI individual tables (profiles, one row per athlete and testing
 * day) and the EAPI team table (one row per roster and testing day), each with its own
 * persisted filters. Rows open the athlete's or the team's report.
 */
export default function ReportsPage({ variant }: { variant: ReportVariant }) {
  if (variant === 'eapiTeam') return <TeamReports />;
  // `key`: the two individual tables keep apart (hooks of one slice each).
  return <IndividualReports key={variant} variant={variant} />;
}
