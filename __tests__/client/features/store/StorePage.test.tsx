import { screen, waitFor, within } from '@testing-library/react';
import { AthleteSpots } from '../../../../src/app/shell/AccountSummary';
import StorePage from '../../../../src/features/store/StorePage';
import { json, renderWithProviders, stubApi, testUser } from '../../test-utils';

const order = (id: number, status: 'pending' | 'fulfilled', spots = 25) => ({
  id,
  packageId: `spots-${spots}`,
  spots,
  priceCents: 4900,
  currency: 'USD',
  provider: 'manual',
  status,
  createdAt: '2026-03-01T15:04:05Z',
  fulfilledAt: status === 'fulfilled' ? '2026-03-01T16:00:00Z' : null,
  refundedAt: null,
  cancelledAt: null,
  message:
    status === 'pending'
      ? 'Order received. An administrator will confirm it; the spots are added to your account then.'
      : `Confirmed: ${spots} athlete spots were added to your account.`,
});
type Order = ReturnType<typeof order>;

/** The server's side, as the API answers: spots move when an order is fulfilled. */
function fakeServer() {
  const state = { spots: 3, orders: [] as Order[] };
  const store = () => ({
    athleteSpots: state.spots,
    creditCents: 0,
    currency: 'USD',
    provider: 'manual',
    packages: [
      { id: 'spots-25', spots: 25, priceCents: 4900, currency: 'USD' },
      { id: 'spots-100', spots: 100, priceCents: 17900, currency: 'USD' },
    ],
  });
  const api = stubApi({
    'GET /api/user': () => json(testUser({ athleteSpots: state.spots })),
    'GET /api/store': () => json(store()),
    'GET /api/store/order': () =>
      json({ items: state.orders, totalCount: state.orders.length, pageNumber: 1, pageSize: 50 }),
    'POST /api/store/order': () => {
      state.orders = [order(1, 'pending'), ...state.orders];
      return json(state.orders[0], 201);
    },
    'GET /api/store/order/1': () => json(state.orders.find((o) => o.id === 1)),
  });
  const fulfil = () => {
    state.spots += 25;
    state.orders = state.orders.map((o) => (o.id === 1 ? order(1, 'fulfilled') : o));
  };
  return { api, fulfil };
}

describe('the Store page', () => {
  it('buys a package, says an administrator confirms it, and shows the new spots once fulfilled', async () => {
    const { api, fulfil } = fakeServer();
    const { user } = renderWithProviders(
      <>
        <AthleteSpots />
        <StorePage />
      </>,
      { route: '/home/store/credit' },
    );
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
    expect(screen.getByText('$49.00')).toBeInTheDocument();
    expect(screen.getByText(/athlete spots left/)).toHaveTextContent('3 athlete spots left');

    await user.click(screen.getByRole('button', { name: 'Buy 25 athlete spots' }));
    expect(await screen.findByText(/An administrator will confirm it/)).toBeInTheDocument();
    const [sent] = api.sent('POST /api/store/order');
    expect(JSON.parse(sent!.body)).toEqual({
      packageId: 'spots-25',
      idempotencyKey: expect.any(String),
    });
    expect(await screen.findByRole('row', { name: /pending/ })).toBeInTheDocument();

    // An operator fulfils it on the server; the page finds out and the top bar follows.
    fulfil();
    const usersBefore = api.sent('GET /api/user').length;
    await user.click(screen.getByRole('button', { name: 'Check for updates' }));
    expect(await screen.findByRole('row', { name: /fulfilled/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText(/athlete spots left/)).toHaveTextContent('28 athlete spots left'),
    );
    expect(api.sent('GET /api/user').length).toBeGreaterThan(usersBefore);

    await user.click(screen.getByRole('button', { name: 'Receipt for order 1' }));
    const receipt = await screen.findByRole('dialog', { name: 'Receipt for order 1' });
    expect(await within(receipt).findByText(/25 athlete spots were added/)).toBeInTheDocument();
    expect(within(receipt).getByText('Confirmed by an administrator')).toBeInTheDocument();
  });
});
