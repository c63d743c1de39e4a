import posthog, { type CaptureResult, type PostHogConfig } from 'posthog-js';
// Session replay bundled into this chunk, so that posthog-js never loads a script from
// elsewhere (the CSP allows our own scripts only; disable_external_dependency_loading).
import 'posthog-js/dist/posthog-recorder';
import type { TelemetryProperties } from './events';

/**
 * The only module that imports posthog-js. It is loaded with a dynamic import() into a
 * chunk of its own (`telemetry`), and only when telemetry is configured and the user
 * has not opted out: the first load never carries it.
 */
export interface TelemetryClient {
  identify(telemetryId: string): void;
  capture(event: string, properties?: TelemetryProperties): void;
  pageView(path: string): void;
  captureException(error: unknown, properties?: TelemetryProperties): void;
  optIn(): void;
  optOut(): void;
  reset(): void;
}

/** Attributes whose values are words a person could read (an athlete's name among them). */
const TEXT_ATTRIBUTES = new Set(['aria-label', 'title', 'alt', 'placeholder', 'aria-valuetext']);

const mask = (text: string) => '*'.repeat(Math.min(text.length, 12));

/** A URL without its query and hash: filters and searches may hold names. */
export function withoutQuery(url: unknown): unknown {
  if (typeof url !== 'string') return url;
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
}

const URL_PROPERTIES = ['$current_url', '$referrer', '$initial_current_url', '$initial_referrer'];
/** Page titles name the athlete on report pages. */
const DROPPED_PROPERTIES = ['title', '$title'];

/** Last look at every event before it leaves: no query strings, no page titles. */
export function scrub(event: CaptureResult | null): CaptureResult | null {
  if (!event) return event;
  const properties = { ...event.properties };
  for (const key of URL_PROPERTIES) {
    if (key in properties) properties[key] = withoutQuery(properties[key]);
  }
  for (const key of DROPPED_PROPERTIES) delete properties[key];
  return { ...event, properties };
}

/**
 * How posthog-js is set up (docs/telemetry.md, decision 024): our own events only (no
 * autocapture, no heatmaps or dead clicks, no surveys), every input masked in recordings
 * and all other text too (athlete names appear in tables, selects, headings, drawer
 * titles and labels: masking all text cannot miss one), Do Not Track respected, person
 * profiles only for the opaque id, nothing loaded from PostHog's servers but data.
 */
export function posthogOptions(host: string): Partial<PostHogConfig> {
  return {
    api_host: host,
    person_profiles: 'identified_only',
    persistence: 'localStorage',
    respect_dnt: true,
    autocapture: false,
    capture_pageview: false, // the router's changes, sent by the app (trackPageView)
    capture_pageleave: false,
    capture_heatmaps: false,
    capture_dead_clicks: false,
    capture_exceptions: false, // the app's own handlers (errors.ts), without extra scripts
    disable_surveys: true,
    disable_external_dependency_loading: true,
    mask_all_text: true,
    mask_all_element_attributes: true,
    mask_personal_data_properties: true,
    save_referrer: false,
    before_send: scrub,
    session_recording: {
      maskAllInputs: true,
      maskTextSelector: '*',
      maskAttributeFn: (name, value) => (TEXT_ATTRIBUTES.has(name) ? mask(value) : value),
      recordHeaders: false,
      recordBody: false,
    },
  };
}

/** Starts posthog-js (once per page) and answers the few calls the app makes. */
export function createClient(settings: {
  posthogKey: string;
  posthogHost: string;
}): TelemetryClient {
  posthog.init(settings.posthogKey, posthogOptions(settings.posthogHost));
  return {
    identify(telemetryId) {
      if (posthog.get_distinct_id() !== telemetryId) posthog.identify(telemetryId);
    },
    capture: (event, properties) => void posthog.capture(event, properties),
    pageView: (path) =>
      void posthog.capture('$pageview', { $current_url: `${window.location.origin}${path}` }),
    captureException: (error, properties) => void posthog.captureException(error, properties),
    optIn() {
      if (posthog.has_opted_out_capturing()) posthog.opt_in_capturing();
    },
    optOut() {
      posthog.opt_out_capturing();
      posthog.stopSessionRecording();
    },
    reset: () => posthog.reset(),
  };
}
