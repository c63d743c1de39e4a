import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PaymentProvider } from '../../contract/store';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { Payments } from './payments';
import { stripePayments } from './stripe';

/**
 * Where the provider is chosen (payments.ts says what one does): Stripe when its secrets
 * are configured (server/config.ts), else the manual provider.
 */

/** Which provider the configuration selects (GET /api/store says it to the app). */
export function providerName(config: Config): PaymentProvider {
  return config.stripe ? 'stripe' : 'manual';
}

const manual: Payments = { name: 'manual', start: async (order) => order };

/** The provider in use, made once per server. */
export async function paymentProvider(
  config: Config,
  db: Kysely<Database>,
  log: FastifyBaseLogger,
): Promise<Payments> {
  return config.stripe ? stripePayments(config, config.stripe, db, log) : manual;
}
