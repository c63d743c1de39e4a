import { screen, waitFor, within } from '@testing-library/react';
import IntegrationsPage from '../../../../src/features/integration/IntegrationsPage';
import { empty, json, renderWithProviders, stubApi } from '../../test-utils';

const key = (id: number, name: string, revokedAt: string | null = null) => ({
  id,
  name,
  prefix: 'sl_live_Ab3',
  createdAt: '2026-03-01T15:04:05Z',
  lastUsedAt: null as string | null,
  revokedAt,
});
const list = (items: ReturnType<typeof key>[]) =>
  json({ items, totalCount: items.length, pageNumber: 1, pageSize: 50 });
/** The page's other card (webhooks.test.tsx tests it): no subscriptions. */
const noWebhooks = () => json({ items: [], totalCount: 0, pageNumber: 1, pageSize: 10 });

describe('the Integrations page', () => {
  it('makes a key and shows it once, then only its prefix', async () => {
    let keys: ReturnType<typeof key>[] = [];
    const api = stubApi({
      'GET /api/integration/webhook': noWebhooks,
      'GET /api/integration/api-key': () => list(keys),
      'POST /api/integration/api-key': () => {
        keys = [key(1, 'Lane 1 gates')];
        return json({ ...keys[0], key: 'sl_live_Ab3secretsecretsecret' }, 201);
      },
    });
    const { user } = renderWithProviders(<IntegrationsPage />, { route: '/home/integration' });
    expect(await screen.findByText(/No keys yet/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), '  Lane 1 gates ');
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'API key for Lane 1 gates' });
    expect(within(dialog).getByText('sl_live_Ab3secretsecretsecret')).toBeInTheDocument();
    expect(within(dialog).getByText(/shown only once/)).toBeInTheDocument();
    expect(JSON.parse(api.sent('POST /api/integration/api-key')[0]!.body)).toEqual({
      name: 'Lane 1 gates',
    });
    await user.click(within(dialog).getByRole('button', { name: 'I have stored the key' }));
    await waitFor(() => expect(screen.queryByText('sl_live_Ab3secretsecretsecret')).toBeNull());
    expect(await screen.findByRole('row', { name: /Lane 1 gates/ })).toHaveTextContent('Active');
  });

  it('shows the server’s message at the name', async () => {
    stubApi({
      'GET /api/integration/webhook': noWebhooks,
      'GET /api/integration/api-key': () => list([]),
      'POST /api/integration/api-key': () =>
        json({ errors: { name: ['This account has 50 active keys: revoke one first.'] } }, 400),
    });
    const { user } = renderWithProviders(<IntegrationsPage />, { route: '/home/integration' });
    await user.type(await screen.findByLabelText('Name'), 'Gates');
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    expect(await screen.findByText(/revoke one first/)).toBeInTheDocument();
  });

  it('revokes a key after a confirmation', async () => {
    let keys = [key(1, 'Lane 1 gates')];
    const api = stubApi({
      'GET /api/integration/webhook': noWebhooks,
      'GET /api/integration/api-key': () => list(keys),
      'DELETE /api/integration/api-key/1': () => {
        keys = [key(1, 'Lane 1 gates', '2026-03-02T10:00:00Z')];
        return empty();
      },
    });
    const { user } = renderWithProviders(<IntegrationsPage />, { route: '/home/integration' });
    await user.click(await screen.findByRole('button', { name: 'Revoke Lane 1 gates' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(/^Revoked /)).toBeInTheDocument();
    expect(api.sent('DELETE /api/integration/api-key/1')).toHaveLength(1);
    // The key leaves the list when it is fetched again.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Revoke Lane 1 gates' })).toBeNull(),
    );
  });

  it('keeps each key’s last use, the curl example and the OpenAPI link beside the webhooks', async () => {
    stubApi({
      'GET /api/integration/webhook': noWebhooks,
      'GET /api/integration/api-key': () =>
        list([{ ...key(1, 'Lane 1 gates'), lastUsedAt: '2026-03-02T10:00:00Z' }]),
    });
    renderWithProviders(<IntegrationsPage />, { route: '/home/integration' });
    expect(await screen.findByRole('columnheader', { name: 'Last used' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Lane 1 gates/ })).toHaveTextContent('2026');
    expect(screen.getByText(/curl -X POST .*\/api\/event/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The API reference (OpenAPI)' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
    expect(await screen.findByText(/No webhooks yet/)).toBeInTheDocument();
  });
});
