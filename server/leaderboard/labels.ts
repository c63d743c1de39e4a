/** 1 yd = 914.4 mm exactly; distances are stored as whole millimetres. */
const YARD_MM = 914.4;

/**
 * A board's distance for a person: whole (or half) yards as yards, since timing systems
 * here measure in yards (a stored yard distance is the rounded millimetres); anything
 * else in metres, with up to two decimals.
 * @example distanceLabel(9144) // '10 yd'
 * @example distanceLabel(20000) // '20 m'
 * @example distanceLabel(2286) // '2.5 yd'
 */
export function distanceLabel(mm: number): string {
  const halfYards = Math.round((mm / YARD_MM) * 2);
  if (halfYards > 0 && Math.round((halfYards / 2) * YARD_MM) === mm) return `${halfYards / 2} yd`;
  return `${Number((mm / 1000).toFixed(2))} m`;
}
