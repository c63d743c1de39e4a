import { screen } from '@testing-library/react';
import { PERMISSIONS } from '../../../contract/permissions';
import {
  membershipOf,
  permissionFor,
  useMayCall,
  type ApiCall,
  type Membership,
} from '../../../src/lib/permissions';
import { json, renderWithProviders, stubApi, testUser } from '../test-utils';

const lions = (overrides: Partial<Membership>): Membership => ({
  role: 'owner',
  limited: false,
  workspace: 'Riverside Lions',
  ...overrides,
});
const owner = lions({});
const coach = lions({ role: 'coach' });
const limitedCoach = lions({ role: 'coach', limited: true });
const viewer = lions({ role: 'viewer' });

describe('permissionFor', () => {
  it('lets an owner make every call of the table', () => {
    for (const call of Object.keys(PERMISSIONS))
      expect(permissionFor(owner, call as ApiCall).allowed).toBe(true);
  });

  it("tells a viewer why they can't write, and whom to ask", () => {
    expect(permissionFor(viewer, 'POST /api/athlete', 'add athletes')).toEqual({
      allowed: false,
      pending: false,
      reason: "Viewers can't add athletes. Ask an owner of Riverside Lions for the coach role.",
    });
    expect(permissionFor(viewer, 'GET /api/athlete').allowed).toBe(true);
  });

  it("says an owner's call is an owner's", () => {
    expect(permissionFor(coach, 'GET /api/store', 'open the Store').reason).toBe(
      'Only an owner of Riverside Lions can open the Store.',
    );
    expect(permissionFor(viewer, 'DELETE /api/user/purge', 'delete the data').reason).toBe(
      'Only an owner of Riverside Lions can delete the data.',
    );
  });

  it('lets a coach write, but a coach limited to some rosters only where the table says', () => {
    expect(permissionFor(coach, 'PUT /api/athlete/{id}').allowed).toBe(true);
    expect(permissionFor(limitedCoach, 'POST /api/event').allowed).toBe(true);
    expect(permissionFor(limitedCoach, 'PUT /api/athlete/{id}').allowed).toBe(true);
    expect(permissionFor(limitedCoach, 'POST /api/roster', 'add rosters').reason).toBe(
      "You can't add rosters while limited to some rosters. Ask an owner of Riverside Lions for access to every roster.",
    );
  });

  it("keeps a route missing from the table the owners' (as the server does)", () => {
    expect(permissionFor(owner, 'POST /api/not-in-the-table').allowed).toBe(true);
    expect(permissionFor(coach, 'POST /api/not-in-the-table', 'do it').reason).toBe(
      'Only an owner of Riverside Lions can do it.',
    );
  });

  it('lets a user of no workspace do only their own things', () => {
    const nobody = lions({ role: null, workspace: 'this workspace' });
    expect(permissionFor(nobody, 'PUT /api/user').allowed).toBe(true);
    expect(permissionFor(nobody, 'GET /api/athlete').reason).toBe(
      'You are not a member of this workspace.',
    );
  });
});

describe('membershipOf', () => {
  it("reads the role, the roster limit and the current workspace's name", () => {
    const user = testUser({
      id: 'b0000000-0000-4000-8000-000000000002',
      role: 'coach',
      rosterIds: [3],
      workspaces: [
        ...testUser().workspaces,
        {
          id: 'b0000000-0000-4000-8000-000000000002',
          name: 'Hill Valley Track',
          role: 'coach',
          rosterIds: [3],
        },
      ],
    });
    expect(membershipOf(user)).toEqual({
      role: 'coach',
      limited: true,
      workspace: 'Hill Valley Track',
    });
  });
});

function Probe() {
  const { allowed, pending, reason } = useMayCall('POST', '/api/athlete', 'add athletes');
  return <p>{pending ? 'pending' : allowed ? 'allowed' : `refused: ${reason}`}</p>;
}

describe('useMayCall', () => {
  it('is pending while the user loads, then answers for their role', async () => {
    let answer!: (response: Response) => void;
    stubApi({ 'GET /api/user': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<Probe />);
    expect(await screen.findByText('pending')).toBeInTheDocument();
    answer(json(testUser({ role: 'viewer' })));
    expect(
      await screen.findByText(
        "refused: Viewers can't add athletes. Ask an owner of Riverside Lions for the coach role.",
      ),
    ).toBeInTheDocument();
  });

  it('leaves it to the server when the user cannot be read (offline)', async () => {
    stubApi({ 'GET /api/user': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderWithProviders(<Probe />);
    expect(await screen.findByText('allowed')).toBeInTheDocument();
  });
});
