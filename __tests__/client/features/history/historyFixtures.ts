import type {
  HistoricalBody,
  HistoricalResultBody,
  HistoricalSeriesBody,
} from '../../../../contract/event-query';

const sprint = { id: 1, name: 'Linear sprint', unit: 'time' as const, lowerIsBetter: true };

/** A 40-yd sprint with its three splits, as the history answers it in yards. */
export function testResult(overrides: Partial<HistoricalResultBody> = {}): HistoricalResultBody {
  return {
    id: 1,
    eventType: sprint,
    eventAlias: null,
    laneId: 2,
    recordedAt: '2025-03-01T15:00:00.000Z',
    distanceMm: 36576,
    distanceLabel: '40 yd',
    timeMs: 4980,
    markMm: null,
    markLabel: null,
    splits: [
      { distanceMm: 9144, distanceLabel: '10 yd', timeMs: 1760 },
      { distanceMm: 18288, distanceLabel: '20 yd', timeMs: 2950 },
      { distanceMm: 36576, distanceLabel: '40 yd', timeMs: 4980 },
    ],
    program: 'none',
    source: 'device',
    timingMethod: 'electronic',
    implausible: false,
    ...overrides,
  };
}

export function splitSeries(
  distanceMm: number,
  distanceLabel: string,
  points: Array<[date: string, timeMs: number]>,
): HistoricalSeriesBody {
  return {
    eventTypeId: 1,
    kind: 'split',
    distanceMm,
    distanceLabel,
    lowerIsBetter: true,
    points: points.map(([date, timeMs], index) => ({
      date,
      timeMs,
      markMm: null,
      resultId: index + 1,
    })),
  };
}

/** Two testing days of Ada's 40s: faster on the second. */
export function testHistory(overrides: Partial<HistoricalBody> = {}): HistoricalBody {
  return {
    athlete: { id: 12, firstName: 'Ada', middleName: '', lastName: 'Okafor' },
    isMetric: false,
    distanceUnit: 'yd',
    results: [
      testResult(),
      testResult({
        id: 2,
        recordedAt: '2025-03-08T15:00:00.000Z',
        timeMs: 4870,
        splits: [
          { distanceMm: 9144, distanceLabel: '10 yd', timeMs: 1720 },
          { distanceMm: 18288, distanceLabel: '20 yd', timeMs: 2900 },
          { distanceMm: 36576, distanceLabel: '40 yd', timeMs: 4870 },
        ],
      }),
    ],
    series: [
      splitSeries(9144, '10 yd', [
        ['2025-03-01', 1760],
        ['2025-03-08', 1720],
      ]),
      splitSeries(18288, '20 yd', [
        ['2025-03-01', 2950],
        ['2025-03-08', 2900],
      ]),
      splitSeries(36576, '40 yd', [
        ['2025-03-01', 4980],
        ['2025-03-08', 4870],
      ]),
    ],
    ...overrides,
  };
}
