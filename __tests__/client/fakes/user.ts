import type { UserBody } from '../../../contract/user';

/**
 * A coach as `GET /user` answers, with a finished profile unless told.
 *
 * @example
 * stubApi({ 'GET /api/user': () => json(testUser({ hasUpdatedProfile: false })) });
 */
export function testUser(overrides: Partial<UserBody> = {}): UserBody {
  return {
    id: '7f1c2d9e-0000-4000-8000-000000000001',
    firstName: 'Ada',
    lastName: 'Okafor',
    email: 'ada@example.com',
    emailVerified: true,
    organisation: 'Riverside Lions',
    hasUpdatedProfile: true,
    athleteSpots: 12,
    logoUrl: null,
    telemetryId: '5b0e6f3a-0000-4000-8000-00000000aaaa',
    telemetryOptOut: false,
    userId: '7f1c2d9e-0000-4000-8000-000000000001',
    role: 'owner',
    rosterIds: null,
    workspaces: [
      {
        id: '7f1c2d9e-0000-4000-8000-000000000001',
        name: 'Riverside Lions',
        role: 'owner',
        rosterIds: null,
      },
    ],
    ...overrides,
  };
}
