import { useCallback } from 'react';
import { Button, Flex, Select } from 'antd';
import { useRosterFilter } from '../../../lib/rosterFilter';
import { ALL_ROSTERS, type IndexFilterChanges } from './indexFilters';
import { FilterDatePicker } from '../../../components/FilterDatePicker';
import { DebouncedSearch } from '../../../components/DebouncedSearch';

type NameField = 'firstNameQuery' | 'middleNameQuery' | 'lastNameQuery';

const nameSearches: Array<{ field: NameField; label: string }> = [
  { field: 'firstNameQuery', label: 'First name' },
  { field: 'middleNameQuery', label: 'Middle name' },
  { field: 'lastNameQuery', label: 'Last name' },
];

interface IndexFiltersBarProps {
  /** The table's filters in effect (its persisted slice). */
  filters: {
    rosterId: number;
    startDate: string | null;
    endDate: string | null;
  } & Partial<Record<NameField, string>>;
  /** Whether a filter narrows the rows (the Clear button's state). */
  active: boolean;
  onChange: (changes: IndexFilterChanges) => void;
  onClear: () => void;
  /** The three name searches (the profile and individual report tables have them). */
  names?: boolean;
}

/**
 * The filters of the athlete-profile and report tables (spec, section 3): the roster
 * ("All rosters" is every athlete), the name searches, the testing days from and to, and
 * Clear filters. Wraps on a phone; hidden when printed.
 *
 * @example
 * <IndexFiltersBar names filters={filters} active={active} onChange={changed} onClear={cleared} />
 */
export function IndexFiltersBar({
  filters,
  active,
  onChange,
  onClear,
  names = false,
}: IndexFiltersBarProps) {
  const onRoster = useCallback((rosterId: number) => onChange({ rosterId }), [onChange]);
  // A remembered roster since deleted falls back to every athlete (a limited member: theirs).
  const roster = useRosterFilter(filters.rosterId, ALL_ROSTERS, 'All rosters', onRoster);

  return (
    <Flex wrap gap={8} align="center" className="no-print" style={{ marginBottom: 16 }}>
      <Select
        aria-label="Roster"
        style={{ minWidth: 170 }}
        loading={roster.loading}
        showSearch={{ optionFilterProp: 'label' }}
        value={roster.value}
        onChange={onRoster}
        options={roster.options}
      />
      {names &&
        nameSearches.map(({ field, label }) => (
          <DebouncedSearch
            key={field}
            aria-label={label}
            placeholder={label}
            style={{ width: 140 }}
            maxLength={100}
            value={filters[field] ?? ''}
            onSearch={(query) => onChange({ [field]: query })}
          />
        ))}
      <FilterDatePicker
        aria-label="From"
        placeholder="From"
        style={{ width: 130 }}
        value={filters.startDate}
        onChange={(startDate) => onChange({ startDate })}
      />
      <FilterDatePicker
        aria-label="To"
        placeholder="To"
        style={{ width: 130 }}
        value={filters.endDate}
        onChange={(endDate) => onChange({ endDate })}
      />
      <Button type="link" disabled={!active} onClick={onClear}>
        Clear filters
      </Button>
    </Flex>
  );
}
