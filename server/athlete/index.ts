/**
 * What other server domains may use of athletes (eslint holds the line): the name key
 * the tables sort and search by, and the calendar check of dates.
 */
export { nameKey, namePrefixPattern } from './name-key';
export { isRealDate } from './validate';
