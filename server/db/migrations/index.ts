import type { Migration } from 'kysely/migration';
import * as schema from './001_schema';
import * as referenceData from './002_reference_data';
import * as verificationMail from './003_verification_mail';
import * as athletesByAccount from './004_athletes_by_account';

/** Numbered migrations, applied in key order at server start (Kysely's Migrator). */
export const migrations: Record<string, Migration> = {
  '001_schema': schema,
  '002_reference_data': referenceData,
  '003_verification_mail': verificationMail,
  '004_athletes_by_account': athletesByAccount,
};
