import { useDeferredValue, type ReactNode } from 'react';
import { Flex, Spin } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { selectAuthStatus } from '../../lib/session';

/** What the guard hands to /login: where the user wanted to go. */
export interface LoginLocationState {
  returnTo?: string;
}

/**
 * Pages under /home need a signed-in user (spec, section 2). While the session is being
 * looked for, a spinner; without one, /login, remembering the wanted page so that signing
 * in leads back to it.
 *
 * @example
 * { path: '/home', element: <RequireSignIn><AppShell /></RequireSignIn> }
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  // The session's arrival is a store update, which React renders at once and in one
  // piece (useSyncExternalStore), with the effects of what it reveals: the shell and the
  // requests it starts were one long task on a phone (docs/first-load.md, "The session's
  // arrival"). Deferred, this render keeps the spinner, and the next one reveals them in
  // slices, their effects in a task of their own.
  const status = useDeferredValue(useAppSelector(selectAuthStatus));
  const { pathname, search } = useLocation();
  if (status === 'unknown')
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <Spin size="large" aria-label="Checking your sign-in" />
      </Flex>
    );
  if (status === 'signedOut') {
    const state: LoginLocationState = { returnTo: pathname + search };
    return <Navigate to={paths.login.path} state={state} replace />;
  }
  return children;
}
