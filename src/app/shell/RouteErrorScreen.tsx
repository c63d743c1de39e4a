import { useNavigate } from 'react-router';
import { ServerErrorScreen } from '../../components/ServerErrorScreen';
import { homePath } from '../../lib/paths';

/**
 * The router's error element: any uncaught rendering error below it shows the spec's
 * 500 screen. Navigating away clears the error, so Go Home recovers without a reload.
 */
export function RouteErrorScreen() {
  const navigate = useNavigate();
  return <ServerErrorScreen onGoHome={() => navigate(homePath)} />;
}
