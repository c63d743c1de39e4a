import { act, screen, waitFor, within } from '@testing-library/react';
import { paths } from '../../../../src/lib/paths';
import { FIRST_ANSWERS_WAIT_MS } from '../../../../src/app/shell/AppShell';
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

  describe("waits for the page's first answers", () => {
    /** The board's answer, held until the test lets it go. */
    function heldBoard() {
      let answer: () => void = () => undefined;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      const api = stubApi({
        'GET /api/user': json(testUser),
        'GET /api/leaderboard': async () => {
          await answered;
          return json({ boards: [] });
        },
      });
      return { api, answer };
    }
    const shellDrawn = () => screen.queryByRole('navigation', { name: 'Main' });

    it('draws the shell and the page together once the answers are in', async () => {
      const { api, answer } = heldBoard();
      const { store } = renderRoute(paths.home.leaderboard.path);
      await waitFor(() => expect(api.sent('GET /api/leaderboard')).toHaveLength(1));
      const account = () =>
        Object.values(store.getState().api.queries).find((q) => q?.endpointName === 'getUser');
      await waitFor(() => expect(account()?.status).toBe('fulfilled'));
      // The account is there, the board's answer is not: the spinner stays.
      await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
      expect(screen.getByLabelText('Loading your account')).toBeInTheDocument();
      expect(shellDrawn()).toBeNull();
      answer();
      expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    });

    it('draws the shell without a slow answer after a while', async () => {
      heldBoard(); // never answered
      renderRoute(paths.home.leaderboard.path);
      expect(await screen.findByLabelText('Loading your account')).toBeInTheDocument();
      await waitFor(() => expect(shellDrawn()).not.toBeNull(), {
        timeout: FIRST_ANSWERS_WAIT_MS + 2000,
      });
    });
  });
});
