import { memo, useCallback } from 'react';
import { Button, Flex, Switch, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { FilterDatePicker } from '../../components/FilterDatePicker';
import { FilterInputNumber, FilterSelect } from '../../components/FilterSelect';
import { PlainInput } from '../../components/PlainInput';
import { useRosterFilter } from '../../lib/rosterFilter';
import {
  useListEventTypesQuery,
  useListPositionsQuery,
  useListSportsQuery,
} from '../../lib/api/referenceApi';
import { boardDistances } from './boardFormat';
import {
  filtersChanged,
  filtersCleared,
  selectLeaderboardFilters,
  type LeaderboardFilters,
} from './leaderboardFiltersSlice';

const options = <T extends { id: number; name: string }>(items: T[] | undefined) =>
  (items ?? []).map(({ id, name }) => ({ value: id, label: name }));

/**
 * The spec's leaderboard filters; every change is kept (persisted slice). Memoised: it
 * reads the store itself, so the page's own renders (its query's states, the live
 * stream's status) need not render its five selects and two date pickers again.
 */
export const LeaderboardFiltersBar = memo(function LeaderboardFiltersBar() {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectLeaderboardFilters);
  const change = (partial: Partial<LeaderboardFilters>) => dispatch(filtersChanged(partial));
  const { data: eventTypes } = useListEventTypesQuery();
  const { data: sports } = useListSportsQuery();
  const { data: positions } = useListPositionsQuery();
  const onRoster = useCallback(
    (rosterId: number | null) => dispatch(filtersChanged({ rosterId })),
    [dispatch],
  );
  // Every roster (none chosen), or for a limited member one of theirs (decision 044).
  const roster = useRosterFilter(filters.rosterId, null, 'All rosters', onRoster);
  const eventType = eventTypes?.find(({ id }) => id === filters.eventTypeId);
  const distances = eventType ? boardDistances(eventType) : [];
  const sportPositions = (positions ?? []).filter(
    (position) => filters.sportId === null || position.sportId === filters.sportId,
  );

  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      <Flex wrap gap={8} align="center">
        <FilterSelect
          aria-label="Event type"
          style={{ width: 220 }}
          loading={!eventTypes}
          value={filters.eventTypeId}
          options={options(eventTypes)}
          onChange={(eventTypeId: number) => change({ eventTypeId })}
          showSearch={{ optionFilterProp: 'label' }}
        />
        <FilterSelect
          aria-label="Distance"
          style={{ width: 150 }}
          value={filters.distance ?? 0}
          options={[{ value: 0, label: 'All distances' }, ...distances]}
          onChange={(distance: number) => change({ distance: distance || null })}
        />
        <Flex align="center" gap={6}>
          <Typography.Text type="secondary">Per board</Typography.Text>
          <FilterInputNumber
            aria-label="Athletes per board"
            min={1}
            max={100}
            style={{ width: 72 }}
            value={filters.athletesPerLeaderboard}
            onChange={(value) => value && change({ athletesPerLeaderboard: value })}
          />
        </Flex>
        <Flex align="center" gap={6}>
          <Switch
            aria-label="Best per athlete"
            checked={filters.isDistinct}
            onChange={(isDistinct) => change({ isDistinct })}
          />
          <Typography.Text>Best per athlete</Typography.Text>
        </Flex>
      </Flex>
      <Flex wrap gap={8} align="center">
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
        <PlainInput
          aria-label="Lane"
          placeholder="Lane"
          style={{ width: 80 }}
          value={filters.laneId ?? ''}
          onChange={(event) => change({ laneId: event.target.value.trim() || null })}
        />
        <FilterSelect
          aria-label="Sport"
          placeholder="Sport"
          allowClear
          style={{ width: 130 }}
          value={filters.sportId}
          options={options(sports)}
          onChange={(sportId?: number) => change({ sportId: sportId ?? null, positionId: null })}
        />
        <FilterSelect
          aria-label="Position"
          placeholder="Position"
          allowClear
          style={{ width: 150 }}
          value={filters.positionId}
          options={options(sportPositions)}
          onChange={(positionId?: number) => change({ positionId: positionId ?? null })}
          showSearch={{ optionFilterProp: 'label' }}
        />
        <FilterSelect
          aria-label="Roster"
          placeholder="Roster"
          allowClear={!roster.limited}
          style={{ width: 150 }}
          value={roster.value}
          options={roster.options.filter(({ value }) => value !== null)}
          onChange={(rosterId?: number) => onRoster(rosterId ?? null)}
          showSearch={{ optionFilterProp: 'label' }}
        />
        <Button type="link" onClick={() => dispatch(filtersCleared())}>
          Clear filters
        </Button>
      </Flex>
    </Flex>
  );
});
