import type { ComponentType } from 'react';
import { useMatches } from 'react-router';
import { useGetUserQuery } from '../features/account/userApi';
import { useListWebhooksQuery } from '../features/integration/webhookApi';

/** A route's `handle`: what its page asks for, to ask it early (AccountRequest). */
export interface RouteHandle {
  /** Renders nothing; subscribes to the page's queries with the page's arguments. */
  requests?: ComponentType;
}

/**
 * Asks for what the dashboard draws first as soon as the session is found, beside the
 * shell's chunk rather than after it: the account (the shell draws its header from it
 * and waits for it, AppShell), the webhooks (the shell's banner about disabled ones),
 * and the queries of the page at this address (its route's `handle.requests`).
 * Rendered next to the shell inside the sign-in guard (src/app/router.tsx).
 */
export function AccountRequest() {
  const matches = useMatches();
  return (
    <>
      {/* First: sibling effects run in order, and the account is what the shell waits for. */}
      <ShellRequests />
      {matches.map(({ id, handle }) => {
        const Requests = (handle as RouteHandle | undefined)?.requests;
        return Requests ? <Requests key={id} /> : null;
      })}
    </>
  );
}

function ShellRequests() {
  useGetUserQuery();
  useListWebhooksQuery();
  return null;
}
