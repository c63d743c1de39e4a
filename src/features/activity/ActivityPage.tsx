import { useMemo } from 'react';
import { Button, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { ListEmpty, ListTable, useListQuery, useTableFilters } from '../../components/list';
import { FilterDatePicker } from '../../components/FilterDatePicker';
import { FilterSelect } from '../../components/FilterSelect';
import { PageFrame } from '../../components/PageFrame';
import { paths } from '../../lib/paths';
import type { ActivityEntryBody } from '../../../contract/activity';
import { activityApi, useListActivityMembersQuery } from './activityApi';
import { activityColumns, activitySorts } from './activityColumns';
import { activityFiltersSlice, type ActivityFilters } from './activityFiltersSlice';
import { kindOptions } from './activityFormat';

/**
 * Activity: the account's log of who added, changed or deleted what, and when (the
 * server's `GET /api/activity`, decision 036). A list view with one persisted slice:
 * member, kind and days narrow it, the When column sorts it. Read-only: entries are
 * never changed.
 */
export default function ActivityPage() {
  const list = useTableFilters(activityFiltersSlice, activitySorts);
  const query = useListQuery(activityApi.endpoints.listActivity, list.filters);
  const { data: members } = useListActivityMembersQuery();
  const columns = useMemo(() => activityColumns(list.filters.sort), [list.filters.sort]);
  const { filters, changed } = list;
  const change = (changes: Partial<ActivityFilters>) => changed(changes);

  return (
    <PageFrame title={paths.home.activity.label}>
      <Typography.Paragraph type="secondary">
        Who added, changed or deleted athletes, results, profiles, rosters, API keys and webhooks,
        and when. A batch of results from a timing app or a CSV import is one line with its count.
      </Typography.Paragraph>
      <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }}>
        <FilterSelect
          aria-label="Member"
          style={{ width: 240, maxWidth: '100%' }}
          value={filters.member}
          onChange={(member: string) => change({ member })}
          options={[
            { value: '', label: 'Everyone' },
            ...(members?.items ?? []).map(({ sub, email }) => ({ value: sub, label: email })),
          ]}
        />
        <FilterSelect
          aria-label="Kind"
          style={{ width: 160 }}
          value={filters.kind}
          onChange={(kind: ActivityFilters['kind']) => change({ kind })}
          options={[{ value: '', label: 'Everything' }, ...kindOptions]}
        />
        <FilterDatePicker
          aria-label="From"
          placeholder="From"
          style={{ width: 130 }}
          value={filters.startDate}
          onChange={(startDate) => change({ startDate })}
        />
        <FilterDatePicker
          aria-label="To"
          placeholder="To"
          style={{ width: 130 }}
          value={filters.endDate}
          onChange={(endDate) => change({ endDate })}
        />
        <Button type="link" disabled={!list.active} onClick={list.cleared}>
          Clear filters
        </Button>
      </Flex>
      <ListTable<ActivityEntryBody, ActivityFilters>
        rowKey="id"
        list={list}
        query={query}
        columns={columns}
        failure="The activity log could not be loaded."
        empty={
          <ListEmpty
            filtered={list.active}
            onClear={list.cleared}
            noMatch="No activity matches these filters"
            title="No activity yet"
            description={
              <>
                Each change to <Link to={paths.home.athletes.path}>athletes</Link>, results,
                profiles, rosters, API keys and webhooks shows here.
              </>
            }
          />
        }
      />
    </PageFrame>
  );
}
