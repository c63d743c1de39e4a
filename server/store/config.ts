import { Type, type Static } from 'typebox';
import type { VariableGroup } from '../plugins/env';

/** The Store: the spots a new account gets, the packages sold, and Stripe. */
export const StoreEnvironment = Type.Object({
  DEFAULT_ATHLETE_SPOTS: Type.Integer({
    minimum: 0,
    default: 50,
    description: 'a whole number, 0 or more',
  }),
  // Packages of the Store: spots=price pairs, the price in the currency's main unit.
  STORE_PACKAGES: Type.String({
    pattern: '^\\s*\\d+\\s*=\\s*\\d+(\\.\\d{1,2})?\\s*(,\\s*\\d+\\s*=\\s*\\d+(\\.\\d{1,2})?\\s*)*$',
    default: '25=49.00,100=179.00,500=799.00',
    description:
      'spots=price pairs separated by commas, such as 25=49.00,100=179.00 (whole spots from 1, each count once, a price with at most 2 decimals)',
  }),
  STORE_CURRENCY: Type.String({
    pattern: '^[A-Z]{3}$',
    default: 'USD',
    description: 'an ISO 4217 currency code in capitals, such as USD or EUR',
  }),
  // Stripe payments of the Store: both secrets set, or neither (the manual provider).
  STRIPE_SECRET_KEY: Type.Optional(
    Type.String({
      pattern: '^(sk|rk)_(test|live)_\\S+$',
      description: 'a Stripe secret key such as sk_live_... (or a restricted key rk_live_...)',
    }),
  ),
  STRIPE_WEBHOOK_SECRET: Type.Optional(
    Type.String({
      pattern: '^whsec_\\S+$',
      description: "the webhook endpoint's signing secret from Stripe's dashboard, whsec_...",
    }),
  ),
  // Another host for Stripe's API (tests, a proxy, stripe-mock); unset: api.stripe.com.
  STRIPE_API_BASE: Type.Optional(
    Type.String({
      pattern: '^https?://[^\\s/:]+(:\\d{1,5})?/?$',
      description: 'an http(s) origin such as http://127.0.0.1:12111 (no path)',
    }),
  ),
});
type StoreEnvironment = Static<typeof StoreEnvironment>;

/** Never shown in a message (start failures end up in logs). */
export const STORE_SECRETS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

// With only one, payments would either never be confirmed (no webhook secret) or the
// webhook would be accepted for a Store that sells through the manual provider.
export const storeGroups: VariableGroup[] = [
  {
    names: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
    why: 'set both (payments through Stripe) or neither (orders confirmed by an administrator)',
  },
];

/** A package of the Store: `spots` athlete spots for `priceCents`. */
export interface StorePackage {
  id: string;
  spots: number;
  priceCents: number;
}

/** Stripe's secrets and, for tests and proxies, where its API answers. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Unset: the package's default (https://api.stripe.com). */
  api: { protocol: 'http' | 'https'; host: string; port: number } | undefined;
}

export interface StoreConfig {
  defaultAthleteSpots: number;
  /** The Store's packages (STORE_PACKAGES), by spots ascending; ids are `spots-<n>`. */
  storePackages: StorePackage[];
  storeCurrency: string;
  /** Set (both secrets configured): the Store takes payments through Stripe Checkout. */
  stripe: StripeSettings | undefined;
}

export function storeConfig(checked: StoreEnvironment): StoreConfig {
  return {
    defaultAthleteSpots: checked.DEFAULT_ATHLETE_SPOTS,
    storePackages: parseStorePackages(checked.STORE_PACKAGES),
    storeCurrency: checked.STORE_CURRENCY,
    stripe: stripeSettings(checked),
  };
}

/**
 * What the schema cannot say: STRIPE_API_BASE alone, and STORE_PACKAGES' spots and
 * prices (when the pattern matched: `packagesMatched`).
 */
export function storeProblems(
  raw: Record<string, unknown>,
  value: Record<string, unknown>,
  packagesMatched: boolean,
): string[] {
  const lines: string[] = [];
  if (raw.STRIPE_API_BASE !== undefined && raw.STRIPE_SECRET_KEY === undefined) {
    lines.push('  STRIPE_API_BASE is only used with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (packagesMatched) lines.push(...storePackageProblems(value.STORE_PACKAGES));
  return lines;
}

function stripeSettings(checked: StoreEnvironment): StripeSettings | undefined {
  if (!checked.STRIPE_SECRET_KEY || !checked.STRIPE_WEBHOOK_SECRET) return undefined;
  let api: StripeSettings['api'];
  if (checked.STRIPE_API_BASE) {
    const url = new URL(checked.STRIPE_API_BASE);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    const port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
    api = { protocol, host: url.hostname, port };
  }
  return {
    secretKey: checked.STRIPE_SECRET_KEY,
    webhookSecret: checked.STRIPE_WEBHOOK_SECRET,
    api,
  };
}

/**
 * STORE_PACKAGES (already matched by its pattern) as packages, by spots ascending.
 * @example parseStorePackages('100=179, 25=49.5') // [{ id: 'spots-25', spots: 25, priceCents: 4950 }, ...]
 */
export function parseStorePackages(text: string): StorePackage[] {
  return text
    .split(',')
    .map((pair) => {
      const [spots = '', price = ''] = pair.split('=').map((part) => part.trim());
      const [whole = '0', fraction = ''] = price.split('.');
      const priceCents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
      return { id: `spots-${Number(spots)}`, spots: Number(spots), priceCents };
    })
    .sort((a, b) => a.spots - b.spots);
}

/** What the pattern cannot say about STORE_PACKAGES: spots from 1, each count once, sane sizes. */
function storePackageProblems(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  const packages = parseStorePackages(text);
  const problems: string[] = [];
  if (packages.some((p) => p.spots < 1 || p.spots > 100000)) {
    problems.push('each package has 1 to 100000 spots');
  }
  if (packages.some((p) => !Number.isSafeInteger(p.priceCents) || p.priceCents > 100_000_000)) {
    problems.push('each price is at most 1000000');
  }
  if (new Set(packages.map((p) => p.spots)).size !== packages.length) {
    problems.push('each spot count appears once');
  }
  if (packages.length > 10) problems.push('at most 10 packages');
  return problems.length === 0
    ? []
    : [`  STORE_PACKAGES=${JSON.stringify(text)}: expected ${problems.join('; ')}`];
}
