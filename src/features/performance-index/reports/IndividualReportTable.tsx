import { useCallback, useMemo } from 'react';
import { Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import {
  INDEX_TESTS,
  TEST_LABELS,
  tierOf,
  type IndexName,
  type ProfileSort,
} from '../../../../contract/index-constants';
import type { ProfileBody } from '../../../../contract/profile';
import { ListEmpty, ListTable, useListQuery, useRowLink } from '../../../components/list';
import { TierTag } from '../shared/TierTag';
import { athleteDayColumns } from '../shared/athleteDayColumns';
import { formatPoints } from '../shared/indexFormat';
import { athleteReportPath, paths } from '../../../lib/paths';
import { sortableColumn } from '../../../lib/sortColumns';
import { reportApi } from './reportApi';
import { individualReportSorts, useIndividualReportFilters } from './useReportFilters';

const none = <Typography.Text type="secondary">—</Typography.Text>;
const CORE_TESTS = INDEX_TESTS.eapi.core.length;

/**
 * The EAPI or EASI individual table: one row per profile with that index measured, its
 * index, tier and core tests' points. A row opens the athlete's report of that day.
 */
export function IndividualReportTable({ index }: { index: IndexName }) {
  const variant = index === 'eapi' ? 'eapiIndividual' : 'easiIndividual';
  const list = useIndividualReportFilters(variant);
  const { filters } = list;
  const args = useMemo(() => ({ index, filters }), [index, filters]);
  const query = useListQuery(reportApi.endpoints.listIndividualReports, args);
  const reportOf = useCallback(
    (profile: ProfileBody) => athleteReportPath(index, profile.athleteId, profile.id),
    [index],
  );
  const onRow = useRowLink(reportOf);
  const label = index.toUpperCase();

  const columns = useMemo((): TableColumnsType<ProfileBody> => {
    const sortable = (key: string) => sortableColumn(individualReportSorts, filters.sort, key);
    const reportLink = (profile: ProfileBody, text: string) => (
      <Link to={reportOf(profile)}>{text}</Link>
    );
    // Column priority (decision 033): the names and the day as athleteDayColumns shows
    // them, beside the index and its tier; the tests' points from `md`.
    return [
      ...athleteDayColumns<ProfileBody, ProfileSort>(
        individualReportSorts,
        filters.sort,
        reportLink,
      ),
      {
        ...sortable('overall'),
        title: label,
        align: 'end',
        render: (_, profile) => (profile[index] == null ? none : formatPoints(profile[index])),
      },
      {
        key: 'tier',
        title: 'Tier',
        render: (_, profile) => {
          const tier = tierOf(profile[index], CORE_TESTS);
          return tier ? <TierTag tier={tier} /> : none;
        },
      },
      ...INDEX_TESTS[index].core.map((test) => ({
        key: test,
        title: TEST_LABELS[test],
        responsive: ['md' as const],
        align: 'end' as const,
        render: (_: unknown, profile: ProfileBody) =>
          profile.points[test] == null ? none : formatPoints(profile.points[test]),
      })),
    ];
  }, [filters.sort, index, label, reportOf]);

  return (
    <ListTable<ProfileBody, typeof filters>
      rowKey="id"
      list={list}
      query={query}
      failure="The report could not be loaded."
      columns={columns}
      onRow={onRow}
      empty={
        <ListEmpty
          filtered={list.active}
          noMatch="No profile matches these filters"
          onClear={list.cleared}
          title={`No ${label} yet`}
          description={
            <>
              Run an EAPI session in{' '}
              <Link to={paths.home.programs.manualEntry.path}>Manual Entry</Link>
              {index === 'easi' ? ' (40-yd sprints with 10- and 20-yd splits)' : ''}, or add a
              profile on <Link to={paths.home.athleteProfiles.path}>Athlete Profiles</Link>.
            </>
          }
        />
      }
    />
  );
}
