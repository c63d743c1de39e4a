import posthog from 'posthog-js';
import {
  captureError,
  resetTelemetry,
  resetTelemetryForTests,
  startTelemetry,
  stopTelemetry,
  TELEMETRY_EVENTS,
  track,
  trackPageView,
} from '../../../../src/lib/telemetry';
import { scrub, withoutQuery } from '../../../../src/lib/telemetry/posthog';

// posthog-js is a third-party SDK: mocked at the import boundary, so that these tests see
// exactly what the app asks of it. The recorder is a side-effect import of the chunk.
jest.mock('posthog-js', () => {
  let optedOut = false;
  let distinctId = 'anonymous-1';
  return {
    __esModule: true,
    default: {
      init: jest.fn(),
      identify: jest.fn((id: string) => (distinctId = id)),
      get_distinct_id: jest.fn(() => distinctId),
      capture: jest.fn(),
      captureException: jest.fn(),
      has_opted_out_capturing: jest.fn(() => optedOut),
      opt_in_capturing: jest.fn(() => (optedOut = false)),
      opt_out_capturing: jest.fn(() => (optedOut = true)),
      stopSessionRecording: jest.fn(),
      reset: jest.fn(() => (distinctId = 'anonymous-2')),
    },
  };
});
jest.mock('posthog-js/dist/posthog-recorder', () => ({}));

const sdk = jest.mocked(posthog);
const settings = { posthogKey: 'phc_test0123456789', posthogHost: 'https://eu.i.posthog.com' };
const user = { telemetryId: '5b0e6f3a-0000-4000-8000-00000000aaaa', telemetryOptOut: false };

/** The real loader (the dynamic import of the SDK's chunk), counted. */
let loads = 0;
beforeEach(() => {
  // The mock keeps the SDK's state (id, opt-out) across tests: back to a fresh browser.
  sdk.reset();
  sdk.opt_in_capturing();
  jest.clearAllMocks();
  loads = 0;
  resetTelemetryForTests(() => {
    loads += 1;
    return import('../../../../src/lib/telemetry/posthog');
  });
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('usage telemetry', () => {
  it('loads nothing and sends nothing when the deployment has not configured it', async () => {
    await startTelemetry(undefined, user);
    track(TELEMETRY_EVENTS.athleteCreated);
    trackPageView('/home/athlete');
    captureError(new Error('boom'));
    await settle();
    expect(loads).toBe(0);
    expect(sdk.init).not.toHaveBeenCalled();
    expect(sdk.capture).not.toHaveBeenCalled();
  });

  it('loads nothing when the user opted out', async () => {
    await startTelemetry(settings, { ...user, telemetryOptOut: true });
    track(TELEMETRY_EVENTS.athleteCreated);
    await settle();
    expect(loads).toBe(0);
    expect(sdk.init).not.toHaveBeenCalled();
  });

  it('sends nothing before it is started (no user known yet)', async () => {
    track(TELEMETRY_EVENTS.athleteCreated);
    await settle();
    expect(loads).toBe(0);
  });

  it('keeps an error from before the user was known, and sends it only if telemetry starts', async () => {
    const early = new Error('crashed while loading');
    captureError(early, { boundary: 'route' });
    await settle();
    expect(loads).toBe(0);
    await startTelemetry(settings, user);
    await settle();
    expect(sdk.captureException).toHaveBeenCalledWith(early, { boundary: 'route' });

    resetTelemetryForTests(() => import('../../../../src/lib/telemetry/posthog'));
    jest.clearAllMocks();
    captureError(new Error('before an opted-out user'));
    await startTelemetry(settings, { ...user, telemetryOptOut: true });
    await settle();
    expect(sdk.captureException).not.toHaveBeenCalled();
  });

  it('identifies the user by the opaque id only, once', async () => {
    await startTelemetry(settings, user);
    await startTelemetry(settings, user);
    expect(loads).toBe(1);
    expect(sdk.init).toHaveBeenCalledTimes(1);
    expect(sdk.init).toHaveBeenCalledWith('phc_test0123456789', expect.any(Object));
    expect(sdk.identify).toHaveBeenCalledTimes(1);
    expect(sdk.identify).toHaveBeenCalledWith(user.telemetryId);
    // No person properties: nothing but the id goes with identify.
    expect(jest.mocked(sdk.identify).mock.calls[0]).toHaveLength(1);
  });

  it('sends feature use, page views (path only) and errors while on', async () => {
    await startTelemetry(settings, user);
    track(TELEMETRY_EVENTS.resultsEntered, { count: 12 });
    trackPageView('/home/athlete');
    const error = new Error('boom');
    captureError(error, { boundary: 'route' });
    await settle();
    expect(sdk.capture).toHaveBeenCalledWith('results entered manually', { count: 12 });
    expect(sdk.capture).toHaveBeenCalledWith('$pageview', {
      $current_url: 'http://localhost/home/athlete',
    });
    expect(sdk.captureException).toHaveBeenCalledWith(error, { boundary: 'route' });
  });

  it('captures errors nobody caught, from the window', async () => {
    await startTelemetry(settings, user);
    const error = new Error('uncaught');
    window.dispatchEvent(new ErrorEvent('error', { error, message: 'uncaught' }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = 'rejected';
    window.dispatchEvent(rejection);
    await settle();
    expect(sdk.captureException).toHaveBeenCalledWith(error, undefined);
    expect(sdk.captureException).toHaveBeenCalledWith('rejected', undefined);
  });

  it('stops at once when switched off, and starts again when switched on', async () => {
    await startTelemetry(settings, user);
    stopTelemetry();
    track(TELEMETRY_EVENTS.athleteCreated);
    await settle();
    expect(sdk.opt_out_capturing).toHaveBeenCalledTimes(1);
    expect(sdk.stopSessionRecording).toHaveBeenCalledTimes(1);
    expect(sdk.capture).not.toHaveBeenCalled();

    await startTelemetry(settings, user);
    expect(sdk.opt_in_capturing).toHaveBeenCalledTimes(1);
    expect(loads).toBe(1); // the same SDK, not loaded again
    track(TELEMETRY_EVENTS.athleteCreated);
    await settle();
    expect(sdk.capture).toHaveBeenCalledWith('athlete created', undefined);
  });

  it('forgets the user at sign-out', async () => {
    await startTelemetry(settings, user);
    resetTelemetry();
    await settle();
    expect(sdk.reset).toHaveBeenCalledTimes(1);
    trackPageView('/login');
    await settle();
    expect(sdk.capture).not.toHaveBeenCalled();
  });

  it('stays silent when the SDK cannot load (an ad blocker)', async () => {
    resetTelemetryForTests(() => Promise.reject(new Error('blocked')));
    await startTelemetry(settings, user);
    track(TELEMETRY_EVENTS.athleteCreated);
    await settle();
    expect(sdk.capture).not.toHaveBeenCalled();
  });
});

describe('what posthog-js is told', () => {
  it('masks every input and all text in recordings, and autocaptures nothing', async () => {
    await startTelemetry(settings, user);
    const options = jest.mocked(sdk.init).mock.calls[0]![1]!;
    expect(options).toMatchObject({
      api_host: 'https://eu.i.posthog.com',
      autocapture: false,
      capture_pageview: false,
      respect_dnt: true,
      person_profiles: 'identified_only',
      mask_all_text: true,
      mask_all_element_attributes: true,
      disable_external_dependency_loading: true,
      session_recording: { maskAllInputs: true, maskTextSelector: '*' },
    });
    const maskAttribute = options.session_recording!.maskAttributeFn!;
    expect(maskAttribute('aria-label', 'Edit Ada Okafor')).not.toContain('Ada');
    expect(maskAttribute('title', 'Ada Okafor')).not.toContain('Ada');
    expect(maskAttribute('class', 'ant-table-cell')).toBe('ant-table-cell');
  });

  it('drops query strings and page titles from every event', () => {
    expect(withoutQuery('https://x.example/home/athlete?search=Ada#top')).toBe(
      'https://x.example/home/athlete',
    );
    const event = scrub({
      uuid: '1',
      event: '$pageview',
      properties: {
        $current_url: 'https://x.example/home/athlete?search=Ada',
        $referrer: 'https://x.example/home?q=Okafor',
        title: 'EAPI report: Ada Okafor',
        count: 3,
      },
    });
    expect(event!.properties).toEqual({
      $current_url: 'https://x.example/home/athlete',
      $referrer: 'https://x.example/home',
      count: 3,
    });
  });
});
