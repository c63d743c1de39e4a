import { useCallback } from 'react';
import { Button, Flex, Select, Switch, Typography } from 'antd';
import { RESULT_VARIANTS, type ResultVariant } from '../../../contract/event-constants';
import { boardDistanceLabel } from '../../../contract/units';
import { FilterDatePicker } from '../../components/FilterDatePicker';
import { DebouncedSearch } from '../../components/DebouncedSearch';
import { useListEventTypesQuery } from '../../lib/api/referenceApi';
import { useRosterFilter } from '../../lib/rosterFilter';
import { standardDistances } from '../../lib/units';
import { useResultFilters } from './useResultFilters';

const ALL = -1;

/**
 * The spec's results-table filters: roster, the three name searches, event type (and
 * alias in Game Speed, distance where the variant has it), type and lane searches, dates,
 * best per athlete; _Clear filters_.
 */
export function ResultsFiltersBar({ variant }: { variant: ResultVariant }) {
  const { filters, changed, cleared } = useResultFilters(variant);
  const has = RESULT_VARIANTS[variant];
  const onRoster = useCallback((rosterId: number) => changed({ rosterId }), [changed]);
  const roster = useRosterFilter(filters.rosterId, ALL, 'All rosters', onRoster);
  const { data: eventTypes } = useListEventTypesQuery();
  const eventType = eventTypes?.find(({ id }) => id === filters.eventTypeId);
  const distances = eventType ? standardDistances(eventType) : [];

  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      <Flex wrap gap={8} align="center">
        <Select
          aria-label="Roster"
          style={{ width: 170 }}
          value={roster.value}
          options={roster.options}
          onChange={onRoster}
        />
        <DebouncedSearch
          aria-label="First name"
          placeholder="First name"
          style={{ width: 140 }}
          value={filters.firstNameQuery}
          onSearch={(firstNameQuery) => changed({ firstNameQuery })}
        />
        <DebouncedSearch
          aria-label="Middle name"
          placeholder="Middle name"
          style={{ width: 140 }}
          value={filters.middleNameQuery}
          onSearch={(middleNameQuery) => changed({ middleNameQuery })}
        />
        <DebouncedSearch
          aria-label="Last name"
          placeholder="Last name"
          style={{ width: 140 }}
          value={filters.lastNameQuery}
          onSearch={(lastNameQuery) => changed({ lastNameQuery })}
        />
        <Flex align="center" gap={6}>
          <Switch
            aria-label="Best per athlete"
            checked={filters.getBestByAthlete}
            onChange={(getBestByAthlete) => changed({ getBestByAthlete })}
          />
          <Typography.Text>Best per athlete</Typography.Text>
        </Flex>
        {/* On the first row, which has room: the second fills 1280 px with the side menu. */}
        <Button type="link" onClick={cleared}>
          Clear filters
        </Button>
      </Flex>
      <Flex wrap gap={8} align="center">
        <Select
          aria-label="Event type"
          placeholder="Every event"
          allowClear
          style={{ width: 190 }}
          value={filters.eventTypeId}
          options={(eventTypes ?? []).map(({ id, name }) => ({ value: id, label: name }))}
          onChange={(eventTypeId?: number) =>
            changed({
              eventTypeId: eventTypeId ?? null,
              ...(has.distance ? { distance: null } : {}),
              ...(has.eventAliasId ? { eventAliasId: null } : {}),
            })
          }
        />
        {has.distance && (
          <Select
            aria-label="Distance"
            placeholder="Any distance"
            allowClear
            disabled={!eventType}
            style={{ width: 140 }}
            value={filters.distance ?? null}
            options={distances.map((mm) => ({ value: mm, label: boardDistanceLabel(mm) }))}
            onChange={(distance?: number) => changed({ distance: distance ?? null })}
          />
        )}
        {has.eventAliasId && (
          <Select
            aria-label="Event alias"
            placeholder="Any alias"
            allowClear
            disabled={!eventType || eventType.aliases.length === 0}
            style={{ width: 170 }}
            value={filters.eventAliasId ?? null}
            options={(eventType?.aliases ?? []).map(({ id, name }) => ({ value: id, label: name }))}
            onChange={(eventAliasId?: number) => changed({ eventAliasId: eventAliasId ?? null })}
          />
        )}
        <DebouncedSearch
          aria-label="Event name"
          placeholder="Event name"
          style={{ width: 140 }}
          value={filters.typeQuery}
          onSearch={(typeQuery) => changed({ typeQuery })}
        />
        <DebouncedSearch
          aria-label="Lane"
          placeholder="Lane"
          style={{ width: 90 }}
          value={filters.laneIdQuery}
          onSearch={(laneIdQuery) => changed({ laneIdQuery })}
        />
        <FilterDatePicker
          aria-label="From"
          placeholder="From"
          style={{ width: 130 }}
          value={filters.startDate}
          onChange={(startDate) => changed({ startDate })}
        />
        <FilterDatePicker
          aria-label="To"
          placeholder="To"
          style={{ width: 130 }}
          value={filters.endDate}
          onChange={(endDate) => changed({ endDate })}
        />
      </Flex>
    </Flex>
  );
}
