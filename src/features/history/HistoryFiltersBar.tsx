import { useCallback, useEffect } from 'react';
import { Button, Flex, Segmented, Select, Switch, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { FilterDatePicker } from '../../components/FilterDatePicker';
import { useListEventTypesQuery, useListRosterAthletesQuery } from '../../lib/api/referenceApi';
import { useRosterFilter } from '../../lib/rosterFilter';
import {
  filtersChanged,
  filtersCleared,
  selectHistoricalFilters,
  selectHistoricalFiltersActive,
} from './historicalFiltersSlice';

interface AthleteName {
  firstName: string;
  middleName: string;
  lastName: string;
}

/** The roster picker's "every athlete" choice: `rosterId` null, which is not sent. */
const ALL_ATHLETES = -1;

/** "Okafor, Ada B." — sorted and searched by last name, as coaches look athletes up. */
function athleteLabel({ firstName, middleName, lastName }: AthleteName) {
  return `${lastName}, ${firstName}${middleName ? ` ${middleName}` : ''}`;
}

/**
 * The spec's historical filters, in the persisted slice: roster, then an athlete of
 * that roster (a new roster clears the athlete), event type, dates, yards or metres,
 * and every split or the totals only.
 */
export function HistoryFiltersBar() {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectHistoricalFilters);
  const active = useAppSelector(selectHistoricalFiltersActive);
  const change = (partial: Parameters<typeof filtersChanged>[0]) =>
    dispatch(filtersChanged(partial));

  const onRoster = useCallback(
    (rosterId: number) =>
      dispatch(filtersChanged({ rosterId: rosterId === ALL_ATHLETES ? null : rosterId })),
    [dispatch],
  );
  // A remembered roster that is gone is let go (a limited member: to theirs; decision 044).
  const roster = useRosterFilter(
    filters.rosterId ?? ALL_ATHLETES,
    ALL_ATHLETES,
    'All athletes',
    onRoster,
  );
  const athletes = useListRosterAthletesQuery(roster.value);
  const eventTypes = useListEventTypesQuery();
  const eventType = eventTypes.data?.find(({ id }) => id === filters.eventTypeId);

  // A remembered athlete that is gone (deleted, or off the roster) is let go.
  const athleteGone =
    filters.athleteId !== null &&
    athletes.currentData !== undefined &&
    !athletes.currentData.some(({ id }) => id === filters.athleteId);
  useEffect(() => {
    if (athleteGone) dispatch(filtersChanged({ athleteId: null }));
  }, [athleteGone, dispatch]);

  return (
    <Flex vertical gap={12} style={{ marginBottom: 24 }}>
      <Flex wrap gap={8} align="center">
        <Select
          aria-label="Roster"
          style={{ width: 180 }}
          loading={roster.loading}
          showSearch={{ optionFilterProp: 'label' }}
          value={roster.value}
          onChange={onRoster}
          options={roster.options}
        />
        <Select
          aria-label="Athlete"
          style={{ width: 240 }}
          placeholder="Choose an athlete"
          loading={athletes.isFetching}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          value={athleteGone || !athletes.currentData ? null : filters.athleteId}
          onChange={(athleteId: number | undefined) => change({ athleteId: athleteId ?? null })}
          options={(athletes.currentData ?? []).map((athlete) => ({
            value: athlete.id,
            label: athleteLabel(athlete),
          }))}
          notFoundContent={athletes.isFetching ? 'Loading athletes…' : 'No athletes on this roster'}
        />
        <Select
          aria-label="Event type"
          style={{ width: 200 }}
          loading={eventTypes.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          value={filters.eventTypeId}
          onChange={(eventTypeId: number) => change({ eventTypeId })}
          options={(eventTypes.data ?? []).map(({ id, name }) => ({ value: id, label: name }))}
        />
        <FilterDatePicker
          aria-label="Start date"
          placeholder="Start date"
          value={filters.startDate}
          onChange={(startDate) => change({ startDate })}
          disabledDate={(day) =>
            filters.endDate !== null && day.format('YYYY-MM-DD') > filters.endDate
          }
        />
        <FilterDatePicker
          aria-label="End date"
          placeholder="End date"
          value={filters.endDate}
          onChange={(endDate) => change({ endDate })}
          disabledDate={(day) =>
            filters.startDate !== null && day.format('YYYY-MM-DD') < filters.startDate
          }
        />
      </Flex>
      <Flex wrap gap={16} align="center">
        <Segmented
          aria-label="Units"
          value={filters.isMetric ? 'm' : 'yd'}
          onChange={(unit) => change({ isMetric: unit === 'm' })}
          options={[
            { value: 'yd', label: 'Yards' },
            { value: 'm', label: 'Metres' },
          ]}
        />
        <Flex gap={8} align="center">
          <Switch
            id="history-every-split"
            checked={filters.multiSplitDistance}
            disabled={eventType !== undefined && eventType.unit !== 'time'}
            onChange={(multiSplitDistance) => change({ multiSplitDistance })}
          />
          <Typography.Text>
            <label htmlFor="history-every-split">Every split distance</label>
          </Typography.Text>
        </Flex>
        <Button type="link" disabled={!active} onClick={() => dispatch(filtersCleared())}>
          Clear filters
        </Button>
      </Flex>
    </Flex>
  );
}
