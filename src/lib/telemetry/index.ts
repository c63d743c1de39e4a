import type { TelemetryEvent, TelemetryProperties } from './events';
import type { TelemetryClient } from './posthog';

export { TELEMETRY_EVENTS, type TelemetryEvent, type TelemetryProperties } from './events';

/**
 * Usage telemetry (spec section 7, docs/telemetry.md): page views, feature use and
 * front-end errors to PostHog. Everything here is safe to call at any time: with
 * telemetry off (not configured, opted out, signed out) the calls do nothing and
 * posthog-js is never loaded; before the user is known they wait (a few at most).
 */
export interface TelemetrySettings {
  posthogKey: string;
  posthogHost: string;
}

export interface TelemetryUser {
  /** The opaque id from GET /api/user: never the e-mail, the name or the account id. */
  telemetryId: string;
  telemetryOptOut: boolean;
}

/** How the SDK's chunk is loaded; tests replace it to count loads. */
type Loader = () => Promise<{ createClient(settings: TelemetrySettings): TelemetryClient }>;
const loadPosthog: Loader = () => import(/* webpackChunkName: "telemetry" */ './posthog');

let loader: Loader = loadPosthog;
/** The SDK once asked for: loaded at most once per page, kept across opt-out and back. */
let client: Promise<TelemetryClient | undefined> | undefined;
/** Whether anything may be sent now; every call checks it again when the SDK is ready. */
let on = false;
/**
 * Until the user and their choice are known (the first start or stop), calls wait here,
 * at most MAX_WAITING: a page that crashes while it loads reports its error once
 * telemetry starts, and nothing is sent if it does not.
 */
let decided = false;
let waiting: ((client: TelemetryClient) => void)[] = [];
const MAX_WAITING = 20;
let listening = false;

/** Errors nobody caught: the window's own events, once per page. */
function listenForErrors(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('error', (event) => captureError(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => captureError(event.reason));
}

/**
 * Turns telemetry on for a signed-in user, or keeps it off: without settings (the
 * deployment has none) or when the user opted out, nothing is loaded and anything
 * running stops. Loading the SDK may fail (an ad blocker): telemetry then stays silent.
 * @example startTelemetry(getConfig().telemetry, user)
 */
export async function startTelemetry(
  settings: TelemetrySettings | undefined,
  user: TelemetryUser,
): Promise<void> {
  if (!settings || user.telemetryOptOut) {
    stopTelemetry();
    return;
  }
  on = true;
  decided = true;
  listenForErrors();
  client ??= loader().then(
    (module) => module.createClient(settings),
    () => undefined,
  );
  const ready = await client;
  if (!ready || !on) return;
  ready.optIn(); // the server's choice wins over one left in this browser
  ready.identify(user.telemetryId);
  const early = waiting;
  waiting = [];
  for (const call of early) call(ready);
}

/** Stops capture and recording at once (the user switched it off); no reload needed. */
export function stopTelemetry(): void {
  const wasOn = on;
  on = false;
  decided = true;
  waiting = [];
  if (wasOn && client) void client.then((ready) => ready?.optOut());
}

/** At sign-out: stop, and forget the id in this browser so the next user starts afresh. */
export function resetTelemetry(): void {
  stopTelemetry();
  decided = false; // the next user's choice is not known yet
  if (client) void client.then((ready) => ready?.reset());
}

/** Runs a call once the SDK is ready, if telemetry is still on by then. */
function send(call: (client: TelemetryClient) => void): void {
  if (!decided) {
    if (waiting.length < MAX_WAITING) waiting.push(call);
    return;
  }
  if (!on || !client) return;
  void client.then((ready) => {
    if (ready && on) call(ready);
  });
}

/**
 * Records that a feature was used: one of TELEMETRY_EVENTS, with counts or fixed words
 * only (never a name, an e-mail or text a coach typed).
 * @example track(TELEMETRY_EVENTS.athleteCreated)
 */
export function track(event: TelemetryEvent, properties?: TelemetryProperties): void {
  send((ready) => ready.capture(event, properties));
}

/** A page view: the path only (no query string, which may hold a search). */
export function trackPageView(path: string): void {
  send((ready) => ready.pageView(path));
}

/** A front-end error (the error boundaries, window 'error' and 'unhandledrejection'). */
export function captureError(error: unknown, properties?: TelemetryProperties): void {
  send((ready) => ready.captureException(error, properties));
}

/** Tests: another loader, and everything back to off. */
export function resetTelemetryForTests(load: Loader = loadPosthog): void {
  loader = load;
  client = undefined;
  on = false;
  decided = false;
  waiting = [];
}
