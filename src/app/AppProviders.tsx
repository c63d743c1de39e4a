import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import type { AppStore } from './store';
import { ThemeProvider } from './theme';

/**
 * Everything a screen needs above the router: the store and the theme. The app and
 * `renderWithProviders` both use it, so tests render with the real theme.
 *
 * @example
 * <AppProviders store={makeStore()}><RouterProvider router={router} /></AppProviders>
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <ThemeProvider>{children}</ThemeProvider>
    </ReduxProvider>
  );
}
