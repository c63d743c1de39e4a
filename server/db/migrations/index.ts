import type { Migration } from 'kysely/migration';
import * as schema from './001_schema';
import * as referenceData from './002_reference_data';
import * as verificationMail from './003_verification_mail';
import * as resultsIngest from './005_results_ingest';
import * as leaderboard from './007_leaderboard';

/** Numbered migrations, applied in key order at server start (Kysely's Migrator). */
export const migrations: Record<string, Migration> = {
  '001_schema': schema,
  '002_reference_data': referenceData,
  '003_verification_mail': verificationMail,
  // 004 is the athletes issue's (another branch); the Migrator applies by name order.
  '005_results_ingest': resultsIngest,
  // 006 is the results-list issue's (another branch).
  '007_leaderboard': leaderboard,
};
