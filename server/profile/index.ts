/**
 * What other server domains may use of profiles (eslint holds the line): the builder that
 * result writes call in their transaction, the whole-account rebuild (the seed), the
 * publication of a reference version, and what the reports read (rows, scoring, tiers), the
 * tables a profile write changes (for the embedded database's maintenance).
 */
export { buildProfiles, rebuildAccountProfiles, type ProfilePair } from './builder';
export {
  COLUMN_OF,
  hasIndex,
  INDEX_MEASUREMENTS,
  PROFILE_COLUMNS,
  PROFILE_OWN_COLUMNS,
  pointsOf,
  toProfileBody,
  type ProfileOwnRow,
  type ProfileRow,
} from './columns';
export { PROFILE_TABLES, sharedProfileMaintenance, vacuumProfileTables } from './maintenance';
export { profileListRoute } from './list-route';
export {
  publishReferenceVersion,
  ReferenceVersionError,
  type ReferenceVersionInput,
} from './publish';
export {
  findReferenceVersion,
  referenceRows,
  toReferenceRowBody,
  toReferenceVersionBody,
  type ReferenceVersion,
} from './references';
export {
  indexTests,
  jumpPowerW,
  points,
  referenceFor,
  score,
  testValue,
  type Measurements,
  type Reference,
  type Scored,
} from './scoring';
