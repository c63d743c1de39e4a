import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedInTransaction, type SeedSummary } from './seed';

export const DEMO_EMAIL = 'demo@splitline.local';
/** Fixed on purpose: the demo account is for trying the product on one's own machine. */
export const DEMO_PASSWORD = 'splitline-demo';

export interface DemoOptions {
  /** The server's logger (pino's `app.log` fits). */
  log: { info(message: string): void };
  /** Default 400 athletes on 6 rosters with 30,000 results (a few seconds). */
  athletes?: number;
  results?: number;
  until?: Date;
  /** The account's time zone (config DEMO_TIME_ZONE); its sessions happen in its daytime. */
  timeZone?: string;
}

/**
 * Creates the demo account on the first start with DEMO_DATA on: 400 athletes on 6
 * rosters, 30,000 results over three years ending today. Does nothing when the demo
 * account exists (also when another server process is creating it at the same moment:
 * an advisory lock serialises them). Returns what it created, or null.
 * @example if (config.demoData) await ensureDemoAccount(app.db, { log: app.log });
 */
export async function ensureDemoAccount(
  db: Kysely<Database>,
  options: DemoOptions,
): Promise<SeedSummary | null> {
  const summary = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('splitline:demo-account'))`.execute(trx);
    const existing = await trx
      .selectFrom('identity_credentials')
      .select('id')
      .where(sql<string>`lower(email)`, '=', DEMO_EMAIL)
      .executeTakeFirst();
    if (existing) return null;
    return seedInTransaction(trx, {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      athletes: options.athletes ?? 400,
      results: options.results ?? 30_000,
      rosters: 6,
      seed: 2024,
      until: options.until,
      timeZone: options.timeZone,
    });
  });
  if (summary) {
    // One line: how to sign in follows in the start's "Splitline is running" (start.ts).
    options.log.info(
      `Demo account created: ${summary.athletes} athletes, ${summary.rosters} rosters, ` +
        `${summary.results} results, ${summary.profiles} athlete profiles in ${summary.seconds} s.`,
    );
  }
  return summary;
}

/**
 * How to sign in to the demo account, one fact a line so that it reads at a glance in a
 * terminal (the start prints it under "Splitline is running" when the log is for a
 * person; a JSON log gets it on the one line, start.ts).
 */
export function demoSignInHint(publicUrl: string): string {
  return [
    `  Sign in at  ${publicUrl}`,
    `  e-mail      ${DEMO_EMAIL}`,
    `  password    ${DEMO_PASSWORD}`,
    '  (a fixed, public password for trying Splitline on this machine: set DEMO_DATA=false on a server others can reach)',
  ].join('\n');
}
