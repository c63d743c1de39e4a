import './generated/antd.css';
import './app/print.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setupListeners } from '@reduxjs/toolkit/query';
import { openTabChannel } from './lib/api';
import { loadConfig } from './lib/config';
import { yieldToWaiting } from './lib/yieldToMain';
import { AppErrorBoundary } from './app/AppErrorBoundary';
import { AppProviders } from './app/AppProviders';
import { ConfigErrorScreen } from './app/ConfigErrorScreen';
import { preloadPages } from './app/preload';
import { loadAuthSdk } from './features/auth/authClient';
import { routes } from './app/router';
import { makeStore, persistAppStore } from './app/store';
import { ThemeProvider } from './app/theme';
import { whenSessionKnown } from './app/whenSessionKnown';
import { registerServiceWorkerLater } from './features/offline/registerLater';

/** The longest the first render waits for the session check's answer (whenSessionKnown). */
const SESSION_WAIT_MS = 3000;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

/** Config first (it names the API and the identity provider), then store and router. */
async function start(): Promise<void> {
  // The modules' evaluation was this task; each step below is one of its own.
  await yieldToWaiting();
  preloadPages(routes, new URL(window.location.href));
  loadAuthSdk().catch(() => undefined); // the auth saga reports a failure
  await yieldToWaiting();
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
  await yieldToWaiting();
  const { restored } = persistAppStore(store);
  // The router's set-up (its routes ranked, the address matched) in a task of its own.
  await yieldToWaiting();
  const router = createBrowserRouter(routes);
  // The session check's steps before the first render, which then draws the page the
  // session calls for (the splash stays until then).
  await whenSessionKnown(store, SESSION_WAIT_MS);
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
