/** A board's distance label is shared with the app: contract/units.ts. */
export { boardDistanceLabel as distanceLabel } from '../../contract/units';
