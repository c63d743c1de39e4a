import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import { setConfig } from '../../src/lib/config';
import { setTokenGetter, setUnauthorizedHandler, setWorkspaceId } from '../../src/lib/api';
import { stubApi } from './api-stub';
import { startConsoleGuard, stopConsoleGuard } from './console-guard';
import { matchMedia, setScreenWidth } from './screen';

// The first visit to a lazy page compiles its chunk (ts-jest, cold cache), while the
// server suite's embedded databases work on the other core: findBy* waits up to 15 s
// instead of 1 s before calling a page missing (5 s was passed twice in a clean clone).
configure({ asyncUtilTimeout: 15000 });

// antd's responsive pieces (Sider breakpoint, Grid, table columns) ask matchMedia; jsdom
// has none: a desktop screen of 1280 px unless a test sets another (screen.ts).
Object.defineProperty(window, 'matchMedia', { writable: true, value: matchMedia });

// antd measures with ResizeObserver (Menu overflow, Typography ellipsis).
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });

// jsdom reports "Not implemented" for pseudo-element styles through console.error; antd asks for them.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

beforeEach(() => {
  setScreenWidth(1280);
  startConsoleGuard();
  setConfig({
    apiBase: '/api',
    auth: { domain: 'http://localhost', clientId: 'test-client', audience: 'http://localhost/api' },
  });
  setTokenGetter(null);
  setUnauthorizedHandler(null);
  // The workspace a tab is pinned to (sessionStorage and the module): each test starts unpinned.
  setWorkspaceId(null);
  localStorage.clear();
  // No test reaches the network: every call answers 404 unless the test stubs it.
  stubApi({});
});

afterEach(() => {
  // Unmount before the guard checks, so errors raised while unmounting count too.
  cleanup();
  if (jest.isMockFunction(globalThis.fetch)) jest.mocked(globalThis.fetch).mockRestore();
  stopConsoleGuard();
});
