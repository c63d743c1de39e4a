import { sql } from 'kysely';
import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import { insertProfile } from '../helpers/profiles';
import { D1, D2, D3, reportAccount, type ReportAccount } from './fixtures';

/**
 * team_days and athlete_indexes (migration 018) are kept by triggers: after every kind of
 * write to profiles and memberships they must equal a count from scratch.
 */
describe('the report summaries kept by triggers', () => {
  let app: App;
  let a: ReportAccount;
  let b: ReportAccount;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    a = await reportAccount(app);
    b = await reportAccount(app);
  });
  afterAll(() => app.close());

  async function actual() {
    const teams = await sql<{ key: string }>`
      select concat_ws(' ', roster_id, tested_on::text, athletes, complete, eapi_sum) as key
      from team_days order by 1`.execute(app.db);
    const latest = await sql<{ key: string }>`
      select concat_ws(' ', athlete_id, coalesce(eapi, -1), coalesce(easi, -1)) as key
      from athlete_indexes order by 1`.execute(app.db);
    const members = await sql<{ key: string }>`
      select concat_ws(' ', roster_id, athlete_id, coalesce(eapi, -1), coalesce(easi, -1)) as key
      from roster_indexes order by 1`.execute(app.db);
    return {
      teams: teams.rows.map((r) => r.key),
      latest: latest.rows.map((r) => r.key),
      members: members.rows.map((r) => r.key),
    };
  }

  async function fromScratch() {
    const teams = await sql<{ key: string }>`
      select concat_ws(' ', ra.roster_id, p.tested_on::text, count(*), count(p.eapi),
        coalesce(sum(p.eapi), 0)) as key
      from roster_athletes ra join profiles p on p.athlete_id = ra.athlete_id
      group by ra.roster_id, p.tested_on order by 1`.execute(app.db);
    const latest = await sql<{ key: string }>`
      select concat_ws(' ', a.id,
        coalesce((select eapi from profiles p where p.athlete_id = a.id and eapi is not null
          order by tested_on desc limit 1), -1),
        coalesce((select easi from profiles p where p.athlete_id = a.id and easi is not null
          order by tested_on desc limit 1), -1)) as key
      from athletes a
      where exists (select 1 from profiles p where p.athlete_id = a.id
        and (p.eapi is not null or p.easi is not null))
      order by 1`.execute(app.db);
    const members = await sql<{ key: string }>`
      select concat_ws(' ', ra.roster_id, ra.athlete_id, coalesce(i.eapi, -1),
        coalesce(i.easi, -1)) as key
      from roster_athletes ra join athlete_indexes i on i.athlete_id = ra.athlete_id
      order by 1`.execute(app.db);
    return {
      teams: teams.rows.map((r) => r.key),
      latest: latest.rows.map((r) => r.key),
      members: members.rows.map((r) => r.key),
    };
  }

  const consistent = async () => expect(await actual()).toEqual(await fromScratch());

  it('count the profiles inserted, on every roster of their athlete', async () => {
    const { teams, latest } = await actual();
    expect(teams.length).toBeGreaterThan(0);
    expect(teams).toContain(`${a.rosters.sprinters.id} ${D1} 3 2 3223`); // Ann + Bob + Dee
    expect(latest).toContain(`${a.athletes.cy.id} 1294 1800`);
    await consistent();
  });

  it('follow profile updates: index, day, athlete, and a re-scoring of everything', async () => {
    await sql`update profiles set eapi = eapi + 10 where id = ${a.profiles.bob2.id}`.execute(
      app.db,
    );
    await consistent();
    await sql`update profiles set tested_on = ${D3}::date where id = ${a.profiles.ann2.id}`.execute(
      app.db,
    );
    await consistent();
    await sql`update profiles set eapi = null where id = ${a.profiles.cy1.id}`.execute(app.db);
    await consistent();
    await sql`update profiles set athlete_id = ${a.athletes.gus.id}, tested_on = ${D2}::date
      where id = ${a.profiles.eve1.id}`.execute(app.db);
    await consistent();
    // Measurements only: no change to count (and the statement still succeeds).
    await sql`update profiles set sprint_40_ms = 5000 where id = ${a.profiles.bob1.id}`.execute(
      app.db,
    );
    await consistent();
    // A new reference version re-scores every profile of every account in one statement.
    await sql`update profiles set eapi = eapi - 3, easi = easi + 1`.execute(app.db);
    await consistent();
  });

  it('follow membership changes and deletions through the API', async () => {
    const coach = a.coach;
    expect(
      (
        await coach.post(`/api/roster/${a.rosters.jumpers.id}/athlete`, {
          add: [a.athletes.ann.id, a.athletes.gus.id],
        })
      ).statusCode,
    ).toBeLessThan(300);
    await consistent();
    await coach.post(`/api/roster/${a.rosters.sprinters.id}/athlete`, {
      remove: [a.athletes.bob.id],
    });
    await consistent();
    // PUT replaces the athlete's rosters.
    await coach.put(`/api/athlete/${a.athletes.dee.id}`, {
      firstName: 'Dee',
      lastName: 'Park',
      gender: 'other',
      rosterIds: [a.rosters.jumpers.id, a.rosters.empty.id],
    });
    await consistent();
    expect((await coach.del(`/api/athlete/${a.athletes.cy.id}`)).statusCode).toBe(204);
    await consistent();
    expect((await coach.del(`/api/roster/${a.rosters.jumpers.id}`)).statusCode).toBe(204);
    await consistent();
    await sql`delete from profiles where id = ${a.profiles.ann1.id}`.execute(app.db);
    await consistent();
  });

  it('count a profile added for a member, and forget a purged account', async () => {
    await insertProfile(app.db, {
      accountId: b.coach.accountId,
      athleteId: b.athletes.dee.id,
      testedOn: D2,
      measurements: { accelerationMs: 1900, transitionMs: 1250, topSpeedMs: 2430 },
    });
    await consistent();
    await sql`delete from users where id = ${b.coach.accountId}`.execute(app.db);
    await consistent();
    const left = await sql<{ n: number }>`select count(*)::integer as n from team_days
      where account_id = ${b.coach.accountId}`.execute(app.db);
    expect(left.rows[0]!.n).toBe(0);
  });

  it('rebuild the same from scratch (bulk loads)', async () => {
    const before = await actual();
    await sql`select report_summaries_rebuild(${a.coach.accountId}::uuid)`.execute(app.db);
    expect(await actual()).toEqual(before);
  });
});
