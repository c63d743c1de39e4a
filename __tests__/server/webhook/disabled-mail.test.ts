import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { App } from '../../../server/app';
import { migrations } from '../../../server/db/migrations';
import { createMailer } from '../../../server/identity';
import {
  claimDisabledNotices,
  NOTICE_CLAIM_MS,
  sendDisabledNotices,
  type DisabledNotice,
} from '../../../server/webhook/disabled-mail';
import { setSubscriptionState } from '../../../server/webhook/subscriptions';
import { startWorker } from '../../../server/webhook/worker';
import { coach } from '../event/fixtures';
import { buildTestApp } from '../helpers/build-test-app';
import { readOutbox } from '../identity/outbox';
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
    await disable(id);
    return id;
  };
  const disable = (id: string) =>
    sql`update webhook_subscriptions set status = 'disabled',
      disabled_reason = '20 deliveries in a row failed' where id = ${id}`.execute(app.db);
  /** The hourly sweep's call (plugin.ts onDisabled(undefined)), mailing into DATA_DIR/outbox. */
  const sweep = () => {
    const mailer = createMailer({
      outboxDir: `${app.config.dataDir}/outbox`,
      from: app.config.mailFrom,
      log: app.log,
    });
    return sendDisabledNotices(app.db, mailer, undefined, app.config.publicUrl, 30);
  };
  /** The disabled notices in DATA_DIR/outbox (the sign-up's verification mail is there too). */
  const notices = async () =>
    (await readOutbox(app.config.dataDir)).filter((mail) =>
      mail.text.includes('Subject: A Splitline webhook was disabled'),
    );
  /** As if the notice had been claimed `minutes` ago. */
  const claimedAgo = (id: string, minutes: number) =>
    sql`update webhook_subscriptions
      set disabled_notice_at = now() - make_interval(mins => ${minutes})
      where id = ${id}`.execute(app.db);

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

  it('sends a notice again whose process died between its claim and its mail', async () => {
    const before = (await notices()).length;
    const id = await disabled();
    // The process that disabled the webhook claims the notice, then dies.
    expect(await claimDisabledNotices(app.db, id)).toHaveLength(1);
    // While it may still be sending, the sweep leaves it.
    expect(await sweep()).toBe(0);
    await claimedAgo(id, 14);
    expect(await sweep()).toBe(0);
    // Claimed long enough ago and never marked sent: claimed again and mailed, once.
    await claimedAgo(id, 16);
    expect(await sweep()).toBe(1);
    expect(await notices()).toHaveLength(before + 1);
    await claimedAgo(id, 120);
    expect(await sweep()).toBe(0);
    expect(await notices()).toHaveLength(before + 1);
    // Resumed, then disabled again: a new notice.
    await setSubscriptionState(app.db, mine.id, Number(id), 'resume', {
      sub: 'test',
      email: 'notice@example.com',
    });
    await disable(id);
    expect(await sweep()).toBe(1);
    expect(await notices()).toHaveLength(before + 2);
    expect(NOTICE_CLAIM_MS).toBe(15 * 60_000);
  });

  it('waits for a notice being sent when the worker stops', async () => {
    let started = false;
    let finished = false;
    const worker = startWorker(
      app.db,
      { ...app.webhooks.settings, enabled: true, pollMs: 20 },
      app.log,
      {
        // The sweep at the worker's first look (undefined: every pending notice).
        onDisabled: async () => {
          started = true;
          await sleep(300);
          finished = true;
        },
      },
    );
    await eventually(async () => started);
    await worker.stop();
    expect(finished).toBe(true);
  });

  it('migration 027 goes down and up: a notice claimed before it counts as sent', async () => {
    const told = await disabled();
    const untold = await disabled();
    const migrator = new Migrator({
      db: app.db as unknown as Kysely<unknown>,
      provider: { getMigrations: async () => migrations },
    });
    const down = await migrator.migrateTo('026_webhook_secret_prefix');
    expect(down.error).toBeUndefined();
    // Under the old code a claim was all there was.
    await sql`update webhook_subscriptions set disabled_notice_at = now() - interval '2 days'
      where id = ${told}`.execute(app.db);
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const rows = await app.db
      .selectFrom('webhook_subscriptions')
      .select(['id', 'disabled_notice_at', 'disabled_notice_sent_at'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: told, disabled_notice_at: expect.any(Date), disabled_notice_sent_at: expect.any(Date) },
      { id: untold, disabled_notice_at: null, disabled_notice_sent_at: null },
    ]);
    expect(rows[0]!.disabled_notice_sent_at).toEqual(rows[0]!.disabled_notice_at);
    // So the sweep mails the one never claimed, and not the one told under the old code.
    expect((await claimDisabledNotices(app.db, undefined, 0)).map((n) => n.id)).toEqual([untold]);
  });
});
