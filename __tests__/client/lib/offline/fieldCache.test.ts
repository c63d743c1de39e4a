import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { cachedRead } from '../../../../src/lib/offline/fieldCache';
import { useFromCache } from '../../../../src/lib/offline/useFromCache';
import { setQueueOwner } from '../../../../src/lib/offline/queueOwner';
import { ageText } from '../../../../src/features/results/manualEntry/FromCacheNotice';

const api = {} as BaseQueryApi;
const read = cachedRead(
  'rosterAthletes',
  (id: number) => `/athlete?rosterId=${id}`,
  (answer: { items: string[] }) => answer.items,
);
const offline = async () => ({
  error: { status: 'FETCH_ERROR' as const, error: 'Failed to fetch' },
});

afterEach(() => setQueueOwner(null));

describe('field reads kept for offline use', () => {
  it('answers the last copy of this user in this account when the server cannot be reached', async () => {
    setQueueOwner({ sub: 'coach-1', accountId: 'a1' });
    const fresh = await read(3, api, undefined, async () => ({ data: { items: ['Ada', 'Bo'] } }));
    expect(fresh).toEqual({ data: ['Ada', 'Bo'] });
    const { result } = renderHook(() => useFromCache('rosterAthletes', 3));
    expect(result.current).toBeNull();

    // Written in the background: wait until the copy is there.
    await waitFor(async () =>
      expect(await read(3, api, undefined, offline)).toEqual({ data: ['Ada', 'Bo'] }),
    );
    await waitFor(() => expect(result.current).toEqual(expect.any(Number)));

    // Another roster was never read: the failure shows.
    expect(await read(4, api, undefined, offline)).toMatchObject({
      error: { status: 'FETCH_ERROR' },
    });
    // Another user on this browser gets nothing of coach-1's copy.
    setQueueOwner({ sub: 'coach-2', accountId: 'a1' });
    expect(await read(3, api, undefined, offline)).toMatchObject({
      error: { status: 'FETCH_ERROR' },
    });
  });

  it('passes a refusal through rather than an old copy', async () => {
    setQueueOwner({ sub: 'coach-1', accountId: 'a1' });
    await read(5, api, undefined, async () => ({ data: { items: ['Ada'] } }));
    const forbidden = async () => ({ error: { status: 403, data: { message: 'no' } } });
    expect(await read(5, api, undefined, forbidden)).toMatchObject({ error: { status: 403 } });
  });

  it('says how old a copy is', () => {
    expect(ageText(0, 12 * 60_000)).toBe('12 min');
    expect(ageText(0, 65 * 60_000)).toBe('1 h 5 min');
    expect(ageText(0, 2 * 24 * 3600_000)).toBe('2 days');
  });
});
