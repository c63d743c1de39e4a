import { act, screen, waitFor } from '@testing-library/react';
import posthog from 'posthog-js';
import { AppErrorBoundary } from '../../../src/app/AppErrorBoundary';
import { setConfig } from '../../../src/lib/config';
import { paths } from '../../../src/lib/paths';
import { resetTelemetryForTests, startTelemetry } from '../../../src/lib/telemetry';
import { allowConsoleErrors, json, renderRoute, stubApi, testUser } from '../test-utils';
import { render } from '@testing-library/react';

// posthog-js is a third-party SDK: mocked at the import boundary.
jest.mock('posthog-js', () => ({
  __esModule: true,
  default: {
    init: jest.fn(),
    identify: jest.fn(),
    get_distinct_id: jest.fn(() => 'anonymous'),
    capture: jest.fn(),
    captureException: jest.fn(),
    has_opted_out_capturing: jest.fn(() => false),
    opt_in_capturing: jest.fn(),
    opt_out_capturing: jest.fn(),
    stopSessionRecording: jest.fn(),
    reset: jest.fn(),
  },
}));
jest.mock('posthog-js/dist/posthog-recorder', () => ({}));
const sdk = jest.mocked(posthog);

function Broken(): never {
  throw new Error('Broken on purpose');
}
jest.mock('../../../src/features/store/StorePage', () => ({ __esModule: true, default: Broken }));

const telemetry = { posthogKey: 'phc_test0123456789', posthogHost: 'https://ph.example' };

beforeEach(() => {
  allowConsoleErrors(); // React reports a caught rendering error on console.error
  jest.clearAllMocks();
  resetTelemetryForTests();
  setConfig({
    apiBase: '/api',
    auth: { domain: 'http://localhost', clientId: 'test-client', audience: 'http://localhost/api' },
    telemetry,
  });
});

describe('front-end errors in usage telemetry', () => {
  it('sends what the route error screen catches, once the user is known', async () => {
    stubApi({ 'GET /api/user': () => json(testUser()) });
    renderRoute(paths.home.store.path);
    expect(await screen.findByRole('button', { name: 'Go Home' })).toBeInTheDocument();
    await waitFor(() =>
      expect(sdk.captureException).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Broken on purpose' }),
        { boundary: 'route' },
      ),
    );
  });

  it('sends nothing for a user who opted out', async () => {
    stubApi({ 'GET /api/user': () => json(testUser({ telemetryOptOut: true })) });
    renderRoute(paths.home.store.path);
    expect(await screen.findByRole('button', { name: 'Go Home' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(sdk.init).not.toHaveBeenCalled();
    expect(sdk.captureException).not.toHaveBeenCalled();
  });

  it('sends what the last-resort boundary catches', async () => {
    await startTelemetry(telemetry, testUser());
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    await waitFor(() =>
      expect(sdk.captureException).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Broken on purpose' }),
        { boundary: 'app' },
      ),
    );
  });
});
