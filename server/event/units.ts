/** The labels of distances and marks are shared with the app: contract/units.ts. */
export { distanceLabel, INCH_MM, markLabel, YARD_MM } from '../../contract/units';
