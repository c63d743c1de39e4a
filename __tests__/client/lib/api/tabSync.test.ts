import { waitFor } from '@testing-library/react';
import { baseApi, type TabChannel } from '../../../../src/lib/api';
import { makeStore } from '../../../../src/app/store';
import { json, stubApi } from '../../api-stub';

/** Probe endpoints, injected the way features inject theirs. */
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    rosters: build.query<{ names: string[] }, void>({
      query: () => '/roster',
      providesTags: ['Roster'],
    }),
    addRoster: build.mutation<unknown, string>({
      query: (name) => ({ url: '/roster', method: 'POST', body: { name } }),
      invalidatesTags: ['Roster'],
    }),
  }),
});

/**
 * Two tabs' channels, linked as a BroadcastChannel links them: what one posts the other
 * hears (asynchronously), never the poster itself.
 */
function linkedChannels(): [TabChannel, TabChannel] {
  const make = (): TabChannel & { peer?: TabChannel } => ({
    onmessage: null,
    postMessage(message: unknown) {
      const peer = this.peer;
      setTimeout(() => peer?.onmessage?.(new MessageEvent('message', { data: message })), 0);
    },
  });
  const a = make();
  const b = make();
  a.peer = b;
  b.peer = a;
  return [a, b];
}

afterEach(() => jest.restoreAllMocks());

describe('tabSync', () => {
  it("refetches another tab's rosters when one tab makes a roster", async () => {
    const names = ['Sprinters'];
    const api = stubApi({
      'GET /api/roster': () => json({ names: [...names] }),
      'POST /api/roster': () => {
        names.push('Jumpers');
        return json({ id: 2 }, 201);
      },
    });
    const [channelA, channelB] = linkedChannels();
    const tabA = makeStore(undefined, { tabChannel: channelA });
    const tabB = makeStore(undefined, { tabChannel: channelB });
    const shownInB = tabB.dispatch(probeApi.endpoints.rosters.initiate());
    await shownInB;
    expect(probeApi.endpoints.rosters.select()(tabB.getState()).data?.names).toEqual(['Sprinters']);

    await tabA.dispatch(probeApi.endpoints.addRoster.initiate('Jumpers'));
    // Tab B hears it and loads again (on a loaded machine, later than a fixed wait).
    await waitFor(() =>
      expect(probeApi.endpoints.rosters.select()(tabB.getState()).data?.names).toEqual([
        'Sprinters',
        'Jumpers',
      ]),
    );
    expect(api.sent('GET /api/roster')).toHaveLength(2);
    shownInB.unsubscribe();
  });

  it('says nothing after a write that failed, and runs without a channel', async () => {
    stubApi({ 'POST /api/roster': () => json({ message: 'No' }, 400) });
    const posted: unknown[] = [];
    const tab = makeStore(undefined, {
      tabChannel: { onmessage: null, postMessage: (m) => posted.push(m) },
    });
    await tab.dispatch(probeApi.endpoints.addRoster.initiate('Jumpers'));
    expect(posted).toEqual([]);
    const alone = makeStore();
    await expect(
      alone.dispatch(probeApi.endpoints.addRoster.initiate('Jumpers')),
    ).resolves.toMatchObject({ error: { status: 400 } });
  });
});
