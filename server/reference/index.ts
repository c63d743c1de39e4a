/** What other server domains may use of the reference data: sports and positions (eslint holds the line). */
export { referenceData, type ReferenceData } from './repository';
