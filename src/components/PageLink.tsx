import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AppPath } from '../lib/paths';
import { Permitted } from './Permitted';

/**
 * A link to a page of the app, or its text alone for a member who may not open the page
 * (its `access`, lib/paths.ts): no link that ends at "You don't have access".
 *
 * @example
 * Results arrive from timing devices (<PageLink page={paths.home.integrations}>Integrations</PageLink>).
 */
export function PageLink({ page, children }: { page: AppPath; children: ReactNode }) {
  const link = <Link to={page.path}>{children}</Link>;
  if (!page.access) return link;
  const { call, action } = page.access;
  return (
    <Permitted call={call} action={action} denied="hide" fallback={children}>
      {link}
    </Permitted>
  );
}
