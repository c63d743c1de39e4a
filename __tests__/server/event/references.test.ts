import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import { accountId, signUp } from '../user/accounts';

/**
 * Migration 013: the references of results (athlete, event type, alias) are checked per
 * statement instead of by foreign keys, and the deletes that the keys cascaded, set null
 * or refused still do so (decision 012).
 */
describe('references of results (migration 013)', () => {
  let app: App;
  let mine: string;
  let theirs: string;
  let n = 0;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    mine = await accountId(app, (await signUp(app, 'refs-mine@example.com')).headers);
    theirs = await accountId(app, (await signUp(app, 'refs-theirs@example.com')).headers);
  });
  afterAll(() => app.close());

  const athlete = async (account: string) =>
    (
      await app.db
        .insertInto('athletes')
        .values({
          account_id: account,
          first_name: 'Ada',
          last_name: 'Quick',
          first_name_key: 'ada',
          last_name_key: 'quick',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const eventType = async (account: string) =>
    (
      await app.db
        .insertInto('event_types')
        .values({
          account_id: account,
          code: `custom-${++n}`,
          name: 'Shuttle',
          unit: 'time',
          lower_is_better: true,
          default_distance_mm: 9144,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const alias = async (account: string) =>
    (
      await app.db
        .insertInto('event_aliases')
        .values({ account_id: account, event_type_id: 1, name: `Alias ${++n}` })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const row = (
    account: string,
    athleteId: string,
    more: { event_type_id?: number; event_alias_id?: string | null } = {},
  ) => ({
    account_id: account,
    athlete_id: athleteId,
    event_type_id: 1,
    recorded_at: new Date('2025-03-01T15:00:00Z'),
    distance_mm: 36576,
    result: 4950,
    source: 'device' as const,
    client_id: `ref-${++n}`,
    ...more,
  });

  const insert = (rows: ReturnType<typeof row>[]) =>
    app.db.insertInto('results').values(rows).returning('id').execute();

  it('stores a batch whose references are all the account’s (or built in)', async () => {
    const [a, b] = [await athlete(mine), await athlete(mine)];
    const type = await eventType(mine);
    const al = await alias(mine);
    const stored = await insert([
      row(mine, a),
      row(mine, b, { event_type_id: type }),
      row(mine, a, { event_alias_id: al }),
      row(mine, b),
    ]);
    expect(stored).toHaveLength(4);
  });

  it('refuses a whole batch when one row names a missing or foreign reference', async () => {
    const a = await athlete(mine);
    const foreignAthlete = await athlete(theirs);
    const foreignType = await eventType(theirs);
    const foreignAlias = await alias(theirs);
    const before = await app.db
      .selectFrom('results')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [ReturnType<typeof row>, string][] = [
      [row(mine, '999999999'), 'results_athlete_fkey'],
      [row(mine, foreignAthlete), 'results_athlete_fkey'],
      [row(mine, a, { event_type_id: 999999 }), 'results_event_type_id_fkey'],
      [row(mine, a, { event_type_id: foreignType }), 'results_event_type_id_fkey'],
      [row(mine, a, { event_alias_id: '999999999' }), 'results_event_alias_id_fkey'],
      [row(mine, a, { event_alias_id: foreignAlias }), 'results_event_alias_id_fkey'],
    ];
    for (const [bad, constraint] of cases) {
      await expect(insert([row(mine, a), bad, row(mine, a)])).rejects.toMatchObject({
        code: '23503',
        constraint,
      });
    }
    const after = await app.db
      .selectFrom('results')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('checks an update as it checks an insert', async () => {
    const a = await athlete(mine);
    const [stored] = await insert([row(mine, a)]);
    const foreignAthlete = await athlete(theirs);
    const foreignType = await eventType(theirs);
    const update = (set: { athlete_id?: string; event_type_id?: number }) =>
      app.db.updateTable('results').set(set).where('id', '=', stored!.id).execute();
    await expect(update({ athlete_id: foreignAthlete })).rejects.toMatchObject({ code: '23503' });
    await expect(update({ event_type_id: foreignType })).rejects.toMatchObject({ code: '23503' });
    const b = await athlete(mine);
    await update({ athlete_id: b });
    const now = await app.db
      .selectFrom('results')
      .select('athlete_id')
      .where('id', '=', stored!.id)
      .executeTakeFirstOrThrow();
    expect(now.athlete_id).toBe(b);
  });

  it("deletes an athlete's results with the athlete, and nobody else's", async () => {
    const [a, b] = [await athlete(mine), await athlete(mine)];
    const stored = await insert([row(mine, a), row(mine, a), row(mine, b)]);
    await app.db.deleteFrom('athletes').where('id', '=', a).execute();
    const left = await app.db
      .selectFrom('results')
      .select('id')
      .where(
        'id',
        'in',
        stored.map((s) => s.id),
      )
      .execute();
    expect(left.map((r) => r.id)).toEqual([stored[2]!.id]);
  });

  it('takes a deleted alias off its results, which stay', async () => {
    const a = await athlete(mine);
    const al = await alias(mine);
    const [stored] = await insert([row(mine, a, { event_alias_id: al })]);
    await app.db.deleteFrom('event_aliases').where('id', '=', al).execute();
    const now = await app.db
      .selectFrom('results')
      .select('event_alias_id')
      .where('id', '=', stored!.id)
      .executeTakeFirstOrThrow();
    expect(now.event_alias_id).toBeNull();
  });

  it('refuses to delete an event type that results use, or to change a used key', async () => {
    const a = await athlete(mine);
    const used = await eventType(mine);
    const unused = await eventType(mine);
    await insert([row(mine, a, { event_type_id: used })]);
    await expect(
      app.db.deleteFrom('event_types').where('id', '=', used).execute(),
    ).rejects.toMatchObject({ code: '23503' });
    await app.db.deleteFrom('event_types').where('id', '=', unused).execute();
    await expect(
      app.db.updateTable('athletes').set({ account_id: theirs }).where('id', '=', a).execute(),
    ).rejects.toMatchObject({ code: '23503' });
    await expect(
      app.db
        .updateTable('event_types')
        .set({ account_id: theirs })
        .where('id', '=', used)
        .execute(),
    ).rejects.toMatchObject({ code: '23503' });
    // A key nobody uses may change.
    const free = await athlete(mine);
    await app.db
      .updateTable('athletes')
      .set({ account_id: theirs })
      .where('id', '=', free)
      .execute();
  });

  // Two transactions at once: only a database server has them (PGlite has one connection).
  const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
  onPostgres('with concurrent writers (PostgreSQL)', () => {
    const resultsOf = (athleteId: string) =>
      app.db.selectFrom('results').select('id').where('athlete_id', '=', athleteId).execute();
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it("makes an athlete's delete wait for a writer of their results, then take them", async () => {
      const a = await athlete(mine);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const didInsert = new Promise<void>((resolve) => (inserted = resolve));
      const writer = app.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('results')
          .values([row(mine, a)])
          .execute();
        inserted();
        await held;
      });
      await didInsert;
      let deleted = false;
      const deleting = app.db
        .deleteFrom('athletes')
        .where('id', '=', a)
        .execute()
        .then(() => (deleted = true));
      await pause(300);
      const waited = !deleted;
      release();
      await writer;
      expect(waited).toBe(true);
      await deleting;
      expect(await resultsOf(a)).toEqual([]);
    });

    it('fails a writer whose athlete a transaction deleted and committed first', async () => {
      const a = await athlete(mine);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let didDelete!: () => void;
      const deletedFirst = new Promise<void>((resolve) => (didDelete = resolve));
      const deleter = app.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('athletes').where('id', '=', a).execute();
        didDelete();
        await held;
      });
      await deletedFirst;
      let settled = false;
      const writing = insert([row(mine, a)]).finally(() => (settled = true));
      await pause(300);
      const waited = !settled;
      release();
      await deleter;
      expect(waited).toBe(true);
      await expect(writing).rejects.toMatchObject({ code: '23503' });
      expect(await resultsOf(a)).toEqual([]);
    });
  });
});
