import { act, screen, waitFor, within } from '@testing-library/react';
import moment from 'moment';
import IntegrationsPage from '../../../../src/features/integration/IntegrationsPage';
import { DELIVERY_POLL_MS } from '../../../../src/features/integration/webhookFormat';
import { json, renderWithProviders } from '../../test-utils';
import { setScreenWidth } from '../../screen';
import { RECEIVER, findDialog, testDelivery, testWebhook, webhookServer } from './webhookFixtures';

const openPage = () => renderWithProviders(<IntegrationsPage />, { route: '/home/integration' });
const webhookRow = () => screen.findByRole('row', { name: new RegExp(RECEIVER) });
const fieldOf = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;

describe('the webhooks of the Integrations page', () => {
  it('adds a subscription and shows its secret once', async () => {
    const { api } = webhookServer();
    const { user } = openPage();
    expect(await screen.findByText(/No webhooks yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const form = await findDialog('Add webhook');
    await user.type(within(form).getByLabelText('URL'), ` ${RECEIVER} `);
    await user.type(within(form).getByLabelText(/^Description/), 'Team sheet');
    // "Result added" is chosen for a new subscription; add one more.
    expect(
      within(form).getByRole('checkbox', { name: 'Result added (result.created)' }),
    ).toBeChecked();
    await user.click(
      within(form).getByRole('checkbox', { name: 'Athlete added (athlete.created)' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));

    const secret = await findDialog(`Signing secret for ${RECEIVER}`);
    expect(within(secret).getByText('whsec_MfKQ9r8GKYqXTwJg8qbZ0Q9Uxb7a3xPz')).toBeInTheDocument();
    expect(within(secret).getByText(/will not be shown again/)).toBeInTheDocument();
    expect(within(secret).getByRole('button', { name: /copy/i })).toBeInTheDocument();
    expect(JSON.parse(api.sent('POST /api/integration/webhook')[0]!.body)).toEqual({
      url: RECEIVER,
      description: 'Team sheet',
      events: ['result.created', 'athlete.created'],
    });

    await user.click(within(secret).getByRole('button', { name: 'I have stored the secret' }));
    await waitFor(() => expect(screen.queryByText(/whsec_MfKQ9r8/)).toBeNull());
    const row = await webhookRow();
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('Result added');
    expect(row).toHaveTextContent('Athlete added');
    expect(api.sent('POST /api/integration/webhook')).toHaveLength(1);
  });

  it('shows the server’s refusal at the URL field and keeps the form open', async () => {
    const refusal = 'The address 10.0.0.8 is private: a webhook may not target it.';
    const { api } = webhookServer([], {
      'POST /api/integration/webhook': () => json({ errors: { url: [refusal] } }, 400),
    });
    const { user } = openPage();
    // The button is disabled until the list has loaded; a click before that does nothing.
    expect(await screen.findByText(/No webhooks yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const form = await findDialog('Add webhook');
    const url = within(form).getByLabelText('URL');

    // The app checks the scheme itself first: nothing is sent.
    await user.type(url, 'ftp://10.0.0.8/hook');
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(
      await within(fieldOf(form, 'URL')).findByText('Use an http:// or https:// address'),
    ).toBeInTheDocument();
    expect(api.sent('POST /api/integration/webhook')).toHaveLength(0);

    // At least one event: unticking the only one is caught here too.
    const resultAdded = within(form).getByRole('checkbox', {
      name: 'Result added (result.created)',
    });
    await user.click(resultAdded);
    expect(
      await within(fieldOf(form, 'Events')).findByText('Choose at least one event'),
    ).toBeInTheDocument();
    expect(api.sent('POST /api/integration/webhook')).toHaveLength(0);
    await user.click(resultAdded);

    await user.clear(url);
    await user.type(url, 'http://10.0.0.8/hook');
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(fieldOf(form, 'URL')).findByText(refusal)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Signing secret/)).toBeNull();
    expect(api.sent('POST /api/integration/webhook')).toHaveLength(1);
  });

  it('pauses and resumes a subscription', async () => {
    const { api } = webhookServer([testWebhook()]);
    const { user } = openPage();
    expect(await webhookRow()).toHaveTextContent('Active');

    await user.click(screen.getByRole('button', { name: `Pause ${RECEIVER}` }));
    expect(await screen.findByText(`Paused ${RECEIVER}.`)).toBeInTheDocument();
    await waitFor(async () => expect(await webhookRow()).toHaveTextContent('Paused'));
    expect(api.sent('POST /api/integration/webhook/1/pause')).toHaveLength(1);

    await user.click(await screen.findByRole('button', { name: `Resume ${RECEIVER}` }));
    await waitFor(async () => expect(await webhookRow()).toHaveTextContent('Active'));
    expect(api.sent('POST /api/integration/webhook/1/resume')).toHaveLength(1);
    // A paused one recovers nothing (what waited is sent): the plain message.
    expect(await screen.findByText(`Resumed ${RECEIVER}.`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Pause ${RECEIVER}` })).toBeInTheDocument();
  });

  it('sends a test event and shows it in the delivery log', async () => {
    const { api } = webhookServer([testWebhook()]);
    const { user } = openPage();
    await webhookRow();

    await user.click(screen.getByRole('button', { name: `Send a test event to ${RECEIVER}` }));
    expect(await screen.findByText(/Test event queued/)).toBeInTheDocument();
    expect(api.sent('POST /api/integration/webhook/1/test')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: `View deliveries to ${RECEIVER}` }));
    const log = await findDialog(`Deliveries to ${RECEIVER}`);
    const row = await within(log).findByRole('row', { name: /webhook\.test/ });
    expect(row).toHaveTextContent('msg_test_0');
    expect(row).toHaveTextContent('Pending');
  });

  it('warns of a disabled subscription, resumes it from the banner and says what it recovered', async () => {
    const { api, state } = webhookServer([
      testWebhook({
        status: 'disabled',
        disabledReason: '20 deliveries in a row failed; last: HTTP 500',
        consecutiveFailures: 20,
        lastDeliveryAt: '2026-03-02T09:00:00Z',
        lastStatusCode: 500,
      }),
    ]);
    state.missed.set(1, 12);
    const { user } = openPage();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      `Webhook ${RECEIVER} was disabled after repeated failures: 20 deliveries in a row failed; last: HTTP 500. Fix the receiver, then resume it.`,
    );
    const row = await webhookRow();
    expect(row).toHaveTextContent('Disabled');
    expect(row).toHaveTextContent('HTTP 500');
    expect(row).toHaveTextContent('20 failed in a row');

    await user.click(within(banner).getByRole('button', { name: `Resume ${RECEIVER}` }));
    await waitFor(() =>
      expect(screen.queryByText(/was disabled after repeated failures/)).toBeNull(),
    );
    expect(await webhookRow()).toHaveTextContent('Active');
    expect(api.sent('POST /api/integration/webhook/1/resume')).toHaveLength(1);
    // Since its last delivery, in the coach's time zone as the table shows it.
    const since = moment('2026-03-02T09:00:00Z').format('lll');
    expect(
      await screen.findByText(
        `Resumed ${RECEIVER}; 12 missed events since ${since} are being sent again.`,
      ),
    ).toBeInTheDocument();
  });

  describe('recovering missed events', () => {
    // A fixed local "now" (no DST change within a day of it), the clock running on from it.
    const now = new Date(2026, 5, 10, 14, 30, 5);
    beforeEach(() => jest.useFakeTimers({ now, advanceTimers: true }));
    afterEach(() => jest.useRealTimers());
    const local = (text: string) => moment(text, 'YYYY-MM-DD HH:mm').toISOString();
    const openRecovery = async (user: ReturnType<typeof openPage>['user']) => {
      await user.click(
        await screen.findByRole('button', { name: `Recover missed events to ${RECEIVER}` }),
      );
      const dialog = await findDialog('Recover missed events');
      return { dialog, since: within(dialog).getByLabelText('Events since') };
    };

    it('sends again what the subscription missed since a chosen time, and its log shows them', async () => {
      const { api, state } = webhookServer([testWebhook()]);
      state.deliveries.set(1, [testDelivery({ id: 1, messageId: 'msg_old' })]);
      const { user } = openPage();
      // The log seen before: its cached page must not be what shows after the recovery.
      await user.click(
        await screen.findByRole('button', { name: `View deliveries to ${RECEIVER}` }),
      );
      const before = await findDialog(`Deliveries to ${RECEIVER}`);
      expect(await within(before).findByRole('row', { name: /msg_old/ })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByText(`Deliveries to ${RECEIVER}`)).toBeNull());

      state.missed.set(1, 3);
      const { dialog, since } = await openRecovery(user);
      // 24 hours ago unless changed, to the minute.
      expect(since).toHaveValue('2026-06-09 14:30');
      await user.clear(since);
      await user.type(since, '2026-06-10 13:30{Enter}');
      await user.click(within(dialog).getByRole('button', { name: 'Send again' }));

      const at = moment(local('2026-06-10 13:30')).format('lll');
      expect(
        await screen.findByText(`3 missed events since ${at} are being sent again to ${RECEIVER}.`),
      ).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('Recover missed events')).toBeNull());
      expect(
        api.sent('POST /api/integration/webhook/1/recover').map((r) => JSON.parse(r.body)),
      ).toEqual([{ since: local('2026-06-10 13:30') }]);

      await user.click(screen.getByRole('button', { name: `View deliveries to ${RECEIVER}` }));
      const log = await findDialog(`Deliveries to ${RECEIVER}`);
      expect(await within(log).findByRole('row', { name: /msg_missed_2/ })).toHaveTextContent(
        'Pending',
      );
      expect(within(log).getByRole('row', { name: /msg_old/ })).toBeInTheDocument();
    });

    it('offers only the kept window: nothing older than 30 days, nothing in the future', async () => {
      const { api } = webhookServer([testWebhook()]);
      const { user } = openPage();
      const { dialog, since } = await openRecovery(user);
      expect(within(dialog).getByText(/Within the last 30 days/)).toBeInTheDocument();

      // In the calendar, the days after today are disabled.
      await user.click(since);
      const day = (date: string) => document.querySelector(`td[title="${date}"]`);
      await waitFor(() => expect(day('2026-06-10')).not.toBeNull());
      expect(day('2026-06-10')).not.toHaveClass('ant-picker-cell-disabled');
      expect(day('2026-06-11')).toHaveClass('ant-picker-cell-disabled');

      // Typed times outside the window are not taken, to the minute: the field keeps its
      // time, and Enter does not send it either.
      for (const outside of ['2026-05-10 14:40', '2026-05-11 14:30', '2026-06-10 14:31']) {
        await user.clear(since);
        await user.type(since, `${outside}{Enter}`);
        await user.tab();
        expect(since).toHaveValue('2026-06-09 14:30');
      }
      expect(api.sent('POST /api/integration/webhook/1/recover')).toHaveLength(0);
      // Its first and last minutes are in.
      for (const inside of ['2026-05-11 14:31', '2026-06-10 14:30']) {
        await user.clear(since);
        await user.type(since, `${inside}{Enter}`);
        await user.tab();
        expect(since).toHaveValue(inside);
      }
      await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
      await waitFor(() =>
        expect(
          api.sent('POST /api/integration/webhook/1/recover').map((r) => JSON.parse(r.body)),
        ).toEqual([{ since: local('2026-06-10 14:30') }]),
      );
      expect(
        await screen.findByText(
          `Nothing to send again: ${RECEIVER} has no missed events since ${moment(local('2026-06-10 14:30')).format('lll')}.`,
        ),
      ).toBeInTheDocument();
    });

    it('shows the server’s refusal at the field and keeps the dialog open', async () => {
      const refusal = 'Events are kept 30 days: choose an instant after 2026-05-11T14:31:00.000Z.';
      const { api } = webhookServer([testWebhook({ status: 'paused' })], {
        'POST /api/integration/webhook/1/recover': () =>
          json({ errors: { since: [refusal] } }, 400),
      });
      const { user } = openPage();
      const { dialog, since } = await openRecovery(user);
      // A paused subscription gets them when resumed: the dialog says so.
      expect(
        within(dialog).getByText(/It is paused: the missed events are sent when you resume it/),
      ).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
      const field = since.closest<HTMLElement>('.ant-form-item')!;
      expect(await within(field).findByText(refusal)).toBeInTheDocument();
      expect(since).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByText('Recover missed events')).toBeInTheDocument();
      expect(api.sent('POST /api/integration/webhook/1/recover')).toHaveLength(1);
    });
  });

  it('shows the delivery log with each status, paged by the server', async () => {
    const { api, state } = webhookServer([testWebhook()]);
    state.deliveries.set(1, [
      testDelivery({
        id: 4,
        messageId: 'msg_pending',
        status: 'pending',
        attempts: 0,
        statusCode: null,
        durationMs: null,
        lastAttemptAt: null,
        responseExcerpt: null,
      }),
      testDelivery({
        id: 3,
        messageId: 'msg_retrying',
        status: 'retrying',
        attempts: 3,
        statusCode: 503,
        durationMs: 1250,
        nextAttemptAt: '2026-03-01T16:00:00Z',
        responseExcerpt: 'Service Unavailable',
      }),
      testDelivery({
        id: 2,
        messageId: 'msg_failed',
        status: 'failed',
        attempts: 12,
        statusCode: null,
        durationMs: 10000,
        error: 'Timed out after 10 s',
        responseExcerpt: null,
      }),
      testDelivery({ id: 1, messageId: 'msg_delivered', eventType: 'athlete.created' }),
      ...Array.from({ length: 21 }, (_, i) =>
        testDelivery({ id: 10 + i, messageId: `msg_old_${i}` }),
      ),
    ]);
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: `View deliveries to ${RECEIVER}` }));
    const log = await findDialog(`Deliveries to ${RECEIVER}`);

    const row = async (messageId: string) =>
      within(log).findByRole('row', { name: new RegExp(messageId) });
    expect(await row('msg_pending')).toHaveTextContent('Pending');
    const retrying = await row('msg_retrying');
    expect(retrying).toHaveTextContent('Retrying');
    expect(retrying).toHaveTextContent('503');
    expect(retrying).toHaveTextContent('1,250 ms');
    expect(retrying).toHaveTextContent('Service Unavailable');
    const failed = await row('msg_failed');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('Timed out after 10 s');
    expect(failed).toHaveTextContent('12');
    const delivered = await row('msg_delivered');
    expect(delivered).toHaveTextContent('Delivered');
    expect(delivered).toHaveTextContent('athlete.created');
    expect(delivered).toHaveTextContent('412 ms');
    expect(within(log).getByText('1–20 of 25')).toBeInTheDocument();

    await user.click(within(log).getByTitle('2'));
    expect(await row('msg_old_20')).toHaveTextContent('Delivered');
    expect(api.sent('GET /api/integration/webhook/1/delivery').at(-1)!.url).toMatch(
      /pageNumber=2&pageSize=20/,
    );
  });

  it('refreshes the log on Refresh', async () => {
    const { api, state } = webhookServer([testWebhook()]);
    state.deliveries.set(1, [testDelivery({ id: 1, messageId: 'msg_old' })]);
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: `View deliveries to ${RECEIVER}` }));
    const log = await findDialog(`Deliveries to ${RECEIVER}`);
    expect(await within(log).findByRole('row', { name: /msg_old/ })).toBeInTheDocument();

    // Nothing is on its way, so nothing polls: only the button finds the new delivery.
    state.deliveries.set(1, [
      testDelivery({ id: 2, messageId: 'msg_new' }),
      ...state.deliveries.get(1)!,
    ]);
    await user.click(within(log).getByRole('button', { name: 'Refresh' }));
    expect(await within(log).findByRole('row', { name: /msg_new/ })).toBeInTheDocument();
    expect(api.sent('GET /api/integration/webhook/1/delivery')).toHaveLength(2);
  });

  it('polls the log while a delivery is on its way, and then the list for its last delivery', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { api, state } = webhookServer([testWebhook()]);
      state.deliveries.set(1, [
        testDelivery({ id: 1, messageId: 'msg_1', status: 'pending', statusCode: null }),
      ]);
      const { user } = openPage();
      await user.click(
        await screen.findByRole('button', { name: `View deliveries to ${RECEIVER}` }),
      );
      const log = await findDialog(`Deliveries to ${RECEIVER}`);
      expect(await within(log).findByRole('row', { name: /msg_1/ })).toHaveTextContent('Pending');
      const listsBefore = api.sent('GET /api/integration/webhook').length;

      // The worker delivers it; the server's list says so too.
      state.deliveries.set(1, [testDelivery({ id: 1, messageId: 'msg_1' })]);
      state.webhooks = [
        testWebhook({ lastDeliveryAt: '2026-03-01T15:04:06Z', lastStatusCode: 200 }),
      ];
      await act(() => jest.advanceTimersByTimeAsync(DELIVERY_POLL_MS));
      expect(await within(log).findByRole('row', { name: /msg_1/ })).toHaveTextContent('Delivered');
      await waitFor(() =>
        expect(api.sent('GET /api/integration/webhook').length).toBeGreaterThan(listsBefore),
      );
      // The list was asked for; its answer renders a moment later.
      await waitFor(() =>
        expect(screen.getByRole('row', { name: new RegExp(RECEIVER) })).toHaveTextContent(
          'HTTP 200',
        ),
      );

      // Nothing more on its way: no more polling.
      const logsThen = api.sent('GET /api/integration/webhook/1/delivery').length;
      await act(() => jest.advanceTimersByTimeAsync(3 * DELIVERY_POLL_MS));
      expect(api.sent('GET /api/integration/webhook/1/delivery')).toHaveLength(logsThen);
    } finally {
      jest.useRealTimers();
    }
  });

  it('edits and deletes a subscription', async () => {
    const { api } = webhookServer([testWebhook()]);
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: `Edit ${RECEIVER}` }));
    const form = await findDialog('Edit webhook');
    expect(within(form).getByLabelText('URL')).toHaveValue(RECEIVER);
    await user.clear(within(form).getByLabelText(/^Description/));
    await user.click(
      within(form).getByRole('checkbox', { name: 'Result corrected (result.updated)' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT /api/integration/webhook/1')).toHaveLength(1));
    expect(JSON.parse(api.sent('PUT /api/integration/webhook/1')[0]!.body)).toEqual({
      url: RECEIVER,
      description: '',
      events: ['result.created', 'result.updated'],
    });
    // The row shows the saved events when the list is fetched again.
    await waitFor(async () => expect(await webhookRow()).toHaveTextContent('Result corrected'));

    await user.click(screen.getByRole('button', { name: `Delete ${RECEIVER}` }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/No webhooks yet/)).toBeInTheDocument();
    expect(api.sent('DELETE /api/integration/webhook/1')).toHaveLength(1);
  });

  it('works on a phone: the table scrolls in its card, the log takes the screen, keys reach it', async () => {
    setScreenWidth(390);
    webhookServer([testWebhook()], {});
    const { user } = openPage();
    await webhookRow();
    const table = screen.getByRole('table', { name: 'Webhooks' });
    expect(table.closest('.ant-table-content')).toHaveStyle({ overflowX: 'auto' });
    // The actions are not pinned over the URL on a phone (they are on a desktop: below).
    const actions = screen.getByRole('columnheader', { name: 'Actions' });
    expect(actions.className).not.toMatch(/ant-table-cell-fix/);

    const show = screen.getByRole('button', { name: `View deliveries to ${RECEIVER}` });
    show.focus();
    await user.keyboard('{Enter}');
    const log = await findDialog(`Deliveries to ${RECEIVER}`);
    expect(log.closest('.ant-drawer-content-wrapper')).toHaveStyle({ width: '100%' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText(`Deliveries to ${RECEIVER}`)).toBeNull());
  });

  it('pins the actions at the right on a desktop, where the middle columns scroll', async () => {
    webhookServer([testWebhook()], {});
    openPage();
    await webhookRow();
    const actions = screen.getByRole('columnheader', { name: 'Actions' });
    expect(actions.className).toMatch(/ant-table-cell-fix/);
  });
});
