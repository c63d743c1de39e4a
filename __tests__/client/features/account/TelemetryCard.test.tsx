import { act, screen, waitFor } from '@testing-library/react';
import posthog from 'posthog-js';
import { setConfig } from '../../../../src/lib/config';
import { resetTelemetryForTests } from '../../../../src/lib/telemetry';
import { json, renderRoute, stubApi, testUser } from '../../test-utils';

// posthog-js is a third-party SDK: mocked at the import boundary (see lib/telemetry tests).
jest.mock('posthog-js', () => {
  let optedOut = false;
  return {
    __esModule: true,
    default: {
      init: jest.fn(),
      identify: jest.fn(),
      get_distinct_id: jest.fn(() => 'anonymous'),
      capture: jest.fn(),
      captureException: jest.fn(),
      has_opted_out_capturing: jest.fn(() => optedOut),
      opt_in_capturing: jest.fn(() => (optedOut = false)),
      opt_out_capturing: jest.fn(() => (optedOut = true)),
      stopSessionRecording: jest.fn(),
      reset: jest.fn(),
    },
  };
});
jest.mock('posthog-js/dist/posthog-recorder', () => ({}));
const sdk = jest.mocked(posthog);

function configure(telemetry: boolean) {
  setConfig({
    apiBase: '/api',
    auth: { domain: 'http://localhost', clientId: 'test-client', audience: 'http://localhost/api' },
    ...(telemetry
      ? { telemetry: { posthogKey: 'phc_test0123456789', posthogHost: 'https://ph.example' } }
      : {}),
  });
}

async function openAccountPage() {
  const view = renderRoute('/home/account/info');
  const toggle = await screen.findByRole('switch', { name: 'Share anonymous usage data' });
  return { ...view, toggle };
}

beforeEach(() => {
  jest.clearAllMocks();
  resetTelemetryForTests();
});

describe('"Share anonymous usage data" on the account page', () => {
  it('switches telemetry off at once and stores the choice on the server', async () => {
    configure(true);
    let saved = testUser();
    const api = stubApi({
      'GET /api/user': () => json(saved),
      'PUT /api/user/telemetry': async (request) => {
        saved = { ...saved, telemetryOptOut: (await request.json()).optOut };
        return json(saved);
      },
    });
    const { user, toggle } = await openAccountPage();
    expect(toggle).toBeChecked();
    expect(
      screen.getByText(/never your e-mail, your name or your athletes’ data/),
    ).toBeInTheDocument();
    // On and configured: the SDK is running, identified by the opaque id.
    await waitFor(() => expect(sdk.identify).toHaveBeenCalledWith(saved.telemetryId));
    // The route's page view: the path, nothing else.
    expect(sdk.capture).toHaveBeenCalledWith('$pageview', {
      $current_url: 'http://localhost/home/account/info',
    });

    await user.click(toggle);
    expect(sdk.opt_out_capturing).toHaveBeenCalled(); // no reload, no wait for the server
    await waitFor(() => expect(api.sent('PUT /api/user/telemetry')).toHaveLength(1));
    expect(JSON.parse(api.sent('PUT /api/user/telemetry')[0]!.body)).toEqual({ optOut: true });
    await waitFor(() => expect(toggle).not.toBeChecked());

    // Back on: the same SDK starts sending again.
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(JSON.parse(api.sent('PUT /api/user/telemetry')[1]!.body)).toEqual({ optOut: false });
    await waitFor(() => expect(sdk.opt_in_capturing).toHaveBeenCalled());
    expect(sdk.init).toHaveBeenCalledTimes(1);
  });

  it('goes back and says so when the server refuses', async () => {
    configure(true);
    stubApi({
      'GET /api/user': () => json(testUser()),
      'PUT /api/user/telemetry': () => json({ message: 'Internal server error' }, 500),
    });
    const { user, toggle } = await openAccountPage();
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('never loads the SDK for a user who opted out in another browser', async () => {
    configure(true);
    stubApi({ 'GET /api/user': () => json(testUser({ telemetryOptOut: true })) });
    const { toggle } = await openAccountPage();
    expect(toggle).not.toBeChecked();
    // A while for a wrong start to show, in act: the page may still update meanwhile.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(sdk.init).not.toHaveBeenCalled();
  });

  it('says that this server sends nothing when telemetry is not configured', async () => {
    configure(false);
    stubApi({ 'GET /api/user': () => json(testUser()) });
    await openAccountPage();
    expect(screen.getByText(/This server sends no usage data at present/)).toBeInTheDocument();
    // A while for a wrong start to show, in act: the page may still update meanwhile.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(sdk.init).not.toHaveBeenCalled();
  });
});
