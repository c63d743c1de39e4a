/**
 * Runtime configuration, read from `/config.json` so that one build serves every
 * deployment (the API base and the identity provider differ per environment).
 */
export interface RuntimeConfig {
  /** Prefix of every API call, e.g. `/api` or `https://api.example.com`. */
  apiBase: string;
  auth: { domain: string; clientId: string; audience: string };
  /** Present only when the deployment turned usage telemetry on (docs/telemetry.md). */
  telemetry?: { posthogKey: string; posthogHost: string };
}

function isTelemetry(value: unknown): boolean {
  if (value === undefined) return true;
  if (typeof value !== 'object' || value === null) return false;
  const { posthogKey, posthogHost } = value as Record<string, unknown>;
  return typeof posthogKey === 'string' && typeof posthogHost === 'string';
}

let current: RuntimeConfig | undefined;
let pending: Promise<RuntimeConfig> | undefined;

function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  if (typeof value !== 'object' || value === null) return false;
  const { apiBase, auth, telemetry } = value as Partial<RuntimeConfig>;
  return (
    typeof apiBase === 'string' &&
    isTelemetry(telemetry) &&
    typeof auth === 'object' &&
    auth !== null &&
    ['domain', 'clientId', 'audience'].every(
      (key) => typeof (auth as unknown as Record<string, unknown>)[key] === 'string',
    )
  );
}

async function fetchConfig(url: string): Promise<RuntimeConfig> {
  // The browser's default cache mode, so that the server's preload of it (contract/
  // app-preload.ts) is used; the server sends it `no-cache`, so a new deployment's is read
  // at the next load all the same.
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isRuntimeConfig(body))
    throw new Error(`${url} does not hold { apiBase, auth: { domain, clientId, audience } }`);
  return body;
}

/**
 * Loads the runtime config once; later calls share the same request. A failed load is
 * forgotten, so that a retry fetches again.
 *
 * @example
 * const config = await loadConfig();
 * console.log(config.apiBase); // '/api'
 */
export function loadConfig(url = '/config.json'): Promise<RuntimeConfig> {
  if (current) return Promise.resolve(current);
  pending ??= fetchConfig(url).then(
    (config) => (current = config),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/**
 * The loaded runtime config. Throws when called before `loadConfig()` settled, which
 * would be a bootstrap bug: `src/index.tsx` renders nothing that calls the API before.
 *
 * @example
 * const url = `${getConfig().apiBase}/user`;
 */
export function getConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime config is not loaded yet; call loadConfig() first.');
  return current;
}

/** Replaces the runtime config; for tests and for embedding the app elsewhere. */
export function setConfig(config: RuntimeConfig | undefined): void {
  current = config;
  pending = undefined;
}
