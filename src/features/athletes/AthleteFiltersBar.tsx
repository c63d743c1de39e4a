import { useEffect } from 'react';
import { Button, Flex, Select } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { DebouncedSearch } from '../../components/DebouncedSearch';
import { Permitted } from '../../components/Permitted';
import { useListRostersQuery } from './athleteApi';
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

/** The roster picker ("All" is every athlete), the three name searches and a reset. */
export function AthleteFiltersBar({ onManageRosters }: { onManageRosters: () => void }) {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectAthleteFilters);
  const active = useAppSelector(selectAthleteFiltersActive);
  const { data: rosters, isLoading } = useListRostersQuery();
  const rosterMissing =
    rosters !== undefined &&
    filters.rosterId !== ALL_ROSTERS &&
    !rosters.some(({ id }) => id === filters.rosterId);

  // A remembered roster that was deleted (here or elsewhere) falls back to all athletes.
  useEffect(() => {
    if (rosterMissing) dispatch(filtersChanged({ rosterId: ALL_ROSTERS }));
  }, [rosterMissing, dispatch]);

  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }}>
      <Select
        aria-label="Roster"
        style={{ minWidth: 180 }}
        loading={isLoading}
        showSearch={{ optionFilterProp: 'label' }}
        value={rosterMissing ? ALL_ROSTERS : filters.rosterId}
        onChange={(rosterId: number) => dispatch(filtersChanged({ rosterId }))}
        options={[
          { value: ALL_ROSTERS, label: 'All' },
          ...(rosters ?? []).map(({ id, name }) => ({ value: id, label: name })),
        ]}
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
