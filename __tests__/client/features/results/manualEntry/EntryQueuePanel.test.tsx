import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import type { EventInput } from '../../../../../contract/event';
import { EntryQueuePanel } from '../../../../../src/features/results/manualEntry/EntryQueuePanel';
import {
  closeQueueDatabase,
  entryQueue,
  ownerKey,
  QUEUE_DB_NAME,
  type QueuedEntry,
} from '../../../../../src/lib/offline/entryQueue';
import { setQueueOwner } from '../../../../../src/lib/offline/queueOwner';
import { renderWithProviders } from '../../../test-utils';

/**
 * The "Saved on this device" list of the Manual Entry drawer (issue 35, docs/offline.md):
 * the real queue in (fake) IndexedDB, the panel as the drawer shows it.
 */

const coach = { sub: 'coach-1', accountId: 'a1' };
const owner = ownerKey(coach.sub, coach.accountId);

const sprint = (clientId: string, overrides: Partial<EventInput> = {}): EventInput => ({
  clientId,
  athleteId: 7,
  eventTypeId: 1,
  recordedAt: '2026-11-28T10:00:00Z',
  distanceMm: 36576,
  timeMs: 4620,
  splits: [{ distanceMm: 9144, timeMs: 1710 }],
  source: 'manual',
  program: 'manualentry',
  timingMethod: 'hand',
  ...overrides,
});

const label = (athleteName: string, value: string) => ({
  athleteName,
  eventName: 'Linear sprint, 40 yd',
  value,
});

/** Three rows of this coach: Ada waiting (tried twice), Bo sent under EAPI, Cy refused. */
async function threeRows() {
  const queue = entryQueue(owner);
  await queue.add([
    { item: sprint('ada'), label: label('Ada Okafor', '4.62 s') },
    { item: sprint('bo', { program: 'eapi', timeMs: 4810 }), label: label('Bo Lind', '4.81 s') },
    {
      item: sprint('cy', { recordedAt: '2027-06-01T10:00:00Z', timeMs: 5100 }),
      label: label('Cy Moss', '5.10 s'),
    },
  ]);
  await queue.update([
    { clientId: 'ada', attempts: 2, nextAttemptAt: Date.now() + 60_000 },
    { clientId: 'bo', state: 'sent', sentAt: Date.now(), serverId: 41 },
    {
      clientId: 'cy',
      state: 'refused',
      reason: 'Date: is more than a day ahead',
      fields: { recordedAt: ['is more than a day ahead'] },
    },
  ]);
  return queue;
}

function renderPanel() {
  return renderWithProviders(
    <StyleProvider mock="server">
      <ConfigProvider theme={{ token: { motion: false } }}>
        <EntryQueuePanel />
      </ConfigProvider>
    </StyleProvider>,
    { route: '/home/result/program/manualentry' },
  );
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const stateOf = (name: string) =>
  within(rowOf(name)).getByTestId('queue-state').getAttribute('data-state');

beforeEach(async () => {
  await closeQueueDatabase();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(QUEUE_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
  act(() => setQueueOwner(coach));
});

afterEach(() => act(() => setQueueOwner(null)));

describe('Saved on this device', () => {
  it('shows nothing while this coach has no saved results', async () => {
    // Another coach's row on the same browser is not listed.
    await entryQueue(ownerKey('coach-2', 'a1')).add([
      { item: sprint('other'), label: label('Di Park', '4.90 s') },
    ]);
    renderPanel();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'Results saved on this device' })).toBeNull();
  });

  it('lists each result with its state, the reason of a refusal and where a sent one is', async () => {
    await threeRows();
    await entryQueue(ownerKey('coach-2', 'a1')).add([
      { item: sprint('other'), label: label('Di Park', '4.90 s') },
    ]);
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Results saved on this device' });
    expect(within(panel).getByTestId('queue-counts')).toHaveTextContent(
      '1 waiting · 1 sent · 1 refused',
    );
    // Oldest first, and only this coach's rows.
    const rows = within(panel).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Ada Okafor',
      'Bo Lind',
      'Cy Moss',
    ]);
    expect(stateOf('Ada Okafor')).toBe('waiting');
    expect(rowOf('Ada Okafor')).toHaveTextContent(/Waitingtried 2×, again in a minute/);
    expect(stateOf('Bo Lind')).toBe('sent');
    // A session saved under EAPI is listed by Programs: EAPI (decision 034).
    expect(within(rowOf('Bo Lind')).getByRole('link', { name: 'Programs: EAPI' })).toHaveAttribute(
      'href',
      '/home/result/program/eapi',
    );
    expect(within(rowOf('Ada Okafor')).queryByRole('link')).toBeNull();
    expect(stateOf('Cy Moss')).toBe('refused');
    expect(rowOf('Cy Moss')).toHaveTextContent('Date: is more than a day ahead');
    expect(within(rowOf('Cy Moss')).getByRole('button', { name: /Fix/ })).toBeInTheDocument();
    expect(within(rowOf('Ada Okafor')).queryByRole('button', { name: /Fix/ })).toBeNull();
  });

  it('clears the sent rows and removes a refused one after asking', async () => {
    const queue = await threeRows();
    const { user } = renderPanel();
    const panel = await screen.findByRole('region', { name: 'Results saved on this device' });
    await user.click(within(panel).getByRole('button', { name: 'Clear the sent rows' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Bo Lind/ })).toBeNull());
    expect(within(panel).getByTestId('queue-counts')).toHaveTextContent(
      '1 waiting · 0 sent · 1 refused',
    );
    expect(within(panel).getByRole('button', { name: 'Clear the sent rows' })).toBeDisabled();

    await user.click(within(rowOf('Cy Moss')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Remove this result?')).toBeInTheDocument();
    // The confirmation's own Remove, after the row's.
    await user.click(screen.getAllByRole('button', { name: 'Remove' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Cy Moss/ })).toBeNull());
    expect((await queue.list()).map((row) => row.clientId)).toEqual(['ada']);
  });

  it('fixes a refused result: the corrected row waits again under the same client id', async () => {
    const queue = await threeRows();
    const { user } = renderPanel();
    await screen.findByRole('region', { name: 'Results saved on this device' });
    await user.click(within(rowOf('Cy Moss')).getByRole('button', { name: /Fix/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Fix the refused result' });
    // The server's reason on top, the row's values in the fields.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Date: is more than a day ahead');
    const time = within(dialog).getByRole('spinbutton', { name: 'Time (s)' });
    expect(time).toHaveValue('5.10');
    const when = within(dialog).getByLabelText('Date and time');
    await user.clear(time);
    await user.type(time, '5.04');
    await user.clear(when);
    await user.type(when, '2026-11-28T09:30');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Send without the splits (1)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Fix the refused result' })).toBeNull(),
    );
    await waitFor(() => expect(stateOf('Cy Moss')).toBe('waiting'));
    expect(rowOf('Cy Moss')).toHaveTextContent('5.04 s');
    expect(rowOf('Cy Moss')).not.toHaveTextContent('more than a day ahead');
    const fixed = (await queue.list()).find((row) => row.clientId === 'cy') as QueuedEntry;
    expect(fixed).toMatchObject({
      state: 'waiting',
      attempts: 0,
      reason: undefined,
      fields: undefined,
      item: { clientId: 'cy', timeMs: 5040, athleteId: 7 },
    });
    expect(fixed.item.splits).toBeUndefined();
    expect(new Date(fixed.item.recordedAt).getTime()).toBe(new Date(2026, 10, 28, 9, 30).getTime());
    expect(fixed.nextAttemptAt).toBeLessThanOrEqual(Date.now());
  });

  it('keeps a refused result as it was when the Fix dialog is cancelled or left empty', async () => {
    const queue = await threeRows();
    const { user } = renderPanel();
    await screen.findByRole('region', { name: 'Results saved on this device' });
    await user.click(within(rowOf('Cy Moss')).getByRole('button', { name: /Fix/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Fix the refused result' });
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Time (s)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    // A required field left empty: the dialog stays, nothing changes.
    expect(await within(dialog).findByText('Please enter Time (s)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Fix the refused result' })).toBeNull(),
    );
    const row = (await queue.list()).find((one) => one.clientId === 'cy');
    expect(row).toMatchObject({ state: 'refused', item: { timeMs: 5100 } });
    expect(row?.item.splits).toHaveLength(1);
  });
});
