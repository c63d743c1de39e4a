import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import type { ProfileInput } from '../../../../../contract/profile';
import AthleteProfilesPage from '../../../../../src/features/performance-index/profiles/AthleteProfilesPage';
import {
  accountSettled,
  empty,
  json,
  renderWithProviders,
  stubApi,
  testUser,
} from '../../../test-utils';
import { findDialog, queryOf, testAthlete, testRoster } from '../../athletes/athleteFixtures';
import { profilePage, testProfile } from '../reports/indexFixtures';

const list = <T,>(items: T[]) => ({
  items,
  totalCount: items.length,
  pageNumber: 1,
  pageSize: 500,
});

const athletes = [
  testAthlete({ id: 7, firstName: 'Ada', lastName: 'Okafor', weightKg: 62 }),
  testAthlete({ id: 8, firstName: 'Bo', lastName: 'Nguyen', weightKg: 80 }),
];
const typedIn = testProfile({
  id: 32,
  athleteId: 8,
  firstName: 'Bo',
  lastName: 'Nguyen',
  origin: 'manual',
  eapi: null,
  easi: 1502,
  bodyweightKg: null,
});

function pageRoutes(profiles = [testProfile(), typedIn]) {
  return {
    'GET /api/user': () => json(testUser()),
    'GET /api/roster': () => json(list([testRoster({ id: 1, name: 'Varsity' })])),
    'GET /api/athlete': () => json(list(athletes)),
    'GET /api/profile': () => json(profilePage(profiles)),
  };
}

async function openPage() {
  const view = renderWithProviders(
    <StyleProvider mock="server">
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AthleteProfilesPage />
      </ConfigProvider>
    </StyleProvider>,
    { route: '/home/athleteprofile' },
  );
  await screen.findByRole('heading', { level: 1, name: 'Athlete Profiles' });
  await accountSettled(view.store);
  return view;
}

async function fill(user: UserEvent, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

const fieldOf = (dialog: HTMLElement, label: string | RegExp) =>
  within(dialog).getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;

const sentInput = (api: ReturnType<typeof stubApi>, key: string) =>
  JSON.parse(api.sent(key).at(-1)!.body) as ProfileInput;

async function openAddDrawer(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: /Add profile/ }));
  return findDialog('Add profile');
}

async function chooseAthlete(user: UserEvent, drawer: HTMLElement, title: string) {
  await user.click(within(drawer).getByRole('combobox', { name: 'Athlete' }));
  await user.click(await screen.findByTitle(title));
}

describe('the profiles table', () => {
  it("lists profiles with their index, bodyweight and origin, asked with the spec's filters", async () => {
    const api = stubApi(pageRoutes());
    await openPage();
    const ada = await screen.findByRole('row', { name: /Okafor/ });
    expect(within(ada).getByText('1,556')).toBeInTheDocument();
    expect(within(ada).getByText('62 kg')).toBeInTheDocument();
    expect(within(ada).getByText('From results')).toBeInTheDocument();
    expect(within(ada).getByText('Mar 2, 2026')).toBeInTheDocument();
    const bo = screen.getByRole('row', { name: /Nguyen/ });
    expect(within(bo).getByText('Typed in')).toBeInTheDocument();
    expect(within(bo).getByText('1,502')).toBeInTheDocument();
    expect(queryOf(api.sent('GET /api/profile')[0]!)).toEqual({
      pageNumber: '1',
      pageSize: '20',
      rosterId: '-1',
      sort: 'DateCreatedDesc',
    });
  });

  it('sorts by a column: the spec value of its direction goes to the server', async () => {
    const api = stubApi(pageRoutes());
    const { user, store } = await openPage();
    await screen.findByRole('row', { name: /Okafor/ });
    await user.click(screen.getByRole('columnheader', { name: /EAPI/ }));
    await waitFor(() =>
      expect(queryOf(api.sent('GET /api/profile').at(-1)!).sort).toBe('OverallIndex'),
    );
    expect(store.getState().profileFilters.sort).toBe('OverallIndex');
  });

  it('says how profiles are made when there are none', async () => {
    stubApi(pageRoutes([]));
    await openPage();
    expect(await screen.findByText('No profiles yet')).toBeInTheDocument();
    expect(screen.getByText(/choose the EAPI/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manual Entry' })).toHaveAttribute(
      'href',
      '/home/result/program/manualentry',
    );
  });

  it('deletes a profile only when confirmed', async () => {
    const api = stubApi({ ...pageRoutes(), 'DELETE /api/profile/31': () => empty() });
    const { user } = await openPage();
    await screen.findByRole('row', { name: /Okafor/ });
    await user.click(screen.getByRole('button', { name: 'Delete Ada Okafor, 2026-03-02' }));
    const confirm = await screen.findByRole('tooltip');
    expect(
      within(confirm).getByText('Delete the profile of Ada Okafor, 2026-03-02?'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.sent('DELETE /api/profile/31')).toHaveLength(1));
    expect(await screen.findByText('Profile of Ada Okafor deleted.')).toBeInTheDocument();
  });

  it('rebuilds a typed-in profile from results (and offers it only for those)', async () => {
    const api = stubApi({
      ...pageRoutes(),
      'POST /api/profile/32/rebuild': () => json({ ...typedIn, origin: 'results' }),
    });
    const { user } = await openPage();
    await screen.findByRole('row', { name: /Okafor/ });
    expect(
      screen.queryByRole('button', { name: 'Rebuild Ada Okafor, 2026-03-02 from results' }),
    ).not.toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Rebuild Bo Nguyen, 2026-03-02 from results' }),
    );
    await user.click(
      within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Rebuild' }),
    );
    await waitFor(() => expect(api.sent('POST /api/profile/32/rebuild')).toHaveLength(1));
    // The list is asked again (the Profile tag).
    await waitFor(() => expect(api.sent('GET /api/profile').length).toBeGreaterThan(1));
  });
});

describe('athlete profiles by role', () => {
  const actions = (name: string) =>
    screen.queryAllByRole('button', {
      name: new RegExp(`^(Edit|Delete|Rebuild) ${name}`),
    });

  it('shows a viewer the profiles and their reports, and no way to change them', async () => {
    stubApi({ ...pageRoutes(), 'GET /api/user': () => json(testUser({ role: 'viewer' })) });
    await openPage();
    await screen.findByRole('row', { name: /Nguyen/ });
    const add = screen.getByRole('button', { name: /Add profile/ });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(
      "Viewers can't add profiles. Ask an owner of Riverside Lions for the coach role.",
    );
    expect(actions('Bo Nguyen')).toEqual([]);
    expect(
      screen.getByRole('link', { name: 'EAPI report of Bo Nguyen, 2026-03-02' }),
    ).toBeVisible();
  });

  it('lets a coach add, edit, rebuild and delete', async () => {
    stubApi({ ...pageRoutes(), 'GET /api/user': () => json(testUser({ role: 'coach' })) });
    await openPage();
    await screen.findByRole('row', { name: /Nguyen/ });
    expect(screen.getByRole('button', { name: /Add profile/ })).toBeEnabled();
    expect(actions('Bo Nguyen')).toHaveLength(3);
  });
});

describe('the profile drawer', () => {
  it("sends the measurements in ms and mm, with the athlete's bodyweight", async () => {
    const api = stubApi({
      ...pageRoutes(),
      'POST /api/profile': () => json(testProfile({ id: 40 }), 201),
    });
    const { user } = await openPage();
    const drawer = await openAddDrawer(user);
    await chooseAthlete(user, drawer, 'Nguyen, Bo');
    await waitFor(() => expect(within(drawer).getByLabelText(/^Bodyweight/)).toHaveValue('80'));
    await fill(user, within(drawer).getByLabelText(/^10-yd sprint/), '1.78');
    await fill(user, within(drawer).getByLabelText(/^Vertical jump/), '22');
    await user.click(within(drawer).getByRole('button', { name: 'Add profile' }));

    await waitFor(() => expect(api.sent('POST /api/profile')).toHaveLength(1));
    const input = sentInput(api, 'POST /api/profile');
    expect(input).toEqual({
      athleteId: 8,
      testedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      bodyweightKg: 80,
      measurements: {
        verticalJumpMm: 559, // 22 in
        sprint10Ms: 1780,
        proAgilityMs: null,
        sprint40Ms: null,
        broadJumpMm: null,
        accelerationMs: null,
        transitionMs: null,
        topSpeedMs: null,
        flying10Ms: null,
      },
    });
    expect(await screen.findByText('Profile added.')).toBeInTheDocument();
  });

  it('takes jumps in centimetres too', async () => {
    const api = stubApi({ ...pageRoutes(), 'POST /api/profile': () => json(testProfile(), 201) });
    const { user } = await openPage();
    const drawer = await openAddDrawer(user);
    await chooseAthlete(user, drawer, 'Okafor, Ada');
    await fill(user, within(drawer).getByLabelText(/^Vertical jump/), '22');
    await user.click(within(drawer).getByText('centimetres'));
    // The same jump in the other unit: 22 in is 55.9 cm.
    expect(within(drawer).getByLabelText(/^Vertical jump/)).toHaveValue('55.9');
    await fill(user, within(drawer).getByLabelText(/^Broad jump/), '245');
    await user.click(within(drawer).getByRole('button', { name: 'Add profile' }));
    await waitFor(() => expect(api.sent('POST /api/profile')).toHaveLength(1));
    expect(sentInput(api, 'POST /api/profile').measurements).toEqual(
      expect.objectContaining({ verticalJumpMm: 559, broadJumpMm: 2450 }),
    );
  });

  it('checks the ranges and that something was measured before sending', async () => {
    const api = stubApi(pageRoutes());
    const { user } = await openPage();
    const drawer = await openAddDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Add profile' }));
    expect(await within(drawer).findByText('Choose the athlete.')).toBeInTheDocument();

    await chooseAthlete(user, drawer, 'Okafor, Ada');
    await user.click(within(drawer).getByRole('button', { name: 'Add profile' }));
    expect(await within(drawer).findByText('Type at least one measurement.')).toBeInTheDocument();

    await fill(user, within(drawer).getByLabelText(/^10-yd sprint/), '0.8');
    await fill(user, within(drawer).getByLabelText(/^Vertical jump/), '70');
    await user.click(within(drawer).getByRole('button', { name: 'Add profile' }));
    expect(
      await within(fieldOf(drawer, /^10-yd sprint/)).findByText(
        'Between 1.00 and 4.00 s: check the value.',
      ),
    ).toBeInTheDocument();
    expect(
      within(fieldOf(drawer, /^Vertical jump/)).getByText(
        'Between 2.0 and 63.0 in: check the value and unit.',
      ),
    ).toBeInTheDocument();
    expect(api.sent('POST /api/profile')).toHaveLength(0);
  });

  it("shows the server's 400 messages at their fields", async () => {
    stubApi({
      ...pageRoutes(),
      'POST /api/profile': () =>
        json(
          {
            errors: {
              'measurements.proAgilityMs': ['must be <= 9000'],
              testedOn: ['Ada Okafor already has a profile on 2026-03-02.'],
              body: ['Something else is wrong.'],
            },
          },
          400,
        ),
    });
    const { user } = await openPage();
    const drawer = await openAddDrawer(user);
    await chooseAthlete(user, drawer, 'Okafor, Ada');
    await fill(user, within(drawer).getByLabelText(/^Pro agility/), '4.81');
    await user.click(within(drawer).getByRole('button', { name: 'Add profile' }));

    expect(
      await within(fieldOf(drawer, /^Pro agility/)).findByText('must be <= 9000'),
    ).toBeInTheDocument();
    expect(within(drawer).getByLabelText(/^Pro agility/)).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(fieldOf(drawer, 'Testing day')).getByText(
        'Ada Okafor already has a profile on 2026-03-02.',
      ),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('Something else is wrong.')).toBeInTheDocument();
  });

  it('edits a profile, keeping the values left alone exactly as stored', async () => {
    const api = stubApi({
      ...pageRoutes(),
      'PUT /api/profile/31': () => json(testProfile({ origin: 'manual' })),
    });
    const { user } = await openPage();
    await screen.findByRole('row', { name: /Okafor/ });
    await user.click(screen.getByRole('button', { name: 'Edit Ada Okafor, 2026-03-02' }));
    const drawer = await findDialog(/^Edit profile/);
    expect(within(drawer).getByText(/Built from this day’s EAPI results/)).toBeInTheDocument();
    expect(within(drawer).getByLabelText(/^10-yd sprint/)).toHaveValue('1.78');
    const agility = within(drawer).getByLabelText(/^Pro agility/);
    await user.clear(agility);
    await user.paste('4.75');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.sent('PUT /api/profile/31')).toHaveLength(1));
    expect(sentInput(api, 'PUT /api/profile/31')).toEqual({
      athleteId: 7,
      testedOn: '2026-03-02',
      bodyweightKg: 62,
      measurements: expect.objectContaining({
        sprint10Ms: 1783, // shown as 1.78, not changed: sent as stored
        verticalJumpMm: 559,
        proAgilityMs: 4750,
        sprint40Ms: null,
      }),
    });
  });
});
