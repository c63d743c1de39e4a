/**
 * What other server domains may use of the Store (eslint holds the line): the spots
 * figure and its reservation under the account lock (athletes), a new account's opening
 * allowance (user), and spot grants (seed).
 */
export {
  athleteSpots,
  balance,
  grantSpots,
  openAccount,
  reserveAthleteSpots,
  topUpSpots,
} from './ledger';
export { runStoreCommand, STORE_USAGE, StoreUsageError, type CommandResult } from './operator';
