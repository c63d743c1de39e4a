import type { Migration } from 'kysely/migration';
import * as schema from './001_schema';
import * as referenceData from './002_reference_data';
import * as verificationMail from './003_verification_mail';
import * as athletesByAccount from './004_athletes_by_account';
import * as resultsIngest from './005_results_ingest';
import * as resultsForeignKeys from './006_results_foreign_keys';
import * as resultsRead from './007_results_read';
import * as leaderboard from './008_leaderboard';
import * as boardBests from './009_board_bests';
import * as lighterIngest from './010_lighter_ingest';
import * as bestsSince from './011_bests_since';
import * as laneBests from './012_lane_bests';
import * as resultReferenceChecks from './013_result_reference_checks';
import * as programIndexAthletes from './014_program_index_athletes';
import * as bestsSinceNames from './015_bests_since_names';
import * as performanceIndex from './016_performance_index';
import * as profileLists from './017_profile_lists';
import * as reportSummaries from './018_report_summaries';
import * as storeLedger from './019_store_ledger';
import * as webhooks from './020_webhooks';
import * as stripe from './021_stripe';
import * as telemetry from './022_telemetry';
import * as smallBatchIngest from './023_small_batch_ingest';
import * as boardBestsProbe from './024_board_bests_probe';
import * as webhookFairness from './025_webhook_fairness';
import * as webhookSecretPrefix from './026_webhook_secret_prefix';
import * as webhookNoticeSent from './027_webhook_notice_sent';
import * as workspaces from './028_workspaces';
import * as activityLog from './029_activity_log';
import * as seededOwners from './030_seeded_owners';
import * as resultsProgramId from './031_results_program_id';
import * as resultsAliasColumns from './032_results_alias_columns';
import * as resultsFlagged from './033_results_flagged';
import * as resultsAliasAthlete from './034_results_alias_athlete';
import * as resultsAthleteProgram from './035_results_athlete_program';
import * as resultsAliasAthleteInclude from './036_results_alias_athlete_include';
import * as bestsClosed from './037_bests_closed';
import * as bestsClosedAskable from './038_bests_closed_askable';

/** Numbered migrations, applied in key order at server start (Kysely's Migrator). */
export const migrations: Record<string, Migration> = {
  '001_schema': schema,
  '002_reference_data': referenceData,
  '003_verification_mail': verificationMail,
  '004_athletes_by_account': athletesByAccount,
  '005_results_ingest': resultsIngest,
  '006_results_foreign_keys': resultsForeignKeys,
  '007_results_read': resultsRead,
  '008_leaderboard': leaderboard,
  '009_board_bests': boardBests,
  '010_lighter_ingest': lighterIngest,
  '011_bests_since': bestsSince,
  '012_lane_bests': laneBests,
  '013_result_reference_checks': resultReferenceChecks,
  '014_program_index_athletes': programIndexAthletes,
  '015_bests_since_names': bestsSinceNames,
  '016_performance_index': performanceIndex,
  '017_profile_lists': profileLists,
  '018_report_summaries': reportSummaries,
  '019_store_ledger': storeLedger,
  '020_webhooks': webhooks,
  '021_stripe': stripe,
  '022_telemetry': telemetry,
  '023_small_batch_ingest': smallBatchIngest,
  '024_board_bests_probe': boardBestsProbe,
  '025_webhook_fairness': webhookFairness,
  '026_webhook_secret_prefix': webhookSecretPrefix,
  '027_webhook_notice_sent': webhookNoticeSent,
  '028_workspaces': workspaces,
  '029_activity_log': activityLog,
  '030_seeded_owners': seededOwners,
  '031_results_program_id': resultsProgramId,
  '032_results_alias_columns': resultsAliasColumns,
  '033_results_flagged': resultsFlagged,
  '034_results_alias_athlete': resultsAliasAthlete,
  '035_results_athlete_program': resultsAthleteProgram,
  '036_results_alias_athlete_include': resultsAliasAthleteInclude,
  '037_bests_closed': bestsClosed,
  '038_bests_closed_askable': bestsClosedAskable,
};
