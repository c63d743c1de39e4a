import { useEffect } from 'react';
import { useNavigate, useRouteError } from 'react-router';
import { ServerErrorScreen } from '../../components/ServerErrorScreen';
import { homePath } from '../../lib/paths';
import { captureError } from '../../lib/telemetry';

/**
 * The router's error element: any uncaught rendering error below it shows the spec's
 * 500 screen. Navigating away clears the error, so Go Home recovers without a reload.
 * The error goes to usage telemetry when it is on.
 */
export function RouteErrorScreen() {
  const navigate = useNavigate();
  const error = useRouteError();
  useEffect(() => captureError(error, { boundary: 'route' }), [error]);
  return <ServerErrorScreen onGoHome={() => navigate(homePath)} />;
}
