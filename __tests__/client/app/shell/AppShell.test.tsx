import { act, screen, within } from '@testing-library/react';
import { paths } from '../../../../src/lib/paths';
import { json, renderRoute, stubApi, testUser } from '../../test-utils';
import { setScreenWidth } from '../../screen';

/** antd renders a menu group as a titled list with role="group". */
function menuGroup(title: string): HTMLElement {
  const heading = screen.getByText(title, { selector: '.ant-menu-item-group-title' });
  const group = heading.parentElement?.querySelector<HTMLElement>('[role="group"]');
  if (!group) throw new Error(`Menu group ${title} has no items`);
  return group;
}

const linkNames = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('shell', () => {
  it('groups the side menu as Results, Programs and Reports', async () => {
    renderRoute(paths.home.athletes.path);
    await screen.findByRole('heading', { name: 'Athletes' });

    expect(linkNames(menuGroup('Results'))).toEqual(['Individual', 'Historical']);
    expect(linkNames(menuGroup('Programs'))).toEqual([
      'Game Speed',
      'Epply Advantage Performance Index',
      'Manual Entry',
    ]);
    expect(linkNames(menuGroup('Reports'))).toEqual([
      'EAPI individual',
      'EAPI team',
      'EASI individual',
    ]);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Leaderboard', 'Athletes', 'Integrations', 'Store', 'Athlete Profiles']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it('links each menu entry to its route and marks the current one', async () => {
    const { router, user } = renderRoute(paths.home.athletes.path);
    await screen.findByRole('heading', { name: 'Athletes' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Athletes' }).closest('li')).toHaveClass(
      'ant-menu-item-selected',
    );

    await user.click(within(nav).getByRole('link', { name: 'Game Speed' }));
    expect(
      await screen.findByRole('heading', { name: 'Programs: Game Speed' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.home.programs.gameSpeed.path);
    expect(within(nav).getByRole('link', { name: 'Game Speed' }).closest('li')).toHaveClass(
      'ant-menu-item-selected',
    );
  });

  it('collapses the menu to icons and the logo mark on request', async () => {
    const { user } = renderRoute(paths.home.leaderboard.path);
    await screen.findByRole('heading', { name: 'Leaderboard' });
    expect(screen.getByText('Splitline')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.queryByText('Splitline')).not.toBeInTheDocument();
    // Group titles would be cut to "Prog…" at icon width; the links stay.
    expect(screen.queryByText('Programs')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Game Speed' })).toBeInTheDocument();
  });

  it('on a phone keeps the menu in a drawer over the page, closed by a choice', async () => {
    setScreenWidth(390);
    const { router, user } = renderRoute(paths.home.leaderboard.path);
    await screen.findByRole('heading', { name: 'Leaderboard' });
    // No rail beside the page, and no desktop collapse button.
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Collapse menu' })).not.toBeInTheDocument();

    const open = screen.getByRole('button', { name: 'Open menu' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByText('Programs')).toBeInTheDocument();

    await user.click(within(nav).getByRole('link', { name: 'Athletes' }));
    expect(await screen.findByRole('heading', { name: 'Athletes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.home.athletes.path);
    expect(open).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the company line with the current year', async () => {
    renderRoute(paths.home.leaderboard.path);
    await screen.findByRole('heading', { name: 'Leaderboard' });
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      `© ${new Date().getFullYear()} Splitline Performance`,
    );
  });

  it("waits for the account, not for the page's answers", async () => {
    // The account held, then the board's answer held while the account is in.
    let answerAccount: () => void = () => undefined;
    const accountHeld = new Promise<void>((resolve) => (answerAccount = resolve));
    let answerBoard: () => void = () => undefined;
    const boardHeld = new Promise<void>((resolve) => (answerBoard = resolve));
    stubApi({
      'GET /api/user': async () => {
        await accountHeld;
        return json(testUser);
      },
      'GET /api/leaderboard': async () => {
        await boardHeld;
        return json({ boards: [] });
      },
    });
    renderRoute(paths.home.leaderboard.path);
    expect(await screen.findByLabelText('Loading your account')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    answerAccount();
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    answerBoard();
  });

  it.each([
    ['owner', true],
    ['coach', false],
    ['viewer', false],
  ] as const)('shows Members in the menu to owners only (%s: %s)', async (role, shown) => {
    stubApi({ 'GET /api/user': () => json(testUser({ role })) });
    renderRoute(paths.home.leaderboard.path);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Athlete Profiles' });
    const members = within(nav).queryByRole('link', { name: 'Members' });
    if (shown) expect(members).toHaveAttribute('href', paths.home.members.path);
    else expect(members).toBeNull();
  });
});
