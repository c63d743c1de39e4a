import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { lazyPage } from '../../../src/app/lazyPages';
import { preloadPages } from '../../../src/app/preload';
import * as Pages from '../../../src/app/lazyPages';
import { routes as appRoutes } from '../../../src/app/router';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyPage', () => {
  it('suspends on a first visit until its chunk is there', async () => {
    const chunk = deferred<{ default: typeof Greeting }>();
    const Page = lazyPage(() => chunk.promise);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => chunk.resolve({ default: Greeting }));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('renders at once, without a fallback, once preloaded', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads += 1;
      return { default: Greeting };
    });
    await Page.preload();
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let attempt = 0;
    const Page = lazyPage(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('chunk failed');
      return { default: Greeting };
    });
    await expect(Page.preload()).rejects.toThrow('chunk failed');
    await expect(Page.preload()).resolves.toEqual({ default: Greeting });
  });
});

describe('preloadPages', () => {
  const pageAt = (label: string) => {
    const Page = lazyPage(async () => ({ default: () => <p>{label}</p> }));
    const preload = jest.spyOn(Page, 'preload');
    return { Page, preload };
  };

  it("loads the address's page, and the dashboard on the way back from sign-in", () => {
    const login = pageAt('login');
    const board = pageAt('board');
    const athletes = pageAt('athletes');
    const routes = [
      {
        path: '/',
        children: [
          { path: 'login', element: <login.Page /> },
          {
            path: 'home',
            children: [
              { path: 'leaderboard', element: <board.Page /> },
              { path: 'athlete', element: <athletes.Page /> },
            ],
          },
        ],
      },
    ];
    preloadPages(routes, new URL('http://app.test/home/athlete'));
    expect(athletes.preload).toHaveBeenCalledTimes(1);
    expect(board.preload).not.toHaveBeenCalled();

    preloadPages(routes, new URL('http://app.test/login'));
    expect(login.preload).toHaveBeenCalledTimes(1);
    expect(board.preload).not.toHaveBeenCalled();

    preloadPages(routes, new URL('http://app.test/login?code=abc&state=xyz'));
    expect(login.preload).toHaveBeenCalledTimes(2);
    expect(board.preload).toHaveBeenCalledTimes(1);
  });

  it("finds the shell inside the sign-in guard, beside the account's request", () => {
    // The app's own routes: /home's element is <RequireSignIn><AccountRequest />
    // <AppShell /></RequireSignIn>, and a guard with two children once hid the shell from
    // the preload (its chunk then waited for the session check).
    const shell = jest.spyOn(Pages.AppShell, 'preload').mockResolvedValue(undefined);
    const board = jest.spyOn(Pages.LeaderboardPage, 'preload').mockResolvedValue(undefined);
    const athletes = jest.spyOn(Pages.AthletesPage, 'preload').mockResolvedValue(undefined);
    preloadPages(appRoutes, new URL('http://app.test/home/leaderboard'));
    expect(shell).toHaveBeenCalledTimes(1);
    expect(board).toHaveBeenCalledTimes(1);
    expect(athletes).not.toHaveBeenCalled();
  });
});
