import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
// antd's own styling engine (a dependency of antd), for its test switch below.
import { StyleProvider } from '@ant-design/cssinjs';
import moment from 'moment';
import type { Athlete, Roster } from '../../../../src/features/athletes/athleteApi';
import AthletesPage from '../../../../src/features/athletes/AthletesPage';
import { accountSettled, json, renderWithProviders, testUser } from '../../test-utils';

export const sports = [
  { id: 1, name: 'Football' },
  { id: 2, name: 'Basketball' },
];

export const positions = [
  { id: 10, sportId: 1, name: 'Quarterback', abbreviation: 'QB' },
  { id: 11, sportId: 1, name: 'Wide receiver', abbreviation: 'WR' },
  { id: 20, sportId: 2, name: 'Point guard', abbreviation: 'PG' },
];

export function testRoster(overrides: Partial<Roster> = {}): Roster {
  return {
    id: 1,
    name: 'Varsity',
    athleteCount: 2,
    createdAt: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

/** A birth date that makes the athlete `years` old today (and a few months). */
export function bornYearsAgo(years: number): string {
  return moment().subtract(years, 'years').subtract(3, 'months').format('YYYY-MM-DD');
}

export function testAthlete(overrides: Partial<Athlete> = {}): Athlete {
  return {
    id: 1,
    firstName: 'Ada',
    middleName: '',
    lastName: 'Okafor',
    gender: 'female',
    birthDate: bornYearsAgo(17),
    graduationYear: 2027,
    sportId: 1,
    positionId: 10,
    heightCm: 170,
    weightKg: 62,
    externalId: null,
    email: null,
    rosters: [{ id: 1, name: 'Varsity' }],
    createdAt: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

/** A page of the athlete list as `GET /athlete` answers it. */
export function athletePage(items: Athlete[], totalCount = items.length, pageSize = 20) {
  return { items, totalCount, pageNumber: 1, pageSize };
}

/** What the page needs besides the list: the coach, rosters, sports, positions. */
export function athletesPageRoutes(rosters: Roster[] = [testRoster()]) {
  return {
    'GET /api/user': () => json(testUser()),
    'GET /api/roster': () =>
      json({ items: rosters, totalCount: rosters.length, pageNumber: 1, pageSize: 500 }),
    'GET /api/sport': () => json({ items: sports, totalCount: 2, pageNumber: 1, pageSize: 500 }),
    'GET /api/position': () =>
      json({ items: positions, totalCount: 3, pageNumber: 1, pageSize: 500 }),
  };
}

/** The query string of a sent request, as an object. */
export function queryOf(request: { url: string }): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

/**
 * Renders the Athletes page alone (without the shell: faster, and the shell has its own
 * tests) at its route, in a fresh store, once the user (their role) is known.
 *
 * Two antd switches keep these tests fast and steady; neither changes what renders:
 * motion off (a theme token), so drawers, modals and popups open at once instead of
 * waiting for transitions jsdom never runs; and styles kept out of the document
 * (`mock="server"`), because jsdom matches every one of antd's thousands of CSS rules
 * on each `getComputedStyle`, which role queries call for every ancestor (profiled:
 * most of a test's time). The cost: visibility that antd sets by class alone is not
 * seen, so tests assert on content, not on `toBeVisible`.
 */
export async function openAthletesPage(
  options: Parameters<typeof renderWithProviders>[1] & { besides?: ReactNode } = {},
) {
  const { besides, ...renderOptions } = options;
  const view = renderWithProviders(
    <StyleProvider mock="server">
      <ConfigProvider theme={{ token: { motion: false } }}>
        {besides}
        <AthletesPage />
      </ConfigProvider>
    </StyleProvider>,
    { route: '/home/athlete', ...renderOptions },
  );
  await screen.findByRole('heading', { level: 1, name: 'Athletes' });
  await accountSettled(view.store);
  return view;
}

/** Waits until no request of the table is under way (its spinner is gone). */
export async function tableSettled() {
  await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
}

/**
 * The open dialog (modal or drawer) with this title. In tests antd gives every
 * generated id the same value (`test-id`), so `aria-labelledby` cannot name a dialog.
 */
export async function findDialog(title: string | RegExp): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen
      .getAllByRole('dialog')
      .find((dialog) =>
        Array.from(dialog.querySelectorAll('.ant-modal-title, .ant-drawer-title')).some((node) =>
          typeof title === 'string'
            ? node.textContent === title
            : title.test(node.textContent ?? ''),
        ),
      );
    expect(found).toBeDefined();
  });
  return found!;
}
