import {
  axisTicks,
  buildChartData,
  dayValue,
} from '../../../../src/features/history/historyChartData';
import { splitSeries, testHistory } from './historyFixtures';

describe('the history chart data', () => {
  it('has one line per split distance, labelled by the API', () => {
    const { lines } = buildChartData(testHistory().series, 'time', false);
    expect(lines).toEqual([
      { key: 's0', label: '10 yd' },
      { key: 's1', label: '20 yd' },
      { key: 's2', label: '40 yd' },
    ]);
  });

  it('has one row per day, by date, with each line’s best in seconds', () => {
    const { rows } = buildChartData(testHistory().series, 'time', false);
    expect(rows).toEqual([
      { date: '2025-03-01', day: dayValue('2025-03-01'), s0: 1.76, s1: 2.95, s2: 4.98 },
      { date: '2025-03-08', day: dayValue('2025-03-08'), s0: 1.72, s1: 2.9, s2: 4.87 },
    ]);
  });

  it('leaves a line out of the days it has no point on, and sorts days from all lines', () => {
    const { rows } = buildChartData(
      [
        splitSeries(36576, '40 yd', [['2025-03-08', 4870]]),
        splitSeries(9144, '10 yd', [
          ['2025-03-01', 1760],
          ['2025-03-08', 1720],
        ]),
      ],
      'time',
      false,
    );
    expect(rows.map(({ date }) => date)).toEqual(['2025-03-01', '2025-03-08']);
    expect(rows[0]).not.toHaveProperty('s0');
    expect(rows[1]).toMatchObject({ s0: 4.87, s1: 1.72 });
  });

  it('says lower is better for times, and formats them as seconds', () => {
    const chart = buildChartData(testHistory().series, 'time', false);
    expect(chart.lowerIsBetter).toBe(true);
    expect(chart.axisLabel).toBe('Time (s)');
    expect(chart.format(4.87)).toBe('4.87 s');
  });

  it('plots a jump’s marks in inches or centimetres, higher being better', () => {
    const mark = {
      eventTypeId: 5,
      kind: 'mark' as const,
      distanceMm: 0,
      distanceLabel: '',
      lowerIsBetter: false,
      points: [{ date: '2025-03-01', timeMs: null, markMm: 673, resultId: 9 }],
    };
    const inches = buildChartData([mark], 'height', false);
    expect(inches.lines).toEqual([{ key: 's0', label: 'Height' }]);
    expect(inches.rows[0]!.s0).toBeCloseTo(26.5, 1);
    expect(inches.lowerIsBetter).toBe(false);
    expect(inches.axisLabel).toBe('Height (in)');
    expect(inches.format(inches.rows[0]!.s0 as number)).toBe('26.5 in');
    const centimetres = buildChartData([mark], 'height', true);
    expect(centimetres.rows[0]!.s0).toBeCloseTo(67.3, 1);
    expect(centimetres.format(67.3)).toBe('67.3 cm');
  });

  it('plots broad jumps in feet or metres', () => {
    const mark = {
      eventTypeId: 6,
      kind: 'mark' as const,
      distanceMm: 0,
      distanceLabel: '',
      lowerIsBetter: false,
      points: [{ date: '2025-03-01', timeMs: null, markMm: 2553, resultId: 9 }],
    };
    const feet = buildChartData([mark], 'distance', false);
    expect(feet.axisLabel).toBe('Distance (ft)');
    expect(feet.format(feet.rows[0]!.s0 as number)).toBe('8 ft 4.5 in');
    expect(buildChartData([mark], 'distance', true).format(2.553)).toBe('2.55 m');
  });

  it('is empty without series', () => {
    expect(buildChartData([], 'time', false)).toMatchObject({ lines: [], rows: [] });
  });
});

describe('the y axis ticks', () => {
  it('are round steps that cover the values', () => {
    expect(axisTicks([4.9, 5.02])).toEqual([4.9, 4.95, 5, 5.05]);
    expect(axisTicks([1.72, 5.02])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(axisTicks([24.5, 27.1])).toEqual([24, 25, 26, 27, 28]);
    expect(axisTicks([1.7, 1.78])).toEqual([1.7, 1.75, 1.8]);
  });

  it('pad a single value', () => {
    const ticks = axisTicks([4.9]);
    expect(ticks[0]).toBeLessThan(4.9);
    expect(ticks.at(-1)).toBeGreaterThan(4.9);
  });

  it('are none without values', () => {
    expect(axisTicks([])).toEqual([]);
  });
});
