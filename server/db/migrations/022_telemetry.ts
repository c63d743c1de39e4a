import { sql, type Kysely } from 'kysely';

/**
 * Usage telemetry (docs/telemetry.md, decision 024):
 * - `telemetry_id`: the only identity the analytics service ever sees. Random, per
 *   account, and not the account id (which is in logo URLs and every row), so that the
 *   service's data cannot be joined to ours by anything it holds.
 * - `telemetry_opt_out`: the coach's "Share anonymous usage data" switch, kept here so
 *   that it follows the coach to every browser.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column telemetry_id uuid not null default gen_random_uuid(),
      add column telemetry_opt_out boolean not null default false
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users drop column telemetry_id, drop column telemetry_opt_out
  `.execute(db);
}
