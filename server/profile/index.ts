/**
 * What other server domains may use of profiles (eslint holds the line): the builder that
 * result writes call in their transaction, the whole-account rebuild (the seed), the
 * publication of a reference version, and what the reports read.
 */
export { buildProfiles, rebuildAccountProfiles, type ProfilePair } from './builder';
