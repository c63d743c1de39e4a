import type { ReactElement } from 'react';
import { StyleProvider } from '@ant-design/cssinjs';
import { act, render, waitFor, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { AppProviders } from '../../src/app/AppProviders';
import { routes as appRoutes } from '../../src/app/router';
import { makeStore, type AppStore, type RootState } from '../../src/app/store';
import { currentUserApi } from '../../src/lib/api/currentUserApi';
import { fakeAuth, type FakeAuth } from './fakes/fakeAuth';

export { allowConsoleErrors } from './console-guard';
export { fakeAuth, type FakeAuth } from './fakes/fakeAuth';
export { json, empty, stubApi } from './api-stub';
export { testUser } from './fakes/user';

interface ProviderOptions extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: Partial<RootState>;
  /** Where the router starts; `/` unless told. */
  route?: string;
  /** The identity provider behind the SDK; a signed-in coach unless told. */
  auth?: FakeAuth;
  store?: AppStore;
}

/**
 * A fresh store whose auth saga talks to a fake SDK client (signed in unless told).
 *
 * @example
 * const store = makeTestStore({ auth: fakeAuth({ signedIn: false }) });
 */
export function makeTestStore({
  preloadedState,
  auth = fakeAuth(),
}: Pick<ProviderOptions, 'preloadedState' | 'auth'> = {}): AppStore {
  return makeStore(preloadedState, { auth: auth.deps });
}

/*
 * Both renderers keep antd's generated styles out of jsdom (`StyleProvider mock="server"`):
 * jsdom matches every one of antd's CSS rules on each getComputedStyle, which role
 * queries call for every ancestor, and that was most of a test's time. Visibility that
 * antd sets by class alone is therefore not seen: assert on content and roles.
 */

/**
 * Renders a component inside a fresh store (signed in through a fake SDK unless `auth`
 * says otherwise), the app's theme and a memory data router (`router` in the result).
 *
 * @example
 * const { user, store } = renderWithProviders(<SideMenu />, { route: '/home/athlete' });
 * await user.click(screen.getByRole('link', { name: 'Store' }));
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    preloadedState,
    route = '/',
    auth,
    store = makeTestStore({ preloadedState, auth }),
    ...options
  }: ProviderOptions = {},
) {
  const user = userEvent.setup();
  // A data router, as the app has: hooks such as useBlocker need one.
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  const view = render(
    <StyleProvider mock="server">
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StyleProvider>,
    options,
  );
  return { store, user, router, ...view };
}

/**
 * Renders the app's real route table (or the given one) at `route`, with a fresh store.
 * `router.state.location` tells where navigation led.
 *
 * @example
 * const { router } = renderRoute('/home');
 * await screen.findByRole('heading', { name: 'Leaderboard' });
 * expect(router.state.location.pathname).toBe('/home/leaderboard');
 */
export function renderRoute(
  route: string,
  {
    preloadedState,
    auth,
    store = makeTestStore({ preloadedState, auth }),
    routes = appRoutes,
  }: ProviderOptions & { routes?: RouteObject[] } = {},
) {
  const user = userEvent.setup();
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const view = render(
    <StyleProvider mock="server">
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StyleProvider>,
  );
  return { store, user, router, ...view };
}

/**
 * Waits until `GET /api/user` has answered (or failed): until then a page's writing
 * controls are disabled (lib/permissions.ts). The app's shell waits for it before drawing
 * a page; a page rendered alone does not.
 *
 * @example
 * const { store } = renderWithProviders(<AthletesPage />);
 * await accountSettled(store);
 */
export async function accountSettled(store: AppStore): Promise<void> {
  const select = currentUserApi.endpoints.getUser.select();
  await waitFor(() => expect(['fulfilled', 'rejected']).toContain(select(store.getState()).status));
  // RTK Query's answers reach the components batched (autoBatchEnhancer, on the next
  // frame); an action of no batch tells them at once.
  act(() => {
    store.dispatch({ type: 'test/accountSettled' });
  });
}
