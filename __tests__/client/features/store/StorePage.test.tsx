import { act, screen, waitFor, within } from '@testing-library/react';
import { AthleteSpots } from '../../../../src/app/shell/AccountSummary';
import StorePage from '../../../../src/features/store/StorePage';
import { externalNavigation } from '../../../../src/lib/externalNavigation';
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
function fakeServer(answers: Parameters<typeof stubApi>[0] = {}) {
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
    ...answers,
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
    const confirm = await screen.findByRole('dialog', { name: 'Buy 25 athlete spots?' });
    await user.click(within(confirm).getByRole('button', { name: 'Place order' }));
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

  it('asks before ordering: the package, its price and what happens next', async () => {
    const { api } = fakeServer();
    const { user } = renderWithProviders(<StorePage />, { route: '/home/store/credit' });
    await screen.findByText('No orders yet.');

    await user.click(screen.getByRole('button', { name: 'Buy 100 athlete spots' }));
    const confirm = await screen.findByRole('dialog', { name: 'Buy 100 athlete spots?' });
    expect(within(confirm).getByRole('row', { name: /Package/ })).toHaveTextContent(
      '100 athlete spots',
    );
    expect(within(confirm).getByRole('row', { name: /Price/ })).toHaveTextContent(
      '$179.00 ($1.79 per athlete)',
    );
    expect(within(confirm).getByRole('row', { name: /What happens next/ })).toHaveTextContent(
      /administrator, who arranges the payment with you and then confirms it/,
    );
    expect(api.sent('POST /api/store/order')).toHaveLength(0);

    // Cancel orders nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('POST /api/store/order')).toHaveLength(0);
    expect(screen.getByText('No orders yet.')).toBeInTheDocument();
  });

  it('keeps the confirmation open when the order fails, to try again', async () => {
    fakeServer({
      'POST /api/store/order': () =>
        json({ message: 'The server is busy; try again in a moment.' }, 503),
    });
    const { user } = renderWithProviders(<StorePage />, { route: '/home/store/credit' });
    await screen.findByText('No orders yet.');
    await user.click(screen.getByRole('button', { name: 'Buy 25 athlete spots' }));
    const confirm = await screen.findByRole('dialog', { name: 'Buy 25 athlete spots?' });
    await user.click(within(confirm).getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(/server is busy/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Buy 25 athlete spots?' })).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Place order' })).toBeEnabled();
  });

  describe('with Stripe', () => {
    const CHECKOUT = 'https://checkout.stripe.test/c/pay/cs_test_7';
    // jsdom cannot leave the page: the app's one way out is watched instead.
    let go: jest.SpiedFunction<typeof externalNavigation.go>;
    beforeEach(() => {
      go = jest.spyOn(externalNavigation, 'go').mockImplementation(() => undefined);
    });
    afterEach(() => go.mockRestore());
    const stripeOrder = (status: 'pending' | 'fulfilled') => ({
      ...order(7, status),
      provider: 'stripe',
      checkoutUrl: status === 'pending' ? CHECKOUT : null,
      message:
        status === 'pending'
          ? 'Waiting for the payment at Stripe; the spots are added as soon as Stripe confirms it.'
          : 'Confirmed: 25 athlete spots were added to your account.',
    });

    function stripeServer() {
      const state = { spots: 3, current: stripeOrder('pending'), reads: 0, busy: 0 };
      const api = stubApi({
        'GET /api/user': () => json(testUser({ athleteSpots: state.spots })),
        'GET /api/store': () =>
          json({
            athleteSpots: state.spots,
            creditCents: 0,
            currency: 'USD',
            provider: 'stripe',
            packages: [{ id: 'spots-25', spots: 25, priceCents: 4900, currency: 'USD' }],
          }),
        'GET /api/store/order': () =>
          json({ items: [state.current], totalCount: 1, pageNumber: 1, pageSize: 1 }),
        'POST /api/store/order': () => json(state.current, 201),
        'GET /api/store/order/7': () => {
          state.reads += 1;
          if (state.busy > 0) {
            state.busy -= 1;
            return json({ message: 'The server is busy; try again in a moment.' }, 503);
          }
          return json(state.current);
        },
      });
      // Stripe's webhook arrives on the server: the order is paid and the spots counted.
      const fulfil = () => {
        state.spots += 25;
        state.current = stripeOrder('fulfilled');
      };
      return { api, state, fulfil };
    }

    it('sends the coach to Stripe’s checkout page once they confirm the order', async () => {
      const { api } = stripeServer();
      const { user } = renderWithProviders(<StorePage />, { route: '/home/store/credit' });
      expect(await screen.findByText(/You pay on Stripe's secure page/)).toBeInTheDocument();
      expect(screen.queryByText(/arranged with your administrator/)).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Buy 25 athlete spots' }));
      const confirm = await screen.findByRole('dialog', { name: 'Buy 25 athlete spots?' });
      expect(within(confirm).getByRole('row', { name: /Price/ })).toHaveTextContent('$49.00');
      expect(within(confirm).getByRole('row', { name: /What happens next/ })).toHaveTextContent(
        /You go on to Stripe Checkout/,
      );
      expect(api.sent('POST /api/store/order')).toHaveLength(0);
      expect(go).not.toHaveBeenCalled();
      await user.click(within(confirm).getByRole('button', { name: 'Continue to payment' }));
      await waitFor(() => expect(go).toHaveBeenCalledWith(CHECKOUT));
      expect(go).toHaveBeenCalledTimes(1);
      expect(api.sent('POST /api/store/order')).toHaveLength(1);
      expect(screen.queryByText(/administrator will confirm/)).not.toBeInTheDocument();
    });

    it('shows the order it comes back to and follows it until Stripe confirms it', async () => {
      const { state, fulfil } = stripeServer();
      renderWithProviders(
        <>
          <AthleteSpots />
          <StorePage />
        </>,
        { route: '/home/store/credit?order=7' },
      );
      const returned = await screen.findByRole('status');
      expect(returned).toHaveTextContent('Order 7: 25 athlete spots for $49.00');
      expect(returned).toHaveTextContent(/Waiting for the payment at Stripe/);
      expect(within(returned).getByRole('link', { name: 'Continue to payment' })).toHaveAttribute(
        'href',
        CHECKOUT,
      );
      expect(screen.getByText(/athlete spots left/)).toHaveTextContent('3 athlete spots left');

      // A look that finds the server busy keeps what was known, and the page looks again.
      state.busy = 1;
      await waitFor(() => expect(state.reads).toBeGreaterThanOrEqual(2), { timeout: 6000 });
      expect(screen.getByRole('status')).toHaveTextContent(/Waiting for the payment at Stripe/);
      expect(screen.queryByText(/server is busy/)).not.toBeInTheDocument();

      // The webhook lands; the page's next look (every few seconds) finds the order paid.
      fulfil();
      await waitFor(
        () => expect(screen.getByRole('status')).toHaveTextContent(/25 athlete spots were added/),
        { timeout: 6000 },
      );
      await waitFor(() =>
        expect(screen.getByText(/athlete spots left/)).toHaveTextContent('28 athlete spots left'),
      );
      expect(screen.queryByRole('link', { name: 'Continue to payment' })).not.toBeInTheDocument();
      expect(await screen.findByRole('row', { name: /fulfilled/ })).toBeInTheDocument();
      // Fulfilled: it stops looking.
      const reads = state.reads;
      await act(() => new Promise((resolve) => setTimeout(resolve, 3500)));
      expect(state.reads).toBe(reads);
      expect(go).not.toHaveBeenCalled();
    }, 30_000);
  });
});
