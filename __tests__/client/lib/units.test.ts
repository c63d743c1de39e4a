import {
  formatDistance,
  formatMark,
  formatSeconds,
  formatSpeed,
  segments,
  toMillimetres,
} from '../../../src/lib/units';

describe('units', () => {
  it('shows times as seconds with two decimals', () => {
    expect(formatSeconds(4620)).toBe('4.62 s');
    expect(formatSeconds(1005)).toBe('1.01 s');
    expect(formatSeconds(10000)).toBe('10.00 s');
  });

  it('labels distances in yards or metres, dropping trailing zeros', () => {
    expect(formatDistance(9144, false)).toBe('10 yd');
    expect(formatDistance(9144, true)).toBe('9.14 m');
    expect(formatDistance(20000, true)).toBe('20 m');
    expect(formatDistance(0, false)).toBe('');
  });

  it('turns typed yards or metres into whole millimetres', () => {
    expect(toMillimetres(40, false)).toBe(36576);
    expect(toMillimetres(20, true)).toBe(20000);
    expect(toMillimetres(10, false)).toBe(9144);
  });

  it('labels marks by unit', () => {
    expect(formatMark(673, 'height', false)).toBe('26.5 in');
    expect(formatMark(673, 'height', true)).toBe('67.3 cm');
    expect(formatMark(2553, 'distance', false)).toBe('8 ft 4.5 in');
    expect(formatMark(2553, 'distance', true)).toBe('2.55 m');
  });

  it('shows speeds in mph or km/h', () => {
    expect(formatSpeed(10, false)).toBe('22.4 mph');
    expect(formatSpeed(10, true)).toBe('36.0 km/h');
  });

  it('splits cumulative times into segments with speeds, whatever their order', () => {
    const result = segments([
      { distanceMm: 18288, timeMs: 2950 },
      { distanceMm: 9144, timeMs: 1700 },
    ]);
    expect(result.map((s) => [s.fromMm, s.distanceMm, s.segmentMs])).toEqual([
      [0, 9144, 1700],
      [9144, 18288, 1250],
    ]);
    expect(result[1]?.metresPerSecond).toBeCloseTo(9.144 / 1.25, 6);
  });

  it('gives no speed to a segment without a positive time', () => {
    expect(segments([{ distanceMm: 9144, timeMs: 0 }])[0]?.metresPerSecond).toBeNull();
  });
});
