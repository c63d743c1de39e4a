import { sql } from 'kysely';
import type { App } from '../../../server/app';
import { newCoach, type Coach } from '../athlete/helpers';
import { sprint } from '../event/fixtures';
import { buildTestApp } from '../helpers/build-test-app';
import { emailOf, inWorkspace, invitationToken, join } from './helpers';

/** Members of a workspace (issue 34, decision 035): invitations, roles, removal, handing over. */
describe('team workspaces: members', () => {
  let app: App;
  let owner: Coach;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    owner = await newCoach(app);
  }, 120_000);
  afterAll(() => app.close());

  it('invites by e-mail; the invitee accepts, lands in the workspace and sees their role', async () => {
    const coach = await join(app, owner, 'coach');
    const me = (await coach.user.get('/api/user')).json();
    // The last workspace chosen (accepting chooses it) answers a call without the header.
    expect(me).toMatchObject({ id: owner.accountId, userId: coach.userId, role: 'coach' });
    expect(me.workspaces).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: owner.accountId, role: 'coach', rosterIds: null }),
        expect.objectContaining({ id: coach.userId, role: 'owner' }),
      ]),
    );
    const members = (await owner.get('/api/member')).json();
    expect(members.items.map((m: { role: string }) => m.role)).toEqual(['owner', 'coach']);
    expect(members.items[1]).toMatchObject({
      userId: coach.userId,
      email: await emailOf(coach.user),
    });
    // The invitation is used: a second accept is refused, and it is listed as accepted.
    const token = await invitationToken(app, await emailOf(coach.user));
    const again = await coach.user.post('/api/invitation/accept', { token });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/used already/);
    const invitations = (await owner.get('/api/member/invitation')).json().items;
    expect(invitations[0]).toMatchObject({ role: 'coach', status: 'accepted' });
  });

  it('switches workspaces by header and remembers the one chosen', async () => {
    const viewer = await join(app, owner, 'viewer');
    const own = inWorkspace(viewer.user, viewer.userId);
    expect((await own.get('/api/user')).json()).toMatchObject({ id: viewer.userId, role: 'owner' });
    // Its own workspace's data is its own; the program's athletes are the program's.
    await own.post('/api/athlete', { firstName: 'Own', lastName: 'One' });
    await owner.createAthlete({ firstName: 'Team', lastName: 'Two' });
    const names = async (m: { get: (u: string) => Promise<{ json(): unknown }> }) =>
      ((await m.get('/api/athlete')).json() as { items: { firstName: string }[] }).items.map(
        (a) => a.firstName,
      );
    expect(await names(own)).toEqual(['Own']);
    expect(await names(viewer)).toContain('Team');
    expect(await names(viewer)).not.toContain('Own');
    const chosen = await viewer.user.put('/api/workspace/current', { workspaceId: viewer.userId });
    expect(chosen.statusCode).toBe(200);
    expect((await viewer.user.get('/api/user')).json()).toMatchObject({ id: viewer.userId });
    expect((await viewer.user.get('/api/workspace')).json().currentId).toBe(viewer.userId);
    const stranger = await newCoach(app);
    const refused = await viewer.user.put('/api/workspace/current', {
      workspaceId: stranger.accountId,
    });
    expect(refused.statusCode).toBe(404);
    const bad = await viewer.user.request({
      url: '/api/user',
      headers: { 'x-splitline-workspace': 'not-a-uuid' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('x-splitline-workspace');
  });

  it('refuses by role with a clear 403', async () => {
    const viewer = await join(app, owner, 'viewer');
    const write = await viewer.post('/api/athlete', { firstName: 'No', lastName: 'Way' });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toMatch(/role in this workspace \(viewer\)/);
    const coach = await join(app, owner, 'coach');
    expect(
      (await coach.post('/api/athlete', { firstName: 'Yes', lastName: 'Way' })).statusCode,
    ).toBe(201);
    expect((await coach.get('/api/integration/api-key')).statusCode).toBe(403);
    expect((await coach.get('/api/member')).statusCode).toBe(403);
    expect((await coach.request({ method: 'DELETE', url: '/api/user/purge' })).statusCode).toBe(
      403,
    );
  });

  it('a removed or demoted member loses the access at their next request', async () => {
    const coach = await join(app, owner, 'coach');
    expect((await coach.post('/api/roster', { name: 'Sprinters A' })).statusCode).toBe(201);
    const demoted = await owner.put(`/api/member/${coach.userId}`, { role: 'viewer' });
    expect(demoted.json()).toMatchObject({ role: 'viewer', rosterIds: null });
    expect((await coach.post('/api/roster', { name: 'Sprinters B' })).statusCode).toBe(403);
    expect((await coach.get('/api/roster')).statusCode).toBe(200);
    expect((await owner.del(`/api/member/${coach.userId}`)).statusCode).toBe(204);
    const after = await coach.get('/api/roster');
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toMatch(/not a member of this workspace/);
    // Without the header they are back in their own workspace.
    expect((await coach.user.get('/api/user')).json()).toMatchObject({
      id: coach.userId,
      role: 'owner',
    });
  });

  it('keeps at least one owner; ownership can be handed over', async () => {
    const me = (await owner.get('/api/user')).json<{ userId: string }>().userId;
    const selfDemote = await owner.put(`/api/member/${me}`, { role: 'coach' });
    expect(selfDemote.statusCode).toBe(409);
    expect(selfDemote.json().message).toMatch(/at least one owner/);
    expect((await owner.del(`/api/member/${me}`)).statusCode).toBe(409);
    expect((await owner.post('/api/workspace/leave')).statusCode).toBe(409);

    const program = await newCoach(app);
    const heir = await join(app, program, 'coach');
    const handed = await program.post(`/api/member/${heir.userId}/ownership`);
    expect(handed.json()).toMatchObject({ userId: heir.userId, role: 'owner' });
    expect((await program.get('/api/member')).statusCode).toBe(403);
    const members = (await heir.get('/api/member')).json().items;
    expect(members.map((m: { role: string }) => m.role)).toEqual(['owner', 'coach']);
    // The former owner, a coach now, may leave.
    expect((await program.post('/api/workspace/leave')).statusCode).toBe(204);
    expect((await heir.get('/api/member')).json().totalCount).toBe(1);
  });

  it("writes member events in the activity log in the change's own transaction", async () => {
    const program = await newCoach(app);
    const coach = await join(app, program, 'coach');
    const email = await emailOf(coach.user);
    const varsity = await program.createRoster('Varsity');
    const changed = await program.put(`/api/member/${coach.userId}`, {
      role: 'viewer',
      rosterIds: [varsity.id],
    });
    expect(changed.statusCode).toBe(200);
    const entries = async () =>
      (await program.get('/api/activity?kind=member')).json<{
        items: { action: string; subjectLabel: string; after: unknown }[];
      }>().items;
    expect((await entries()).map((e) => [e.action, e.subjectLabel, e.after])).toEqual([
      // The roster limit by name, as a coach reads it; null: every roster.
      ['role_changed', email, { role: 'viewer', rosters: ['Varsity'] }],
      ['joined', email, { role: 'coach' }],
      ['invited', email, { role: 'coach', rosters: null }],
    ]);
    // An entry that cannot be written takes its change back with it.
    await sql`create function refuse_member_entry() returns trigger language plpgsql as $$
      begin if new.kind = 'member' then raise exception 'no member entries'; end if; return new; end
      $$`.execute(app.db);
    await sql`create trigger refuse_member_entry before insert on activity_log
      for each row execute function refuse_member_entry()`.execute(app.db);
    try {
      expect((await program.put(`/api/member/${coach.userId}`, { role: 'coach' })).statusCode).toBe(
        500,
      );
      expect((await program.del(`/api/member/${coach.userId}`)).statusCode).toBe(500);
    } finally {
      await sql`drop trigger refuse_member_entry on activity_log`.execute(app.db);
      await sql`drop function refuse_member_entry()`.execute(app.db);
    }
    const members = (await program.get('/api/member')).json<{ items: { role: string }[] }>();
    expect(members.items.map((m) => m.role)).toEqual(['owner', 'viewer']);
    expect(await entries()).toHaveLength(3);
    expect((await program.del(`/api/member/${coach.userId}`)).statusCode).toBe(204);
    expect((await entries())[0]).toMatchObject({ action: 'removed', subjectLabel: email });
  });

  it('invitations expire, can be revoked, are for their address, and are validated', async () => {
    const a = await newCoach(app);
    const aEmail = await emailOf(a);
    const made = await owner.post('/api/member/invitation', { email: aEmail, role: 'viewer' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ status: 'pending', role: 'viewer' });
    const token = await invitationToken(app, aEmail);
    const b = await newCoach(app);
    const wrong = await b.post('/api/invitation/accept', { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toMatch(/another address/);
    expect((await owner.del(`/api/member/invitation/${made.json().id}`)).statusCode).toBe(204);
    expect((await a.post('/api/invitation/accept', { token })).json().message).toMatch(/withdrawn/);

    const again = await owner.post('/api/member/invitation', { email: aEmail, role: 'coach' });
    await sql`update workspace_invitations set expires_at = now() - interval '1 second'
      where id = ${again.json().id}`.execute(app.db);
    const expired = await a.post('/api/invitation/accept', {
      token: await invitationToken(app, aEmail),
    });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/expired/);
    expect((await a.post('/api/invitation/accept', { token: 'x'.repeat(43) })).statusCode).toBe(
      404,
    );

    const invalid = await owner.post('/api/member/invitation', { email: 'nobody', role: 'coach' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toHaveProperty('email');
    const ownerLimited = await owner.post('/api/member/invitation', {
      email: 'x@example.org',
      role: 'owner',
      rosterIds: [1],
    });
    expect(ownerLimited.json().errors).toHaveProperty('rosterIds');
    const foreign = await newCoach(app);
    const theirs = await foreign.createRoster('Not yours');
    const foreignRoster = await owner.post('/api/member/invitation', {
      email: 'y@example.org',
      role: 'coach',
      rosterIds: [theirs.id],
    });
    expect(foreignRoster.statusCode).toBe(400);
    expect(foreignRoster.json().errors.rosterIds[0]).toMatch(/no such roster/);
    const member = await join(app, owner, 'viewer');
    const dup = await owner.post('/api/member/invitation', {
      email: await emailOf(member.user),
      role: 'coach',
    });
    expect(dup.statusCode).toBe(409);
  });

  it('holds a roster-limited coach to their rosters', async () => {
    const program = await newCoach(app, { spots: 100 });
    const mine = await program.createRoster('Mine');
    const other = await program.createRoster('Other');
    const inMine = await program.createAthlete({
      firstName: 'In',
      lastName: 'Mine',
      rosterIds: [mine.id],
    });
    const inOther = await program.createAthlete({
      firstName: 'In',
      lastName: 'Other',
      rosterIds: [other.id],
    });
    const coach = await join(app, program, 'coach', [mine.id]);
    expect((await coach.get('/api/user')).json().rosterIds).toEqual([mine.id]);
    expect((await coach.get('/api/roster')).json().items.map((r: { id: number }) => r.id)).toEqual([
      mine.id,
    ]);
    const list = (await coach.get('/api/athlete')).json();
    expect(list.items.map((a: { id: number }) => a.id)).toEqual([inMine.id]);
    expect((await coach.get(`/api/athlete?rosterId=${other.id}`)).statusCode).toBe(403);
    expect((await coach.get(`/api/athlete/${inMine.id}`)).statusCode).toBe(200);
    expect((await coach.get(`/api/athlete/${inOther.id}`)).statusCode).toBe(404);
    // Results: entered for their athletes only; listed for their roster only.
    const result = (athleteId: number) => sprint(`c-${athleteId}-${Math.random()}`, athleteId);
    const ours = await coach.post('/api/event', result(inMine.id));
    expect(ours.statusCode).toBeLessThan(300);
    const theirs = await coach.post('/api/event', {
      items: [result(inMine.id), result(inOther.id)],
    });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toMatch(/only for athletes on your rosters/);
    await program.post('/api/event', result(inOther.id));
    const results = (await coach.get('/api/event')).json();
    expect(results.items.map((r: { athlete: { id: number } }) => r.athlete.id)).toEqual([
      inMine.id,
    ]);
    // Making rosters is the program's: refused to a limited member, not narrowed.
    expect((await coach.post('/api/roster', { name: 'Theirs' })).statusCode).toBe(403);
    // Limited to two rosters, a list that names none lists the first (as the app shows it).
    await program.put(`/api/member/${coach.userId}`, {
      role: 'coach',
      rosterIds: [other.id, mine.id],
    });
    const first = await coach.get('/api/athlete');
    expect(first.statusCode).toBe(200);
    expect(first.json().items.map((a: { id: number }) => a.id)).toEqual([inOther.id]);
    expect((await coach.get('/api/user')).json().rosterIds).toEqual([other.id, mine.id]);
    const named = await coach.get(`/api/athlete?rosterId=${mine.id}`);
    expect(named.json().items.map((a: { id: number }) => a.id)).toEqual([inMine.id]);
  });

  it('API keys belong to the workspace; a read key reads the roster and sends nothing', async () => {
    const program = await newCoach(app, { spots: 10 });
    await program.createAthlete({ firstName: 'Timed', lastName: 'Runner' });
    const read = (
      await program.post('/api/integration/api-key', { name: 'Gate', access: 'read' })
    ).json();
    const write = (await program.post('/api/integration/api-key', { name: 'Lane' })).json();
    expect(read.access).toBe('read');
    expect(write.access).toBe('write');
    const as = (key: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}` } });
    const roster = await as(read.key, 'GET', '/api/athlete');
    expect(roster.statusCode).toBe(200);
    expect(roster.json().items[0].firstName).toBe('Timed');
    expect((await as(write.key, 'GET', '/api/athlete')).statusCode).toBe(200);
    const post = await as(read.key, 'POST', '/api/event', { items: [] });
    expect(post.statusCode).toBe(403);
    expect(post.json().message).toMatch(/read-only/);
    expect((await as(write.key, 'GET', '/api/member')).statusCode).toBe(403);
  });
});
