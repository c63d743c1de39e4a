import type { InvitationBody, MemberBody } from '../../../../contract/workspace';
import { json, testUser } from '../../test-utils';

/** A member as `GET /api/member` answers; the signed-in owner (fakeAuth's ada@) unless told. */
export function testMember(overrides: Partial<MemberBody> = {}): MemberBody {
  return {
    userId: '7f1c2d9e-0000-4000-8000-000000000001',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Okafor',
    role: 'owner',
    rosterIds: null,
    joinedAt: '2026-03-01T15:04:05.000Z',
    ...overrides,
  };
}

export const ada = testMember();
export const bo = testMember({
  userId: '7f1c2d9e-0000-4000-8000-000000000002',
  email: 'bo@example.com',
  firstName: 'Bo',
  lastName: 'Nguyen',
  role: 'coach',
  rosterIds: [1],
  joinedAt: '2026-03-05T09:00:00.000Z',
});
export const cy = testMember({
  userId: '7f1c2d9e-0000-4000-8000-000000000003',
  email: 'cy@example.com',
  firstName: '',
  lastName: '',
  role: 'viewer',
  joinedAt: '2026-03-06T09:00:00.000Z',
});

/** An invitation as `GET /api/member/invitation` answers: pending unless told. */
export function testInvitation(overrides: Partial<InvitationBody> = {}): InvitationBody {
  return {
    id: 1,
    email: 'dee@example.com',
    role: 'coach',
    rosterIds: null,
    createdAt: '2026-03-07T10:00:00.000Z',
    expiresAt: '2026-03-14T10:00:00.000Z',
    status: 'pending',
    ...overrides,
  };
}

const roster = (id: number, name: string) => ({
  id,
  name,
  athleteCount: 12,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** The page's reads: the signed-in owner (Ada), members, invitations and the rosters. */
export function membersPageRoutes(
  members: () => MemberBody[],
  invitations: () => InvitationBody[] = () => [],
) {
  const rosters = [roster(1, 'Varsity'), roster(2, 'Sprinters')];
  return {
    'GET /api/user': () => json(testUser({ userId: ada.userId })),
    'GET /api/member': () => json({ items: members(), totalCount: members().length }),
    'GET /api/member/invitation': () => json({ items: invitations() }),
    'GET /api/roster': () =>
      json({ items: rosters, totalCount: rosters.length, pageNumber: 1, pageSize: 100 }),
  };
}
