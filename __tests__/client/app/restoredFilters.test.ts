import { ATHLETE_SORTS } from '../../../contract/athlete';
import { PROFILE_SORTS, TEAM_REPORT_SORTS } from '../../../contract/index-constants';
import { RESULT_SORTS } from '../../../contract/event-constants';
import { restoreKnownFields } from '../../../src/app/persistence';
import { makeStore, persistAppStore, persistedSliceKeys } from '../../../src/app/store';
import {
  athleteSorts,
  initialAthleteFilters,
} from '../../../src/features/athletes/athleteFiltersSlice';

/** Starts the app's store over what an earlier release saved, and waits for it to be back. */
async function restore(saved: Record<string, object>) {
  window.localStorage.setItem(
    'persist:splitline',
    JSON.stringify({
      ...Object.fromEntries(
        Object.entries(saved).map(([slice, state]) => [slice, JSON.stringify(state)]),
      ),
      _persist: JSON.stringify({ version: 1, rehydrated: true }),
    }),
  );
  const store = makeStore();
  const { persistor, restored } = persistAppStore(store);
  await restored;
  persistor.pause();
  window.localStorage.clear();
  return store.getState();
}

describe('restored filters are checked against the contract', () => {
  it('checks athletes against the contract’s own list (kept apart from its schemas)', () => {
    expect(athleteSorts).toEqual(ATHLETE_SORTS);
  });

  it('keeps a sort the contract still has', async () => {
    const state = await restore({
      athleteFilters: { ...initialAthleteFilters, sort: 'FirstNameAsc', lastNameQuery: 'Ng' },
    });
    expect(state.athleteFilters).toMatchObject({ sort: 'FirstNameAsc', lastNameQuery: 'Ng' });
  });

  it('puts back the default of a sort renamed since, and keeps the other filters', async () => {
    const state = await restore({
      athleteFilters: { ...initialAthleteFilters, sort: 'LastName', lastNameQuery: 'Ng' },
      individualResultFilters: { pageNumber: 2, pageSize: 50, sort: 'Date', typeQuery: '40' },
      profileFilters: { sort: 'OverallIndexAscending', pageNumber: 3 },
      eapiTeamReportFilters: { sort: 'Roster' },
    });
    expect(state.athleteFilters).toMatchObject({ sort: 'LastNameDesc', lastNameQuery: 'Ng' });
    expect(state.individualResultFilters).toMatchObject({
      sort: 'DateDesc',
      pageNumber: 2,
      pageSize: 50,
      typeQuery: '40',
    });
    expect(state.profileFilters).toMatchObject({ sort: 'DateCreatedDesc', pageNumber: 3 });
    expect(state.eapiTeamReportFilters.sort).toBe('DateDesc');
  });

  it('checks every persisted table slice’s sort against its contract list', async () => {
    const bogus = Object.fromEntries(persistedSliceKeys.map((key) => [key, { sort: 'Gone' }]));
    const state = (await restore(bogus)) as unknown as Record<string, { sort?: unknown }>;
    const contractSorts: readonly unknown[] = [
      ...ATHLETE_SORTS,
      ...RESULT_SORTS,
      ...PROFILE_SORTS,
      ...TEAM_REPORT_SORTS,
    ];
    for (const key of persistedSliceKeys) {
      // The leaderboard and history have no sort, nor the other workspaces' filters: no
      // field is added to them either.
      if (['leaderboardFilters', 'historicalFilters', 'workspaceFilters'].includes(key))
        expect(state[key]).not.toHaveProperty('sort');
      else expect(contractSorts).toContain(state[key]!.sort);
    }
  });
});

describe('restoreKnownFields', () => {
  const reduced = { f: { sort: 'New', page: 1 }, g: { sort: 'Any' } };

  it('keeps a value in the allowed list, and the default for one outside it', () => {
    const allowed = { f: { sort: ['New', 'Other'] } };
    expect(
      restoreKnownFields({ f: { sort: 'Other', page: 2 } }, reduced, reduced, allowed),
    ).toEqual({ f: { sort: 'Other', page: 2 }, g: { sort: 'Any' } });
    expect(restoreKnownFields({ f: { sort: 'Old', page: 2 } }, reduced, reduced, allowed)).toEqual({
      f: { sort: 'New', page: 2 },
      g: { sort: 'Any' },
    });
  });

  it('leaves a field without a list to the type check alone', () => {
    expect(restoreKnownFields({ g: { sort: 'Whatever' } }, reduced, reduced, {})).toMatchObject({
      g: { sort: 'Whatever' },
    });
  });
});
