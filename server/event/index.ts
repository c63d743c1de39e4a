/** What other server domains may use of results (eslint holds the line). */
export { isImplausible } from './plausibility';
export { isTimeZone, nextDay, startOfDay } from './days';
