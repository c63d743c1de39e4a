import { sql } from 'kysely';
import type { App } from '../../../server/app';
import { claimDisabledNotices, type DisabledNotice } from '../../../server/webhook/disabled-mail';
import { coach } from '../event/fixtures';
import { buildTestApp } from '../helpers/build-test-app';
import { eventually } from './receiver';

/**
 * The "webhook disabled" mail is claimed once per disabling, whichever process sees it
 * (server/webhook/disabled-mail.ts). Straight on the claim's statements, on the embedded
 * database and on PostgreSQL (where claims really run side by side).
 */
describe('the disabled notice claim', () => {
  let app: App;
  let mine: { headers: Record<string, string>; id: string };
  beforeAll(async () => {
    app = await buildTestApp({ webhooks: { enabled: false } });
    await app.ready();
    mine = await coach(app, 'notice@example.com');
  });
  afterEach(async () => {
    await app.db.deleteFrom('webhook_subscriptions').execute();
  });
  afterAll(() => app.close());

  /** A subscription disabled by failures, its coach not told yet. */
  const disabled = async () => {
    const { id } = await app.db
      .insertInto('webhook_subscriptions')
      .values({
        account_id: mine.id,
        url: 'https://hooks.example.com/splitline',
        events: ['result.created'],
        secret: 'whsec_notice',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`update webhook_subscriptions set status = 'disabled',
      disabled_reason = '20 deliveries in a row failed' where id = ${id}`.execute(app.db);
    return id;
  };

  it('gives a notice to one of two claims made at the same moment', async () => {
    const id = await disabled();
    let second: Promise<DisabledNotice[]> | undefined;
    // The first claim holds its row lock until it commits; the second is made meanwhile
    // and, on PostgreSQL, waits for that lock (on the embedded database, for the one
    // connection). Then the first commits.
    const first = await app.db.transaction().execute(async (trx) => {
      const claimed = await claimDisabledNotices(trx, id);
      second = claimDisabledNotices(app.db, id);
      if (process.env.DATABASE_URL) {
        await eventually(async () => {
          const { rows } = await sql<{ n: number }>`
            select count(*)::integer as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'
              and query like '%disabled_notice_at = now()%'`.execute(app.db);
          return rows[0]!.n > 0;
        });
      }
      return claimed;
    });
    const other = await second!;
    expect(first.map((n) => n.id)).toEqual([id]);
    expect(other).toEqual([]);
    // And a sweep (every subscription) finds nothing left to claim either.
    expect(await claimDisabledNotices(app.db, undefined)).toEqual([]);
  });
});
