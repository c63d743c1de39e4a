import path from 'node:path';
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { isTimeZone } from './event/days';
import { projectRoot } from './paths';

/**
 * The server's configuration: environment variables, checked once at start so that a
 * typo stops the server with a message naming the variable instead of failing later.
 * Each variable's `description` is what the error message says it expects.
 */
const LogLevel = Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
  default: 'info',
  description: 'one of fatal, error, warn, info, debug, trace, silent',
});

/** A 32-byte key: 44 characters of base64 (with its padding) or 64 hex digits. */
const KEY_PATTERN = '([A-Za-z0-9+/]{43}=|[0-9a-fA-F]{64})';

const Environment = Type.Object({
  PORT: Type.Integer({
    minimum: 0,
    maximum: 65535,
    default: 3000,
    description: 'a port number from 0 to 65535',
  }),
  // 'localhost' answers on 127.0.0.1 and ::1 only: reachable by the person running it,
  // not by the network. Containers and hosts behind a proxy set HOST=0.0.0.0.
  HOST: Type.String({
    minLength: 1,
    default: 'localhost',
    description: 'a host name or IP address',
  }),
  // Unset: the client address is the TCP peer; behind a reverse proxy that is the proxy,
  // and every user would share one sign-in throttle.
  TRUST_PROXY: Type.Optional(
    Type.String({
      pattern: '^(true|false|\\d+|[\\w:./]+(,\\s*[\\w:./]+)*)$',
      description:
        'true, false, a number of proxy hops, or proxy addresses such as 127.0.0.1,10.0.0.0/8 (also loopback, uniquelocal)',
    }),
  ),
  PUBLIC_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^\\s/]+(/[^\\s]*)?$',
      description: 'an http(s) URL such as https://splitline.example.com',
    }),
  ),
  DATA_DIR: Type.String({ minLength: 1, default: './data', description: 'a directory path' }),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      description: 'a postgres:// connection URL (unset: embedded database)',
    }),
  ),
  LOG_LEVEL: LogLevel,
  // Unset: readable lines on a terminal, JSON lines into a file or pipe (server/logger.ts).
  LOG_FORMAT: Type.Optional(
    Type.Enum(['pretty', 'json'], {
      description: 'pretty (lines for a person) or json (one object a line)',
    }),
  ),
  DEMO_DATA: Type.Boolean({
    default: true,
    description: 'true or false (also 1/0, on/off, yes/no)',
  }),
  // The demo account's time zone: its sessions are stamped in that zone's daytime.
  DEMO_TIME_ZONE: Type.String({
    default: 'America/Chicago',
    description: 'an IANA time zone, such as America/Chicago or Europe/Berlin',
  }),
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
  RESULT_COUNT_CAP: Type.Integer({
    minimum: 1,
    default: 10000,
    description: 'a whole number, 1 or more',
  }),
  // Webhook targets on loopback, private or link-local addresses (docs/webhooks.md): off,
  // so that a coach's URL cannot reach the server's own network; tests and a closed
  // network where the receivers sit next to the server turn it on.
  WEBHOOK_ALLOW_PRIVATE_TARGETS: Type.Boolean({
    default: false,
    description: 'true or false (also 1/0, on/off, yes/no)',
  }),
  WEBHOOK_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 60000,
    default: 10000,
    description: 'milliseconds from 100 to 60000',
  }),
  // The key that encrypts webhook signing secrets at rest (server/webhook/secret-keys.ts);
  // unset: a key made in DATA_DIR. Older keys after a rotation: only to open secrets.
  WEBHOOK_SECRET_KEY: Type.Optional(
    Type.String({
      pattern: `^${KEY_PATTERN}$`,
      description:
        '32 bytes in base64 (44 characters) or hex (64), such as `openssl rand -base64 32`',
    }),
  ),
  WEBHOOK_SECRET_KEY_PREVIOUS: Type.Optional(
    Type.String({
      pattern: `^\\s*${KEY_PATTERN}\\s*(,\\s*${KEY_PATTERN}\\s*)*$`,
      description: 'keys as WEBHOOK_SECRET_KEY takes them, separated by commas',
    }),
  ),
  SMTP_URL: Type.Optional(
    Type.String({
      pattern: '^smtps?://',
      description: 'an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587',
    }),
  ),
  MAIL_FROM: Type.String({
    minLength: 3,
    default: 'Splitline <no-reply@splitline.local>',
    description: 'a sender such as Splitline <no-reply@example.com>',
  }),
  AUTH0_DOMAIN: Type.Optional(
    Type.String({
      pattern: '^(https?://)?[a-zA-Z0-9.-]+(:\\d+)?/?$',
      description: 'an Auth0 tenant domain such as splitline.eu.auth0.com',
    }),
  ),
  AUTH0_CLIENT_ID: Type.Optional(Type.String({ description: "the app's Auth0 client id" })),
  AUTH0_AUDIENCE: Type.Optional(
    Type.String({ description: 'the Auth0 API identifier, such as https://api.splitline.app' }),
  ),
  AUTH0_MANAGEMENT_CLIENT_ID: Type.Optional(
    Type.String({ description: 'a Management API client id' }),
  ),
  AUTH0_MANAGEMENT_CLIENT_SECRET: Type.Optional(
    Type.String({ description: 'a Management API client secret' }),
  ),
  // Usage telemetry in the browser (docs/telemetry.md): off unless both are set.
  POSTHOG_KEY: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9_-]{8,200}$',
      description: "a PostHog project API key such as phc_... (the project's public key)",
    }),
  ),
  POSTHOG_HOST: Type.Optional(
    Type.String({
      pattern: '^https?://[^\\s/]+(/[^\\s]*)?$',
      description:
        'the PostHog ingestion URL, such as https://eu.i.posthog.com (or your reverse proxy)',
    }),
  ),
  // Prometheus metrics at /metrics (docs/operations.md): off unless one of them is set.
  METRICS_TOKEN: Type.Optional(
    Type.String({
      minLength: 16,
      pattern: '^[\\x21-\\x7e]+$',
      description: 'a bearer token of at least 16 printable characters, no spaces',
    }),
  ),
  METRICS_ENABLED: Type.Optional(
    Type.Boolean({ description: 'true or false (also 1/0, on/off, yes/no)' }),
  ),
  AUTH0_CONNECTION: Type.String({
    minLength: 1,
    default: 'Username-Password-Authentication',
    description: "the name of Auth0's database connection",
  }),
});
type Environment = Static<typeof Environment>;

export interface Config {
  port: number;
  host: string;
  /** Where users reach the server, without a trailing slash. */
  publicUrl: string;
  dataDir: string;
  /** Unset: the embedded database (PGlite) in `dataDir`. */
  databaseUrl: string | undefined;
  logLevel: Environment['LOG_LEVEL'];
  /** LOG_FORMAT; unset: pretty on a terminal, JSON otherwise (logFormat in logger.ts). */
  logFormat: Environment['LOG_FORMAT'];
  demoData: boolean;
  /** users.time_zone of the demo account, whose sessions happen in its daytime. */
  demoTimeZone: string;
  defaultAthleteSpots: number;
  /** The Store's packages (STORE_PACKAGES), by spots ascending; ids are `spots-<n>`. */
  storePackages: StorePackage[];
  storeCurrency: string;
  /** Set (both secrets configured): the Store takes payments through Stripe Checkout. */
  stripe: StripeSettings | undefined;
  /**
   * Results tables count matching rows up to here and then say "N+" (totalCountCapped):
   * an exact count over a million rows costs 40-60 ms (docs/query-plans.md).
   */
  resultCountCap: number;
  /** Webhooks may target loopback, private and link-local addresses (off by default). */
  webhookAllowPrivateTargets: boolean;
  /** How long a webhook receiver may take to answer before the attempt counts as failed. */
  webhookTimeoutMs: number;
  /**
   * The key that seals webhook signing secrets (WEBHOOK_SECRET_KEY; unset: the key file
   * of DATA_DIR), and older ones that only open them (server/webhook/secret-keys.ts).
   */
  webhookSecretKey: string | undefined;
  webhookSecretKeysPrevious: string[];
  /** Unset: mail goes to `<dataDir>/outbox` and the log (server/identity/mailer.ts). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** All three set: sign-in happens at Auth0 and the embedded provider is off. */
  auth0Domain: string | undefined;
  auth0ClientId: string | undefined;
  auth0Audience: string | undefined;
  /** A Management API client, for resending the verification mail and password changes. */
  auth0ManagementClientId: string | undefined;
  auth0ManagementClientSecret: string | undefined;
  auth0Connection: string;
  /** Both set: the app sends usage telemetry to PostHog (docs/telemetry.md); else off. */
  posthog: { key: string; host: string } | undefined;
  /**
   * `/metrics` (Prometheus): undefined = off (404). With a token, a scrape must send it
   * as a bearer token; `{ token: undefined }` (METRICS_ENABLED alone) is open to anyone
   * who reaches the port, for private networks only.
   */
  metrics: { token: string | undefined } | undefined;
  /** The built app (webpack output) that the server serves. */
  appDir: string;
  production: boolean;
  /** NODE_ENV=development, set by `npm run dev` only: the dev server's origin is trusted. */
  development: boolean;
  /**
   * Fastify's `trustProxy`: which X-Forwarded-For hops to believe when finding the
   * client's address (false: none, the TCP peer is the client).
   */
  trustProxy: boolean | number | string;
}

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

/** Thrown when the environment is invalid; its message lists every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and checks the configuration.
 * @example loadConfig({ PORT: '0', DATA_DIR: '/tmp/x', DEMO_DATA: 'off' })
 * @throws ConfigError naming each bad variable, its value and what was expected
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw = pickVariables(env);
  // Default() and Convert() may change their argument: keep `raw` for the messages.
  const value = Value.Convert(
    Environment,
    Value.Default(Environment, structuredClone(raw)),
  ) as Record<string, unknown>;
  const bad = new Set(
    [...Value.Errors(Environment, value)].map((error) => error.instancePath.split('/')[1] ?? ''),
  );
  const lines = [...bad].map(
    (name) => `  ${name}=${shown(name, raw[name])}: expected ${describe(name)}`,
  );
  lines.push(...incompleteGroups(raw));
  if (raw.STRIPE_API_BASE !== undefined && raw.STRIPE_SECRET_KEY === undefined) {
    lines.push('  STRIPE_API_BASE is only used with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (!bad.has('STORE_PACKAGES')) lines.push(...storePackageProblems(value.STORE_PACKAGES));
  if (typeof value.DEMO_TIME_ZONE === 'string' && !isTimeZone(value.DEMO_TIME_ZONE))
    lines.push(
      `  DEMO_TIME_ZONE=${JSON.stringify(value.DEMO_TIME_ZONE)}: expected an IANA time zone, such as America/Chicago or Europe/Berlin`,
    );
  if (lines.length > 0) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  const checked = value as Environment;
  return {
    port: checked.PORT,
    host: checked.HOST,
    publicUrl: (checked.PUBLIC_URL ?? `http://localhost:${checked.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(checked.DATA_DIR),
    databaseUrl: checked.DATABASE_URL,
    logLevel: checked.LOG_LEVEL,
    logFormat: checked.LOG_FORMAT,
    demoData: checked.DEMO_DATA,
    demoTimeZone: checked.DEMO_TIME_ZONE,
    defaultAthleteSpots: checked.DEFAULT_ATHLETE_SPOTS,
    storePackages: parseStorePackages(checked.STORE_PACKAGES),
    storeCurrency: checked.STORE_CURRENCY,
    stripe: stripeSettings(checked),
    resultCountCap: checked.RESULT_COUNT_CAP,
    webhookAllowPrivateTargets: checked.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    webhookTimeoutMs: checked.WEBHOOK_TIMEOUT_MS,
    webhookSecretKey: checked.WEBHOOK_SECRET_KEY,
    webhookSecretKeysPrevious: (checked.WEBHOOK_SECRET_KEY_PREVIOUS ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter((key) => key.length > 0),
    smtpUrl: checked.SMTP_URL,
    mailFrom: checked.MAIL_FROM,
    auth0Domain: checked.AUTH0_DOMAIN,
    auth0ClientId: checked.AUTH0_CLIENT_ID,
    auth0Audience: checked.AUTH0_AUDIENCE,
    auth0ManagementClientId: checked.AUTH0_MANAGEMENT_CLIENT_ID,
    auth0ManagementClientSecret: checked.AUTH0_MANAGEMENT_CLIENT_SECRET,
    auth0Connection: checked.AUTH0_CONNECTION,
    posthog:
      checked.POSTHOG_KEY && checked.POSTHOG_HOST
        ? { key: checked.POSTHOG_KEY, host: checked.POSTHOG_HOST.replace(/\/+$/, '') }
        : undefined,
    metrics: metricsSetting(checked.METRICS_ENABLED, checked.METRICS_TOKEN),
    appDir: path.join(projectRoot, 'dist', 'app'),
    production: env.NODE_ENV === 'production',
    development: env.NODE_ENV === 'development',
    trustProxy: parseTrustProxy(checked.TRUST_PROXY),
  };
}

/** Variables whose values never go into a message (start failures end up in logs). */
const SECRET_VARIABLES: ReadonlySet<string> = new Set([
  'AUTH0_MANAGEMENT_CLIENT_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'WEBHOOK_SECRET_KEY',
  'WEBHOOK_SECRET_KEY_PREVIOUS',
]);

function shown(name: string, value: unknown): string {
  return SECRET_VARIABLES.has(name) ? '(hidden)' : JSON.stringify(value);
}

function stripeSettings(checked: Environment): StripeSettings | undefined {
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

/** METRICS_ENABLED wins when set; otherwise a token alone turns /metrics on. */
function metricsSetting(
  enabled: boolean | undefined,
  token: string | undefined,
): Config['metrics'] {
  return (enabled ?? token !== undefined) ? { token } : undefined;
}

/** `true`/`false`, a hop count, or the proxies' addresses (comma-separated), as Fastify takes them. */
function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .join(',');
}

/**
 * Variables that only work together: with some of AUTH0_DOMAIN, AUTH0_CLIENT_ID and
 * AUTH0_AUDIENCE the server would silently fall back to the embedded provider, and the
 * app would sign in somewhere the operator did not mean.
 */
const groups = [
  {
    names: ['AUTH0_DOMAIN', 'AUTH0_CLIENT_ID', 'AUTH0_AUDIENCE'],
    why: 'set all three (sign-in at Auth0) or none (the embedded identity provider)',
  },
  {
    names: ['AUTH0_MANAGEMENT_CLIENT_ID', 'AUTH0_MANAGEMENT_CLIENT_SECRET'],
    why: 'set both (the Auth0 Management API client) or neither',
  },
  // With only one, payments would either never be confirmed (no webhook secret) or the
  // webhook would be accepted for a Store that sells through the manual provider.
  {
    names: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
    why: 'set both (payments through Stripe) or neither (orders confirmed by an administrator)',
  },
  {
    names: ['POSTHOG_KEY', 'POSTHOG_HOST'],
    why: 'set both (usage telemetry to PostHog) or neither (no telemetry)',
  },
];

function incompleteGroups(raw: Record<string, unknown>): string[] {
  return groups.flatMap(({ names, why }) => {
    const missing = names.filter((name) => raw[name] === undefined);
    if (missing.length === 0 || missing.length === names.length) return [];
    return [`  ${names.join(', ')} go together: ${why}; missing ${missing.join(', ')}`];
  });
}

const booleanWords: Record<string, boolean> = {
  true: true,
  false: false,
  '1': true,
  '0': false,
  on: true,
  off: false,
  yes: true,
  no: false,
};

/** Our variables only; an empty value counts as unset (as docker-compose leaves them). */
function pickVariables(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const name of Object.keys(Environment.properties)) {
    const text = env[name]?.trim();
    if (text === undefined || text === '') continue;
    const schema = (Environment.properties as Record<string, TSchema & { type?: string }>)[name];
    raw[name] = schema?.type === 'boolean' ? (booleanWords[text.toLowerCase()] ?? text) : text;
  }
  return raw;
}

function describe(name: string): string {
  const schema = (Environment.properties as Record<string, { description?: string }>)[name];
  return schema?.description ?? 'a valid value';
}
