import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserBody } from '../../../../contract/user';
import { paths, type AppPath } from '../../../../src/lib/paths';
import { json, renderRoute, stubApi, testUser } from '../../test-utils';

const { home } = paths;

const members: Record<string, Partial<UserBody>> = {
  owner: {},
  coach: { role: 'coach' },
  'coach limited to one roster': { role: 'coach', rosterIds: [3] },
  viewer: { role: 'viewer' },
};

async function openAs(member: Partial<UserBody>, route: string = home.leaderboard.path) {
  const api = stubApi({
    'GET /api/user': () => json(testUser(member)),
    'GET /api/integration/webhook': () => json({ items: [], totalCount: 0 }),
  });
  const view = renderRoute(route);
  await screen.findByRole('navigation', { name: 'Main' });
  return { ...view, api };
}

const menuLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the side menu by role', () => {
  it.each([
    ['owner', ['Historical', 'Integrations', 'Activity', 'Store'], []],
    ['coach', ['Historical', 'Activity'], ['Integrations', 'Store']],
    ['coach limited to one roster', ['Historical'], ['Integrations', 'Activity', 'Store']],
    ['viewer', ['Historical'], ['Integrations', 'Activity', 'Store']],
  ])('shows the %s the pages they may open', async (member, shown, left) => {
    await openAs(members[member]!);
    const links = menuLinks();
    expect(links).toEqual(expect.arrayContaining([...shown, 'Athletes', 'Manual Entry']));
    for (const page of left) expect(links).not.toContain(page);
  });
});

describe('a page the role may not open', () => {
  const gated: Array<[string, AppPath, string]> = [
    ['viewer', home.store, 'Only an owner of Riverside Lions can open the Store.'],
    [
      'coach',
      home.integrations,
      'Only an owner of Riverside Lions can manage API keys and webhooks.',
    ],
    ['coach', home.members, 'Only an owner of Riverside Lions can manage the members.'],
    [
      'viewer',
      home.activity,
      "Viewers can't see the activity log. Ask an owner of Riverside Lions for the coach role.",
    ],
    [
      'coach limited to one roster',
      home.activity,
      "You can't see the activity log while limited to some rosters. Ask an owner of Riverside Lions for access to every roster.",
    ],
  ];

  it.each(gated.map(([member, page, reason]) => [member, page.label, page, reason] as const))(
    "tells the %s at the address of %s that they don't have access, and why",
    async (member, _label, page, reason) => {
      const { api, user, router } = await openAs(members[member]!, page.path);
      expect(
        await screen.findByRole('heading', { name: "You don't have access" }),
      ).toBeInTheDocument();
      expect(screen.getByText(reason)).toBeInTheDocument();
      // The page was not drawn, so it asked for nothing.
      const [, path] = page.access!.call.split(' ');
      expect(api.requests.filter((request) => request.path.startsWith(path!))).toEqual([]);

      await user.click(screen.getByRole('button', { name: 'Go Home' }));
      expect(await screen.findByRole('heading', { name: 'Leaderboard' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(home.leaderboard.path);
    },
  );

  it('covers every page that names the read it needs', () => {
    const named = (entries: object): AppPath[] =>
      Object.values(entries).flatMap((entry: AppPath | object) =>
        'path' in entry ? [entry as AppPath] : named(entry),
      );
    const withAccess = named(home).filter(({ access }) => access);
    expect(withAccess.map(({ path }) => path).sort()).toEqual(
      [...new Set(gated.map(([, page]) => page.path))].sort(),
    );
  });

  it('opens for the roles that may', async () => {
    stubApi({ 'GET /api/user': () => json(testUser({ role: 'coach' })) });
    renderRoute(home.activity.path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
  });
});

describe("the shell's owner-only parts", () => {
  it('offers Buy More to an owner only', async () => {
    await openAs(members.owner!);
    expect(await screen.findByRole('link', { name: 'Buy More' })).toBeInTheDocument();
  });

  it("asks a coach's browser for no webhooks and saves no time zone", async () => {
    const { api } = await openAs(members.coach!);
    await screen.findByText('athlete spots left', { exact: false });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('link', { name: 'Buy More' })).not.toBeInTheDocument();
    expect(api.sent('GET /api/integration/webhook')).toHaveLength(0);
    expect(api.sent('PUT /api/user/time-zone')).toHaveLength(0);
  });

  it("asks for an owner's webhooks once the account says the role", async () => {
    const { api } = await openAs(members.owner!);
    await waitFor(() => expect(api.sent('GET /api/integration/webhook')).toHaveLength(1));
    const order = api.requests.map(({ path }) => path);
    expect(order.indexOf('/api/user')).toBeLessThan(order.indexOf('/api/integration/webhook'));
  });
});
