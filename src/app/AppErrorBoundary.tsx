import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ServerErrorScreen } from '../components/ServerErrorScreen';
import { homePath } from '../lib/paths';
import { captureError } from '../lib/telemetry';

interface State {
  failed: boolean;
}

/**
 * Last line of defence around the providers and the router: errors inside routes meet
 * the router's error element first; this catches the rest. Go Home reloads the page,
 * because the state that broke may live above the router.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Uncaught rendering error', error, info.componentStack);
    captureError(error, { boundary: 'app' }); // nothing when telemetry is off
  }

  override render() {
    if (this.state.failed)
      return <ServerErrorScreen onGoHome={() => window.location.assign(homePath)} />;
    return this.props.children;
  }
}
