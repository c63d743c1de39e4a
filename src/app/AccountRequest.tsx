import { useEffect } from 'react';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useMatches } from 'react-router';
import { useGetUserQuery } from '../features/account/userApi';
import { useListWebhooksQuery } from '../features/integration/webhookApi';
import { useAppDispatch, type AppRootState } from '../lib/hooks';
import { useMayCall } from '../lib/permissions';

/** A route's `handle`: what its page asks for, to ask it early (AccountRequest). */
export interface RouteHandle {
  /** Starts the page's queries through the API slice (RTK Query's `util.prefetch`). */
  prefetch?: ThunkAction<void, AppRootState, unknown, UnknownAction>;
}

/**
 * Asks for what the dashboard draws first as soon as the session is found, beside the
 * shell's chunk rather than after it: the account (the shell draws its header from it
 * and waits for it, AppShell), the webhooks (the shell's banner about disabled ones; an
 * owner's alone, so once the account says the role), then the prefetch of the routes at
 * this address (`handle.prefetch`). Rendered next to the shell inside the sign-in guard
 * (src/app/router.tsx).
 */
export function AccountRequest() {
  const dispatch = useAppDispatch();
  const matches = useMatches();
  // After ShellRequests' own effects (a child's run first): the account goes first.
  useEffect(() => {
    for (const { handle } of matches) {
      const prefetch = (handle as RouteHandle | undefined)?.prefetch;
      if (prefetch) dispatch(prefetch);
    }
  }, [dispatch, matches]);
  return <ShellRequests />;
}

function ShellRequests() {
  useGetUserQuery();
  const webhooks = useMayCall('GET', '/api/integration/webhook');
  useListWebhooksQuery(undefined, { skip: !webhooks.allowed });
  return null;
}
