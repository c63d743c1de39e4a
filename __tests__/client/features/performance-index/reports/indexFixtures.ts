import type {
  AthleteReportBody,
  ProfileBody,
  TeamReportBody,
  TeamReportListBody,
} from '../../../../../contract/profile';
import { MEASUREMENTS, TESTS } from '../../../../../contract/index-constants';

const nothing = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, null])) as Record<K, null>;

/** A profile as the API answers it: Ada Okafor's EAPI day, built from results. */
export function testProfile(overrides: Partial<ProfileBody> = {}): ProfileBody {
  return {
    id: 31,
    athleteId: 7,
    firstName: 'Ada',
    middleName: '',
    lastName: 'Okafor',
    testedOn: '2026-03-02',
    bodyweightKg: 62,
    origin: 'results',
    referenceVersion: 1,
    measurements: {
      ...nothing(MEASUREMENTS),
      verticalJumpMm: 559,
      sprint10Ms: 1783,
      proAgilityMs: 4812,
    },
    points: { ...nothing(TESTS), verticalJumpPowerW: 512, sprint10Ms: 561, proAgilityMs: 483 },
    sourceResults: {
      ...nothing(MEASUREMENTS),
      verticalJumpMm: 901,
      sprint10Ms: 902,
      proAgilityMs: 903,
    },
    eapi: 1556,
    easi: null,
    createdAt: '2026-03-02T15:00:00.000Z',
    updatedAt: '2026-03-02T15:00:00.000Z',
    ...overrides,
  };
}

/** A page of a profile list. */
export function profilePage(items: ProfileBody[], totalCount = items.length, pageSize = 20) {
  return { items, totalCount, pageNumber: 1, pageSize };
}

/** Ada's EAPI report of 2 March: three core tests scored, the 40 yd optional one not. */
export function testAthleteReport(overrides: Partial<AthleteReportBody> = {}): AthleteReportBody {
  const reference = (test: (typeof TESTS)[number], mean: number, sd: number, lower: boolean) => ({
    test,
    sex: 'female' as const,
    level: 'all',
    mean,
    sd,
    lowerIsBetter: lower,
    source: 'NSCA norms (2016)',
  });
  return {
    index: 'eapi',
    athlete: {
      id: 7,
      firstName: 'Ada',
      middleName: '',
      lastName: 'Okafor',
      gender: 'female',
      position: 'Wide receiver',
      sport: 'Football',
    },
    profile: testProfile(),
    overall: 1556,
    overallTier: 'Average',
    overallPointsToNextTier: 94,
    tests: [
      {
        test: 'verticalJumpPowerW',
        core: true,
        measurement: 559,
        computed: 3398,
        points: 512,
        tier: 'Average',
        pointsToNextTier: 38,
        reference: reference('verticalJumpPowerW', 3300, 820, false),
        resultId: 901,
      },
      {
        test: 'sprint10Ms',
        core: true,
        measurement: 1783,
        computed: null,
        points: 561,
        tier: 'Strong',
        pointsToNextTier: 139,
        reference: reference('sprint10Ms', 1830, 77, true),
        resultId: 902,
      },
      {
        test: 'proAgilityMs',
        core: true,
        measurement: 4812,
        computed: null,
        points: 483,
        tier: 'Average',
        pointsToNextTier: 67,
        reference: reference('proAgilityMs', 4790, 130, true),
        resultId: null,
      },
      {
        test: 'sprint40Ms',
        core: false,
        measurement: null,
        computed: null,
        points: null,
        tier: null,
        pointsToNextTier: null,
        reference: null,
        resultId: null,
      },
    ],
    percentiles: [
      // 17 lower, 6 higher: rank 7, (17 + ½) / 24 = the 73rd percentile.
      { group: 'roster', name: 'Varsity', rank: 7, percentile: 73, athletes: 24 },
      { group: 'roster', name: 'Relay', rank: 1, percentile: 50, athletes: 1 },
      { group: 'position', name: 'Wide receiver', rank: 6, percentile: 39, athletes: 9 },
    ],
    history: [
      { profileId: 20, testedOn: '2025-10-14', overall: 1490 },
      { profileId: 31, testedOn: '2026-03-02', overall: 1556 },
    ],
    referenceVersion: 1,
    ...overrides,
  };
}

export function teamReportList(items: TeamReportListBody['items']): TeamReportListBody {
  return { items, totalCount: items.length, pageNumber: 1, pageSize: 20 };
}

/** Varsity's testing day of 2 March: two complete indexes, one incomplete. */
export function testTeamReport(overrides: Partial<TeamReportBody> = {}): TeamReportBody {
  const points = (values: Partial<Record<(typeof TESTS)[number], number>>) => ({
    ...nothing(TESTS),
    ...values,
  });
  return {
    rosterId: 3,
    rosterName: 'Varsity',
    date: '2026-03-02',
    athleteCount: 3,
    averageOverallIndex: 1603.5,
    testAverages: [
      { test: 'verticalJumpPowerW', average: 540.5, count: 2 },
      { test: 'sprint10Ms', average: 575, count: 3 },
      { test: 'proAgilityMs', average: 488, count: 2 },
      { test: 'sprint40Ms', average: null, count: 0 },
      { test: 'broadJumpMm', average: null, count: 0 },
      { test: 'accelerationMs', average: 610, count: 1 },
    ],
    distribution: [
      { from: 1500, count: 1 },
      { from: 1600, count: 1 },
    ],
    athletes: [
      {
        rank: 1,
        profileId: 41,
        athleteId: 8,
        firstName: 'Bo',
        middleName: '',
        lastName: 'Nguyen',
        eapi: 1651,
        points: points({ verticalJumpPowerW: 569, sprint10Ms: 589, proAgilityMs: 493 }),
        change: 42,
      },
      {
        rank: 2,
        profileId: 31,
        athleteId: 7,
        firstName: 'Ada',
        middleName: '',
        lastName: 'Okafor',
        eapi: 1556,
        points: points({ verticalJumpPowerW: 512, sprint10Ms: 561, proAgilityMs: 483 }),
        change: -12,
      },
      {
        rank: null,
        profileId: 51,
        athleteId: 9,
        firstName: 'Cy',
        middleName: '',
        lastName: 'Mills',
        eapi: null,
        points: points({ sprint10Ms: 575 }),
        change: null,
      },
    ],
    previous: { date: '2025-10-14', averageOverallIndex: 1580.25, change: 23.25 },
    referenceVersion: 1,
    ...overrides,
  };
}
