/**
 * How distances and marks read in yards or metres (`isMetric`): the labels of the
 * historical results (docs/api-results.md, "Units") and of the app's tables. Values stay
 * in whole millimetres; only the labels change. Two decimals at most, trailing zeros
 * dropped: 9144 mm is "10 yd" or "9.14 m". Plain functions (no TypeBox): the app
 * imports them too.
 */
export const YARD_MM = 914.4;
export const INCH_MM = 25.4;

function decimals(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

/** "10 yd" / "9.14 m"; "" for no distance (0). */
export function distanceLabel(distanceMm: number, isMetric: boolean): string {
  if (distanceMm <= 0) return '';
  return isMetric
    ? `${decimals(distanceMm / 1000, 2)} m`
    : `${decimals(distanceMm / YARD_MM, 2)} yd`;
}

/**
 * A jump's mark: heights in inches or centimetres ("26.5 in", "67.3 cm"), lengths in feet
 * and inches or metres ("8 ft 4.5 in", "2.55 m").
 */
export function markLabel(markMm: number, unit: 'height' | 'distance', isMetric: boolean): string {
  if (unit === 'height') {
    return isMetric ? `${decimals(markMm / 10, 1)} cm` : `${decimals(markMm / INCH_MM, 1)} in`;
  }
  if (isMetric) return `${decimals(markMm / 1000, 2)} m`;
  const tenths = Math.round((markMm / INCH_MM) * 10);
  const feet = Math.floor(tenths / 120);
  const inches = decimals((tenths - feet * 120) / 10, 1);
  return feet > 0 ? `${feet} ft ${inches} in` : `${inches} in`;
}

/**
 * A leaderboard's distance: whole (or half) yards as yards, since timing systems here
 * measure in yards (a stored yard distance is the rounded millimetres); anything else in
 * metres, with up to two decimals.
 * @example boardDistanceLabel(9144) // '10 yd'
 * @example boardDistanceLabel(20000) // '20 m'
 * @example boardDistanceLabel(2286) // '2.5 yd'
 */
export function boardDistanceLabel(mm: number): string {
  const halfYards = Math.round((mm / YARD_MM) * 2);
  if (halfYards > 0 && Math.round((halfYards / 2) * YARD_MM) === mm) return `${halfYards / 2} yd`;
  return `${Number((mm / 1000).toFixed(2))} m`;
}
