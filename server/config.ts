import path from 'node:path';
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import {
  TelemetryEnvironment,
  telemetryConfig,
  telemetryGroups,
  type TelemetryConfig,
} from './app-config/config';
import { BackupEnvironment, backupConfig, type BackupConfig } from './backup/config';
import { EventEnvironment, eventConfig, type EventConfig } from './event/config';
import {
  IDENTITY_SECRETS,
  IdentityEnvironment,
  identityConfig,
  identityGroups,
  type IdentityConfig,
} from './identity/config';
import { MetricsEnvironment, metricsConfig, type MetricsConfig } from './metrics/config';
import { projectRoot } from './paths';
import { SeedEnvironment, seedConfig, seedProblems, type SeedConfig } from './seed/config';
import {
  STORE_SECRETS,
  StoreEnvironment,
  storeConfig,
  storeGroups,
  storeProblems,
  type StoreConfig,
} from './store/config';
import {
  WEBHOOK_SECRETS,
  WebhookEnvironment,
  webhookConfig,
  type WebhookConfig,
} from './webhook/config';

/**
 * The server's configuration: environment variables, checked once at start so that a
 * typo stops the server with a message naming the variable instead of failing later.
 * Each variable's `description` is what the error message says it expects. The server's
 * own variables (listening, data, logs) are here; each domain owns its settings in
 * server/<domain>/config.ts (its variables, their checks and what they become), and this
 * module composes them into one environment, checked at once.
 */
const LogLevel = Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
  default: 'info',
  description: 'one of fatal, error, warn, info, debug, trace, silent',
});

const Environment = Type.Object({
  // The server's own.
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
  // The domains' variables, in this order (the order of the error lines).
  ...SeedEnvironment.properties,
  ...StoreEnvironment.properties,
  ...EventEnvironment.properties,
  ...WebhookEnvironment.properties,
  ...IdentityEnvironment.properties,
  ...TelemetryEnvironment.properties,
  ...MetricsEnvironment.properties,
  ...BackupEnvironment.properties,
});
type Environment = Static<typeof Environment>;

/** The server's own settings; the domains' are composed into `Config`. */
export interface ServerConfig {
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

export type Config = ServerConfig &
  SeedConfig &
  StoreConfig &
  EventConfig &
  WebhookConfig &
  IdentityConfig &
  TelemetryConfig &
  MetricsConfig &
  BackupConfig;

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
  lines.push(...storeProblems(raw, value, !bad.has('STORE_PACKAGES')));
  lines.push(...seedProblems(value));
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
    appDir: path.join(projectRoot, 'dist', 'app'),
    production: env.NODE_ENV === 'production',
    development: env.NODE_ENV === 'development',
    trustProxy: parseTrustProxy(checked.TRUST_PROXY),
    ...seedConfig(checked),
    ...storeConfig(checked),
    ...eventConfig(checked),
    ...webhookConfig(checked),
    ...identityConfig(checked),
    ...telemetryConfig(checked),
    ...metricsConfig(checked),
    ...backupConfig(checked),
  };
}

/** Variables whose values never go into a message (start failures end up in logs). */
const SECRET_VARIABLES: ReadonlySet<string> = new Set([
  ...IDENTITY_SECRETS,
  ...STORE_SECRETS,
  ...WEBHOOK_SECRETS,
]);

function shown(name: string, value: unknown): string {
  return SECRET_VARIABLES.has(name) ? '(hidden)' : JSON.stringify(value);
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

/** Variables that only work together (each domain says which of its own do). */
const groups = [...identityGroups, ...storeGroups, ...telemetryGroups];

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
