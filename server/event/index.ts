/** What other server domains may use of results (eslint holds the line). */
export { isImplausible, STANDING_START_FLOORS_MS } from './plausibility';
export { isTimeZone, nextDay, startOfDay } from './days';
