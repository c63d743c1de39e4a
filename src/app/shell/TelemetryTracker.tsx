import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useGetUserQuery } from '../../features/account/userApi';
import { getConfig } from '../../lib/config';
import { resetTelemetry, startTelemetry, trackPageView } from '../../lib/telemetry';

/**
 * Usage telemetry for the signed-in coach (docs/telemetry.md): starts it once the user
 * (opaque id, opt-out) is known and the deployment configured it, follows the user's
 * switch, sends a page view per route (the path only), and forgets the user when the
 * shell goes (sign-out). Renders nothing; with telemetry off it loads nothing either.
 *
 * @example
 * <TelemetryTracker /> // in the shell, under the signed-in guard
 */
export function TelemetryTracker() {
  const { data: user } = useGetUserQuery();
  const { pathname } = useLocation();
  const settings = getConfig().telemetry;
  const telemetryId = user?.telemetryId;
  const optOut = user?.telemetryOptOut;
  const sending = Boolean(settings && telemetryId && optOut === false);

  useEffect(() => {
    if (!telemetryId || optOut === undefined) return;
    void startTelemetry(settings, { telemetryId, telemetryOptOut: optOut });
  }, [settings, telemetryId, optOut]);

  useEffect(() => {
    if (sending) trackPageView(pathname);
  }, [sending, pathname]);

  useEffect(() => resetTelemetry, []);
  return null;
}
