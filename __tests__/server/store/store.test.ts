import { sql } from 'kysely';
import type { OrderBody, OrderListBody, StoreBody } from '../../../contract/store';
import type { App } from '../../../server/app';
import { balance } from '../../../server/store';
import { runStoreCommand } from '../../../server/store/operator';
import { countRows, csv, importCsv, newCoach, setSpots, type Coach } from '../athlete/helpers';
import { buildTestApp } from '../helpers/build-test-app';

/** The Store with the manual provider: the ledger, orders, the operator's commands, spots. */
describe('the Store', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({
      env: { STORE_PACKAGES: '100=179, 10=19.5', STORE_CURRENCY: 'EUR' },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const order = async (coach: Coach, payload: unknown, status = 201) => {
    const response = await coach.post('/api/store/order', payload);
    expect(response.statusCode).toBe(status);
    return response.json<OrderBody>();
  };
  const store = async (coach: Coach) => (await coach.get('/api/store')).json<StoreBody>();
  const operator = (...args: string[]) => runStoreCommand(app.db, args, () => '2026-01-02');
  const entries = async (accountId: string) =>
    app.db
      .selectFrom('ledger_entries')
      .select(['kind', 'spots', 'credit_cents'])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute();
  const email = async (coach: Coach) =>
    (await coach.get('/api/user')).json<{ email: string }>().email;

  it('shows the spots, the credit and the configured packages', async () => {
    const coach = await newCoach(app);
    expect(await store(coach)).toEqual({
      athleteSpots: 50,
      creditCents: 0,
      currency: 'EUR',
      provider: 'manual',
      packages: [
        { id: 'spots-10', spots: 10, priceCents: 1950, currency: 'EUR' },
        { id: 'spots-100', spots: 100, priceCents: 17900, currency: 'EUR' },
      ],
    });
  });

  it('makes a pending order that an administrator confirms, then the spots arrive once', async () => {
    const coach = await newCoach(app);
    const made = await order(coach, { packageId: 'spots-10' });
    expect(made).toMatchObject({
      packageId: 'spots-10',
      spots: 10,
      priceCents: 1950,
      currency: 'EUR',
      provider: 'manual',
      status: 'pending',
      fulfilledAt: null,
    });
    expect(made.message).toMatch(/administrator will confirm/);
    expect(await coach.spots()).toBe(50);

    const listed = (await coach.get('/api/store/order')).json<OrderListBody>();
    expect(listed).toEqual({ items: [made], totalCount: 1, pageNumber: 1, pageSize: 1 });
    const pending = await operator('list');
    expect(pending.lines.some((line) => line.startsWith(`${made.id}\t`))).toBe(true);

    const fulfilled = await operator('fulfil', String(made.id));
    expect(fulfilled).toEqual({
      exitCode: 0,
      lines: [`store: order ${made.id} is now fulfilled (10 spots, 19.50 EUR).`],
    });
    expect(await coach.spots()).toBe(60);
    expect(await store(coach)).toMatchObject({ athleteSpots: 60, creditCents: 0 });
    // Paid in, spent on spots: the credit nets to 0 and the spots are the opening plus 10.
    expect(await entries(coach.accountId)).toEqual([
      { kind: 'grant', spots: 50, credit_cents: '0' },
      { kind: 'credit_purchase', spots: 0, credit_cents: '1950' },
      { kind: 'spots_purchase', spots: 10, credit_cents: '-1950' },
    ]);

    const again = await operator('fulfil', String(made.id));
    expect(again.lines).toEqual([`store: order ${made.id} is already fulfilled; nothing changed.`]);
    expect(await entries(coach.accountId)).toHaveLength(3);
    expect(await coach.spots()).toBe(60);

    const receipt = (await coach.get(`/api/store/order/${made.id}`)).json<OrderBody>();
    expect(receipt).toMatchObject({
      id: made.id,
      status: 'fulfilled',
      fulfilledAt: expect.any(String),
    });
    expect(receipt.message).toMatch(/10 athlete spots were added/);
    expect((await operator('list')).lines.some((l) => l.startsWith(`${made.id}\t`))).toBe(false);
  });

  it('refunds a fulfilled order once, and cancels a pending one', async () => {
    const coach = await newCoach(app);
    const made = await order(coach, { packageId: 'spots-100' });
    await operator('fulfil', String(made.id));
    expect(await coach.spots()).toBe(150);
    expect((await operator('refund', String(made.id))).lines).toEqual([
      `store: order ${made.id} is now refunded (100 spots, 179.00 EUR).`,
    ]);
    expect(await operator('refund', String(made.id))).toMatchObject({ exitCode: 0 });
    expect(await balance(app.db, coach.accountId)).toEqual({
      spotsTotal: 50,
      spotsLeft: 50,
      creditCents: 0,
    });
    expect((await entries(coach.accountId)).map((e) => e.kind)).toEqual([
      'grant',
      'credit_purchase',
      'spots_purchase',
      'spots_return',
      'refund',
    ]);
    // A refunded order is not fulfilled again.
    expect(await operator('fulfil', String(made.id))).toEqual({
      exitCode: 1,
      lines: [`store: cannot fulfil order ${made.id}: the order is refunded.`],
    });

    const pending = await order(coach, { packageId: 'spots-10' });
    expect((await operator('refund', String(pending.id))).lines[0]).toMatch(/now cancelled/);
    expect((await operator('fulfil', String(pending.id))).exitCode).toBe(1);
    expect(await coach.spots()).toBe(50);
    expect(await operator('fulfil', '99999999')).toEqual({
      exitCode: 1,
      lines: ['store: no order 99999999.'],
    });
  });

  it('refuses a refund whose spots are taken by athletes', async () => {
    const coach = await newCoach(app, { spots: 0 });
    const made = await order(coach, { packageId: 'spots-10' });
    await operator('fulfil', String(made.id));
    await coach.createAthlete({ firstName: 'Ada', lastName: 'Taken' });
    const refused = await operator('refund', String(made.id));
    expect(refused.exitCode).toBe(1);
    expect(refused.lines[0]).toMatch(/only 9 spots left/);
    expect(await coach.spots()).toBe(9);
  });

  it('answers the same order to a retried request with the same idempotency key', async () => {
    const coach = await newCoach(app);
    const key = 'retry-0001-abcdef';
    const first = await order(coach, { packageId: 'spots-10', idempotencyKey: key }, 201);
    const [second, third] = await Promise.all([
      coach.post('/api/store/order', { packageId: 'spots-10', idempotencyKey: key }),
      coach.post('/api/store/order', { packageId: 'spots-10', idempotencyKey: key }),
    ]);
    expect([second.statusCode, third.statusCode]).toEqual([200, 200]);
    expect(second.json<OrderBody>().id).toBe(first.id);
    expect(third.json<OrderBody>().id).toBe(first.id);
    const other = await coach.post('/api/store/order', {
      packageId: 'spots-100',
      idempotencyKey: key,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({
      errors: { idempotencyKey: ['was already used for an order of another package'] },
    });
    expect((await coach.get('/api/store/order')).json<OrderListBody>().totalCount).toBe(1);
    // The same key is another account's own.
    const someoneElse = await newCoach(app);
    await order(someoneElse, { packageId: 'spots-10', idempotencyKey: key }, 201);
  });

  it('keeps one open order per package: parallel orders with new keys get the pending one', async () => {
    const coach = await newCoach(app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => coach.post('/api/store/order', { packageId: 'spots-10' })),
    );
    const ids = new Set(answers.map((response) => response.json<OrderBody>().id));
    expect(ids.size).toBe(1);
    expect(answers.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(19);
    // Another package is another order; once the first is settled, a new one can be made.
    const other = await order(coach, { packageId: 'spots-100' }, 201);
    expect(ids.has(other.id)).toBe(false);
    await operator('fulfil', String([...ids][0]));
    const again = await order(coach, { packageId: 'spots-10' }, 201);
    expect(ids.has(again.id)).toBe(false);
    expect((await coach.get('/api/store/order')).json<OrderListBody>().totalCount).toBe(3);
  });

  it("answers 404 for another account's order and 400 for bad input", async () => {
    const [mine, theirs] = [await newCoach(app), await newCoach(app)];
    const made = await order(theirs, { packageId: 'spots-10' });
    expect((await mine.get(`/api/store/order/${made.id}`)).statusCode).toBe(404);
    expect((await mine.get('/api/store/order')).json<OrderListBody>().items).toEqual([]);
    expect((await mine.get('/api/store/order/abc')).json()).toEqual({
      errors: { id: [expect.any(String)] },
    });
    const unknown = await mine.post('/api/store/order', { packageId: 'spots-25' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      errors: { packageId: ['is not a package of this store (spots-10, spots-100)'] },
    });
    // No package, a key too short to be unique, an empty package id.
    for (const payload of [
      {},
      { packageId: 'spots-10', idempotencyKey: 'short' },
      { packageId: '' },
    ]) {
      const response = await mine.post('/api/store/order', payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ errors: object }>().errors).length).toBeGreaterThan(0);
    }
    expect((await mine.get('/api/store/order')).json<OrderListBody>().totalCount).toBe(0);
  });

  it('grants spots by e-mail once per key, and takes back no more than are left', async () => {
    const coach = await newCoach(app);
    const address = await email(coach);
    expect((await operator('grant', address, '25')).lines).toEqual([
      `store: granted 25 spots to ${address}; 75 left.`,
    ]);
    expect((await operator('grant', address, '25')).lines[0]).toMatch(
      /already booked; nothing changed/,
    );
    expect((await operator('grant', address, '25', '--key', 'second')).lines[0]).toMatch(
      /100 left/,
    );
    expect(await coach.spots()).toBe(100);
    expect((await operator('grant', address, '-101')).exitCode).toBe(1);
    expect((await operator('grant', address, '-100')).lines[0]).toMatch(/0 left/);
    expect(await coach.spots()).toBe(0);
    expect(await operator('grant', 'nobody@example.org', '5')).toEqual({
      exitCode: 1,
      lines: ['store: no account with the e-mail nobody@example.org.'],
    });
    await expect(operator('grant', address, 'ten')).rejects.toThrow(/whole number/);
    await expect(operator('fulfil', 'x')).rejects.toThrow(/order id/);
    await expect(operator('bogus')).rejects.toThrow(/unknown command/);
  });

  it('keeps the ledger append-only', async () => {
    const coach = await newCoach(app);
    await expect(
      sql`update ledger_entries set spots = 1000 where account_id = ${coach.accountId}`.execute(
        app.db,
      ),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from ledger_entries where account_id = ${coach.accountId}`.execute(app.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`truncate ledger_entries`.execute(app.db)).rejects.toThrow(/append-only/);
    expect(await coach.spots()).toBe(50);
    // Deleting the whole account takes its entries with it.
    await sql`delete from users where id = ${coach.accountId}`.execute(app.db);
    expect(await entries(coach.accountId)).toEqual([]);
  });

  it('gives the last spot to exactly one of concurrent additions (form, API, import)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const coach = await newCoach(app, { spots: 1 });
      const responses = await Promise.all([
        coach.post('/api/athlete', { firstName: 'Form', lastName: `Racer${round}` }),
        coach.post('/api/athlete', { firstName: 'Api', lastName: `Racer${round}` }),
        importCsv(coach, csv('firstName,lastName', `Import,Racer${round}`), false),
      ]);
      const won = responses.filter((r) => r.statusCode === 201 || r.statusCode === 200);
      expect(won).toHaveLength(1);
      expect(responses.filter((r) => r.statusCode === 400)).toHaveLength(2);
      expect(await countRows(app, 'athletes', coach.accountId)).toBe(1);
      expect(await coach.spots()).toBe(0);
      expect(await balance(app.db, coach.accountId)).toMatchObject({ spotsTotal: 1, spotsLeft: 0 });
    }
  });

  it('gives the last spots to one of an import that needs them all and a form addition', async () => {
    for (let round = 0; round < 3; round += 1) {
      const coach = await newCoach(app, { spots: 2 });
      const [form, imported] = await Promise.all([
        coach.post('/api/athlete', { firstName: 'Form', lastName: `Pair${round}` }),
        importCsv(
          coach,
          csv('firstName,lastName', `Import,One${round}`, `Import,Two${round}`),
          false,
        ),
      ]);
      // The import takes both spots or none: either it won (the form is refused), or the
      // form took one and the import, one short, wrote nothing.
      const formWon = form.statusCode === 201;
      expect(imported.statusCode).toBe(formWon ? 400 : 200);
      if (!formWon) expect(form.statusCode).toBe(400);
      expect(await countRows(app, 'athletes', coach.accountId)).toBe(formWon ? 1 : 2);
      expect(await balance(app.db, coach.accountId)).toMatchObject({
        spotsTotal: 2,
        spotsLeft: formWon ? 1 : 0,
      });
    }
  });

  it('never goes below 0 spots when a refund and an addition race for the same spots', async () => {
    for (let round = 0; round < 3; round += 1) {
      const coach = await newCoach(app, { spots: 0 });
      const made = await order(coach, { packageId: 'spots-10' });
      await operator('fulfil', String(made.id));
      await setSpots(app, coach.accountId, 10); // exactly the order's spots are left
      const [refund, added] = await Promise.all([
        operator('refund', String(made.id)),
        coach.post('/api/athlete', { firstName: 'Late', lastName: `Comer${round}` }),
      ]);
      // Either the refund went first (the addition finds no spot) or the athlete did (the
      // refund is refused: its spots are taken).
      expect([
        [0, 400],
        [1, 201],
      ]).toContainEqual([refund.exitCode, added.statusCode]);
      const { spotsLeft } = await balance(app.db, coach.accountId);
      expect(spotsLeft).toBeGreaterThanOrEqual(0);
      expect(await countRows(app, 'athletes', coach.accountId)).toBe(
        added.statusCode === 201 ? 1 : 0,
      );
    }
  });

  it('counts a fulfilled purchase at once in every spots check', async () => {
    const coach = await newCoach(app);
    await setSpots(app, coach.accountId, 0);
    const refused = await coach.post('/api/athlete', { firstName: 'No', lastName: 'Room' });
    expect(refused.statusCode).toBe(400);
    const made = await order(coach, { packageId: 'spots-10' });
    await operator('fulfil', String(made.id));
    expect(
      (await coach.post('/api/athlete', { firstName: 'Now', lastName: 'Room' })).statusCode,
    ).toBe(201);
    expect(await coach.spots()).toBe(9);
  });
});
