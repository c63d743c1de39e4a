/** What other server domains may use of the activity log: writing an entry (eslint holds the line). */
export { actorOf, recordActivity, type ActivityEntry, type Actor } from './record';
