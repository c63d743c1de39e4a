import { sql, type Kysely } from 'kysely';
import type { Database, LedgerKind } from '../db/schema';
import { lockAccount } from '../db/ids';

/**
 * The account's ledger (migration 019): append-only entries of spots and credit. Every
 * figure is a sum over it; the spots left are that sum minus the account's athletes, so
 * deleting an athlete gives its spot back without any write here.
 */
type Db = Kysely<Database>;

export interface Balance {
  /** Spots bought, granted or opened, less those refunded: athletes the account may hold. */
  spotsTotal: number;
  /** How many more athletes fit: spotsTotal - athletes (below 0 only after a refund went through). */
  spotsLeft: number;
  creditCents: number;
}

/** The account's balance: two index-only reads (ledger_entries_account, athletes_account). */
export async function balance(db: Db, accountId: string): Promise<Balance> {
  const { rows } = await sql<{ spots: string; credit: string; athletes: string }>`
    select
      (select coalesce(sum(spots), 0) from ledger_entries where account_id = ${accountId}) as spots,
      (select coalesce(sum(credit_cents), 0) from ledger_entries where account_id = ${accountId}) as credit,
      (select count(*) from athletes where account_id = ${accountId}) as athletes`.execute(db);
  const row = rows[0] ?? { spots: '0', credit: '0', athletes: '0' };
  const spotsTotal = Number(row.spots);
  return {
    spotsTotal,
    spotsLeft: spotsTotal - Number(row.athletes),
    creditCents: Number(row.credit),
  };
}

/** How many more athletes the account may add (never below 0): the top bar and every check. */
export async function athleteSpots(db: Db, accountId: string): Promise<number> {
  return Math.max(0, (await balance(db, accountId)).spotsLeft);
}

/**
 * Whether `count` more athletes fit. Call it in the transaction that inserts them, after
 * `lockAccount` (which `reserveAthleteSpots` takes): a second writer of the same account
 * waits for this one's commit and then counts its athletes, so the last spot goes once.
 */
export async function reserveAthleteSpots(
  trx: Db,
  accountId: string,
  count: number,
): Promise<number | undefined> {
  await lockAccount(trx, accountId);
  const left = await athleteSpots(trx, accountId);
  return left >= count ? left - count : undefined;
}

export interface NewEntry {
  kind: LedgerKind;
  spots?: number;
  creditCents?: number;
  orderId?: string | null;
  idempotencyKey: string;
  note?: string;
}

/**
 * Appends entries; one whose idempotency key is already booked is skipped. Answers how
 * many were new (0: a retry, nothing booked).
 */
export async function appendEntries(
  trx: Db,
  accountId: string,
  entries: readonly NewEntry[],
): Promise<number> {
  let booked = 0;
  for (const entry of entries) {
    const row = await trx
      .insertInto('ledger_entries')
      .values({
        account_id: accountId,
        kind: entry.kind,
        spots: entry.spots ?? 0,
        credit_cents: entry.creditCents ?? 0,
        order_id: entry.orderId ?? null,
        idempotency_key: entry.idempotencyKey,
        note: entry.note ?? '',
      })
      .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) booked += 1;
  }
  return booked;
}

export interface GrantResult {
  booked: boolean;
  spotsLeft: number;
}

/**
 * Grants (or with a negative count, takes back) spots under the account lock, once per
 * key; taking back more than are left is refused (`undefined`).
 */
export function grantSpots(
  db: Db,
  accountId: string,
  spots: number,
  idempotencyKey: string,
  note = '',
): Promise<GrantResult | undefined> {
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, accountId);
    const before = await balance(trx, accountId);
    if (spots < 0 && before.spotsLeft + spots < 0) return undefined;
    const booked =
      (await appendEntries(trx, accountId, [{ kind: 'grant', spots, idempotencyKey, note }])) > 0;
    return { booked, spotsLeft: (await balance(trx, accountId)).spotsLeft };
  });
}

/** The opening allowance of a new account, booked once (its key names the account). */
export async function openAccount(db: Db, accountId: string, spots: number): Promise<void> {
  await appendEntries(db, accountId, [
    { kind: 'grant', spots, idempotencyKey: `opening:${accountId}`, note: 'New account' },
  ]);
}

/**
 * Makes sure at least `spotsLeft` more athletes fit, granting the difference inside the
 * caller's transaction (the seed: its athletes are inserted without a spots check).
 */
export async function topUpSpots(
  trx: Db,
  accountId: string,
  spotsLeft: number,
  note: string,
): Promise<void> {
  await lockAccount(trx, accountId);
  const before = await balance(trx, accountId);
  const missing = spotsLeft - before.spotsLeft;
  if (missing <= 0) return;
  // The total only grows, so a key naming it is never booked twice.
  const key = `top-up:${accountId}:${before.spotsTotal + missing}`;
  await appendEntries(trx, accountId, [
    { kind: 'grant', spots: missing, idempotencyKey: key, note },
  ]);
}
