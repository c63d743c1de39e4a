import { useCallback } from 'react';
import { Button, Flex, Select } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { DebouncedSearch } from '../../components/DebouncedSearch';
import { Permitted } from '../../components/Permitted';
import { useRosterFilter } from '../../lib/rosterFilter';
import {
  ALL_ROSTERS,
  filtersChanged,
  filtersCleared,
  selectAthleteFilters,
  selectAthleteFiltersActive,
  type NameQueryField,
} from './athleteFiltersSlice';

const nameSearches: Array<{ field: NameQueryField; label: string }> = [
  { field: 'firstNameQuery', label: 'First name' },
  { field: 'middleNameQuery', label: 'Middle name' },
  { field: 'lastNameQuery', label: 'Last name' },
];

/** The roster picker ("All" is every athlete; decision 044), the three name searches and a reset. */
export function AthleteFiltersBar({ onManageRosters }: { onManageRosters: () => void }) {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectAthleteFilters);
  const active = useAppSelector(selectAthleteFiltersActive);
  const onRoster = useCallback(
    (rosterId: number) => dispatch(filtersChanged({ rosterId })),
    [dispatch],
  );
  // A remembered roster since deleted falls back to all athletes (a limited member: theirs).
  const roster = useRosterFilter(filters.rosterId, ALL_ROSTERS, 'All', onRoster);

  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }}>
      <Select
        aria-label="Roster"
        style={{ minWidth: 180 }}
        loading={roster.loading}
        showSearch={{ optionFilterProp: 'label' }}
        value={roster.value}
        onChange={onRoster}
        options={roster.options}
      />
      <Permitted call="POST /api/roster" action="manage rosters">
        <Button icon={<SettingOutlined />} onClick={onManageRosters}>
          Manage rosters
        </Button>
      </Permitted>
      {nameSearches.map(({ field, label }) => (
        <DebouncedSearch
          key={field}
          aria-label={`Search ${label.toLowerCase()}s`}
          placeholder={label}
          style={{ width: 150 }}
          maxLength={100}
          value={filters[field]}
          onSearch={(query) => dispatch(filtersChanged({ [field]: query }))}
        />
      ))}
      <Button type="link" disabled={!active} onClick={() => dispatch(filtersCleared())}>
        Clear filters
      </Button>
    </Flex>
  );
}
