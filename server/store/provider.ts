import type { PaymentProvider } from '../../contract/store';
import type { Config } from '../config';

/**
 * The payment provider in use. Only the manual one exists yet (the embedded default: an
 * order stays pending until an operator fulfils it with `npm run store -- fulfil <id>`);
 * Stripe joins here when its keys are configured (issue 16, later).
 */
export function provider(_config: Config): PaymentProvider {
  return 'manual';
}
