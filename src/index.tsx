import './generated/antd.css';
import './app/print.css';
import './app/motion.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setupListeners } from '@reduxjs/toolkit/query';
import { openTabChannel } from './lib/api';
import { loadConfig } from './lib/config';
import { AppErrorBoundary } from './app/AppErrorBoundary';
import { AppProviders } from './app/AppProviders';
import { ConfigErrorScreen } from './app/ConfigErrorScreen';
import { preloadPages } from './app/preload';
import { loadAuthSdk } from './features/auth/authClient';
import { routes } from './app/router';
import { makeStore, persistAppStore } from './app/store';
import { ThemeProvider } from './app/theme';
import { registerServiceWorkerLater } from './features/offline/registerLater';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

/** Config first (it names the API and the identity provider), then store and router. */
async function start(): Promise<void> {
  preloadPages(routes, new URL(window.location.href));
  loadAuthSdk().catch(() => undefined); // the auth saga reports a failure
  try {
    await loadConfig();
  } catch (error) {
    root.render(
      <ThemeProvider>
        <ConfigErrorScreen error={error} onRetry={() => void start()} />
      </ThemeProvider>,
    );
    return;
  }

  const store = makeStore(undefined, { tabChannel: openTabChannel() });
  setupListeners(store.dispatch); // refetch on focus and reconnect
  const { restored } = persistAppStore(store);
  const router = createBrowserRouter(routes);
  // The saved filters back in the store before the first render (in place of
  // redux-persist's PersistGate: persistAppStore says why).
  await restored;

  // A transition: React renders the app in slices and lets the browser breathe between
  // them (the session check's answers, input) instead of one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppErrorBoundary>
          <AppProviders store={store}>
            <RouterProvider router={router} />
          </AppProviders>
        </AppErrorBoundary>
      </StrictMode>,
    ),
  );
  // Offline support (docs/offline.md), once the page has loaded and the browser is idle.
  registerServiceWorkerLater();
}

void start();
