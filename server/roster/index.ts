/** What other server domains may use of rosters (eslint holds the line). */
export { byName, findRoster, unknownAthletes, unknownRosters } from './repository';
