import { useId } from 'react';
import { AutoComplete, Flex, Form, Input, InputNumber, Segmented, Select, Typography } from 'antd';
import type { EventTypeBody, TimingMethod } from '../../../../contract/event';
import { DatePicker } from '../../../components/DatePicker';
import { useListRostersQuery } from '../../../lib/api/referenceApi';
import { formatDistance, standardDistances, YARD_MM } from '../../../lib/units';
import { ENTRY_PROGRAMS, type EntryProgram, type SessionSetup as Setup } from './entrySession';

const ALL_ATHLETES = -1;

/** A label with antd's "(optional)" look, for the two choices a session may leave out. */
const optional = (label: string) => (
  <>
    {label}
    <Typography.Text type="secondary">&nbsp;(optional)</Typography.Text>
  </>
);

interface SessionSetupProps {
  setup: Setup;
  eventTypes: readonly EventTypeBody[];
  eventTypesLoading: boolean;
  eventType: EventTypeBody | null;
  /** The run's distance in mm; null when a variable distance is missing or wrong. */
  runDistanceMm: number | null;
  onChange: (changes: Partial<Setup>) => void;
}

/** A distance in the session's unit, as a coach types it ("40", "9.14"). */
function distanceText(mm: number, isMetric: boolean): string {
  return String(Number((mm / (isMetric ? 1000 : YARD_MM)).toFixed(2)));
}

/** The unit switch's words: yards or metres for runs, the mark's units for jumps. */
function unitOptions(eventType: EventTypeBody | null) {
  const [imperial, metric] =
    eventType?.unit === 'height'
      ? ['in', 'cm']
      : eventType?.unit === 'distance'
        ? ['ft-in', 'm']
        : ['yd', 'm'];
  return [
    { label: imperial, value: 'imperial' },
    { label: metric, value: 'metric' },
  ];
}

/**
 * What every row of the session shares: the program, event type, alias, distance and
 * unit, when it ran, lane, timing method, and the roster whose athletes make the rows.
 */
export function SessionSetup(props: SessionSetupProps) {
  const { setup, eventTypes, eventTypesLoading, eventType, runDistanceMm, onChange } = props;
  const ids = { type: useId(), alias: useId(), distance: useId(), date: useId(), lane: useId() };
  const programHelp = useId();
  const rosterId = useId();
  const rosters = useListRostersQuery();

  const chooseEventType = (id: number) => {
    const chosen = eventTypes.find((type) => type.id === id);
    const standard = chosen?.distanceMode === 'variable' ? chosen.defaultDistanceMm : null;
    onChange({
      eventTypeId: id,
      eventAliasId: null,
      distance: standard ? distanceText(standard, setup.isMetric) : '',
    });
  };
  const switchUnit = (isMetric: boolean) => {
    const changes: Partial<Setup> = { isMetric };
    // The same run in the other unit: 40 yd stays 40 yd (36.58 m) rather than becoming 40 m.
    if (runDistanceMm && eventType?.distanceMode === 'variable')
      changes.distance = distanceText(runDistanceMm, isMetric);
    onChange(changes);
  };
  const distanceMissing = eventType?.distanceMode === 'variable' && runDistanceMm === null;

  return (
    <Form layout="vertical" component="div" requiredMark={false}>
      <Flex gap="0 16px" wrap align="flex-end">
        <Form.Item
          label="Program"
          help={
            setup.program === 'eapi' ? (
              <span id={programHelp}>Builds the athletes’ profiles for the EAPI reports.</span>
            ) : undefined
          }
        >
          <Segmented<EntryProgram>
            aria-label="Program"
            aria-describedby={setup.program === 'eapi' ? programHelp : undefined}
            value={setup.program}
            onChange={(program) => onChange({ program })}
            options={[...ENTRY_PROGRAMS]}
          />
        </Form.Item>
        <Form.Item label="Event type" htmlFor={ids.type} style={{ minWidth: 190 }}>
          <Select
            id={ids.type}
            loading={eventTypesLoading}
            placeholder="Choose an event type"
            value={setup.eventTypeId ?? undefined}
            onChange={chooseEventType}
            options={eventTypes.map((type) => ({ value: type.id, label: type.name }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item label="Roster" htmlFor={rosterId} style={{ minWidth: 160 }}>
          <Select
            id={rosterId}
            loading={rosters.isLoading}
            placeholder="Choose a roster"
            value={setup.rosterId ?? undefined}
            onChange={(id: number) => onChange({ rosterId: id })}
            options={[
              { value: ALL_ATHLETES, label: 'All athletes' },
              ...(rosters.data ?? []).map((roster) => ({ value: roster.id, label: roster.name })),
            ]}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        {eventType?.distanceMode !== 'none' && eventType?.unit !== 'height' && (
          <Form.Item
            label="Distance"
            htmlFor={ids.distance}
            validateStatus={distanceMissing ? 'error' : undefined}
            help={distanceMissing ? 'Type the run’s distance' : undefined}
          >
            {eventType?.distanceMode === 'fixed' ? (
              <Input
                id={ids.distance}
                readOnly
                style={{ width: 90 }}
                value={formatDistance(eventType.defaultDistanceMm ?? 0, setup.isMetric)}
              />
            ) : (
              <AutoComplete
                id={ids.distance}
                style={{ width: 90 }}
                disabled={!eventType}
                value={setup.distance}
                onChange={(distance: string) => onChange({ distance })}
                options={(eventType ? standardDistances(eventType) : []).map((mm) => ({
                  value: distanceText(mm, setup.isMetric),
                }))}
              />
            )}
          </Form.Item>
        )}
        <Form.Item label="Units">
          <Segmented
            aria-label="Units"
            value={setup.isMetric ? 'metric' : 'imperial'}
            onChange={(value) => switchUnit(value === 'metric')}
            options={unitOptions(eventType)}
          />
        </Form.Item>
        <Form.Item label="Date and time" htmlFor={ids.date}>
          <DatePicker
            id={ids.date}
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            valueFormat="datetime"
            allowClear={false}
            style={{ width: 170 }}
            value={setup.recordedAt}
            onChange={(recordedAt) => recordedAt && onChange({ recordedAt })}
          />
        </Form.Item>
        <Form.Item label={optional('Lane')} htmlFor={ids.lane}>
          <InputNumber
            id={ids.lane}
            min={0}
            max={99}
            precision={0}
            placeholder="Any"
            style={{ width: 80 }}
            value={setup.laneId}
            onChange={(laneId) => onChange({ laneId: laneId ?? null })}
          />
        </Form.Item>
        <Form.Item label="Timing">
          <Segmented<TimingMethod>
            aria-label="Timing method"
            value={setup.timingMethod}
            onChange={(timingMethod) => onChange({ timingMethod })}
            options={[
              { label: 'Hand', value: 'hand' },
              { label: 'Electronic', value: 'electronic' },
            ]}
          />
        </Form.Item>
        <Form.Item label={optional('Alias')} htmlFor={ids.alias} style={{ minWidth: 140 }}>
          <Select
            id={ids.alias}
            allowClear
            disabled={!eventType?.aliases.length}
            placeholder={eventType?.aliases.length ? 'None' : 'No aliases'}
            value={setup.eventAliasId ?? undefined}
            onChange={(eventAliasId?: number) => onChange({ eventAliasId: eventAliasId ?? null })}
            options={eventType?.aliases.map((alias) => ({ value: alias.id, label: alias.name }))}
          />
        </Form.Item>
      </Flex>
      {rosters.isError && (
        <Typography.Text type="danger">The rosters could not be loaded.</Typography.Text>
      )}
    </Form>
  );
}
