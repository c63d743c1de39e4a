import 'fake-indexeddb/auto';
import { act, screen, waitFor } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import type { EventInput } from '../../../../contract/event';
import { UserMenu } from '../../../../src/app/shell/UserMenu';
import {
  closeQueueDatabase,
  entryQueue,
  ownerKey,
  QUEUE_DB_NAME,
} from '../../../../src/lib/offline/entryQueue';
import { setQueueOwner } from '../../../../src/lib/offline/queueOwner';
import { fakeAuth, json, renderWithProviders, stubApi, testUser } from '../../test-utils';

/**
 * Signing out with results saved offline and not sent yet (issue 35): the coach is asked
 * first, and the rows are never dropped (docs/offline.md).
 */

const coach = { sub: 'coach-1', accountId: 'a1' };

const item = (clientId: string): EventInput => ({
  clientId,
  athleteId: 7,
  eventTypeId: 1,
  recordedAt: '2026-11-28T10:00:00Z',
  distanceMm: 36576,
  timeMs: 4620,
  source: 'manual',
  program: 'manualentry',
  timingMethod: 'hand',
});
const label = { athleteName: 'Ada Okafor', eventName: 'Linear sprint, 40 yd', value: '4.62 s' };

beforeEach(async () => {
  await closeQueueDatabase();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(QUEUE_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
  act(() => setQueueOwner(coach));
  stubApi({ 'GET /api/user': () => json(testUser()) });
});

afterEach(() => act(() => setQueueOwner(null)));

function renderMenu() {
  const auth = fakeAuth();
  const view = renderWithProviders(
    <StyleProvider mock="server">
      <ConfigProvider theme={{ token: { motion: false } }}>
        <UserMenu />
      </ConfigProvider>
    </StyleProvider>,
    { route: '/home/leaderboard', auth },
  );
  return { ...view, auth };
}

async function chooseLogout(user: ReturnType<typeof renderMenu>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Account menu of Ada Okafor' }));
  await user.click(await screen.findByRole('menuitem', { name: /Logout/ }));
}

describe('signing out with results not sent yet', () => {
  it('signs out at once when nothing waits (sent and refused rows do not count)', async () => {
    const queue = entryQueue(ownerKey(coach.sub, coach.accountId));
    await queue.add([
      { item: item('sent'), label },
      { item: item('refused'), label },
    ]);
    await queue.update([
      { clientId: 'sent', state: 'sent' },
      { clientId: 'refused', state: 'refused', reason: 'no' },
    ]);
    // Another coach's waiting rows on this browser are not this coach's concern.
    await entryQueue(ownerKey('coach-2', 'a1')).add([{ item: item('theirs'), label }]);
    const { user, auth } = renderMenu();
    await chooseLogout(user);
    await waitFor(() => expect(auth.client.logout).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks first, stays signed in on "Stay signed in", and keeps the rows on "Sign out anyway"', async () => {
    const queue = entryQueue(ownerKey(coach.sub, coach.accountId));
    await queue.add([
      { item: item('one'), label },
      { item: item('two'), label },
    ]);
    const { user, auth } = renderMenu();
    await chooseLogout(user);
    const dialog = await screen.findByRole('dialog', { name: '2 results are not sent yet' });
    expect(dialog).toHaveTextContent(
      'They stay on this device and are sent when you sign in here again.',
    );
    await user.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(auth.client.logout).not.toHaveBeenCalled();

    await chooseLogout(user);
    await screen.findByRole('dialog', { name: '2 results are not sent yet' });
    await user.click(screen.getByRole('button', { name: 'Sign out anyway' }));
    await waitFor(() => expect(auth.client.logout).toHaveBeenCalled());
    // Still on this device, for this coach in this account.
    expect((await queue.list()).map((row) => [row.clientId, row.state])).toEqual([
      ['one', 'waiting'],
      ['two', 'waiting'],
    ]);
  });

  it('says "1 result is" for one', async () => {
    await entryQueue(ownerKey(coach.sub, coach.accountId)).add([{ item: item('one'), label }]);
    const { user } = renderMenu();
    await chooseLogout(user);
    expect(await screen.findByRole('dialog', { name: '1 result is not sent yet' })).toBeTruthy();
  });
});
