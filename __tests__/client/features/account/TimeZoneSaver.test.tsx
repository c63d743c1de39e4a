import { act, waitFor } from '@testing-library/react';
import { TimeZoneSaver, savedTimeZoneKey } from '../../../../src/features/account/TimeZoneSaver';
import { browserTimeZone } from '../../../../src/lib/timeZone';
import { empty, json, renderWithProviders, stubApi, testUser } from '../../test-utils';

const user = testUser();
const zone = browserTimeZone()!;

describe('saving the browser time zone', () => {
  it('sends it once the user is loaded, and remembers it', async () => {
    const api = stubApi({
      'GET /api/user': () => json(user),
      'PUT /api/user/time-zone': () => empty(),
    });
    renderWithProviders(<TimeZoneSaver />);
    await waitFor(() => expect(api.sent('PUT /api/user/time-zone')).toHaveLength(1));
    expect(JSON.parse(api.sent('PUT /api/user/time-zone')[0]!.body)).toEqual({ timeZone: zone });
    await waitFor(() => expect(localStorage.getItem(savedTimeZoneKey(user.id))).toBe(zone));
  });

  it('sends nothing when this zone was saved before', async () => {
    localStorage.setItem(savedTimeZoneKey('another-user'), zone);
    const other = testUser({ id: 'another-user' });
    const api = stubApi({
      'GET /api/user': () => json(other),
      'PUT /api/user/time-zone': () => empty(),
    });
    renderWithProviders(<TimeZoneSaver />);
    await waitFor(() => expect(api.sent('GET /api/user')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.sent('PUT /api/user/time-zone')).toHaveLength(0);
  });

  it('sends it at most once per app start', async () => {
    // The first test of this file saved the zone for `user` in this start; storage was cleared since.
    const api = stubApi({
      'GET /api/user': () => json(user),
      'PUT /api/user/time-zone': () => empty(),
    });
    renderWithProviders(<TimeZoneSaver />);
    await waitFor(() => expect(api.sent('GET /api/user')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.sent('PUT /api/user/time-zone')).toHaveLength(0);
  });

  it("sends nothing from a member who is not an owner: the zone is the workspace's", async () => {
    const coach = testUser({ id: 'coach-workspace', role: 'coach' });
    const api = stubApi({
      'GET /api/user': () => json(coach),
      'PUT /api/user/time-zone': () => empty(),
    });
    renderWithProviders(<TimeZoneSaver />);
    await waitFor(() => expect(api.sent('GET /api/user')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.sent('PUT /api/user/time-zone')).toHaveLength(0);
  });
});
