import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Counters in fixed windows, kept in identity_store under a model name of their own (the
 * identity provider never reads them), so that every server process sees the same
 * counts. Each count is one statement: parallel requests cannot all pass a check made
 * before any of them counted.
 */

/**
 * Counts one more under `(model, id)`; a window that has ended starts over at 1. With
 * `limit`, counts only while fewer than `limit` are counted: undefined then.
 * @returns the count after this one and the seconds left in its window
 */
export async function countInWindow(
  db: Kysely<Database>,
  model: string,
  id: string,
  windowSeconds: number,
  limit?: number,
): Promise<{ count: number; left: number } | undefined> {
  const room =
    limit === undefined
      ? sql`true`
      : sql`identity_store.expires_at <= now()
          or (identity_store.payload->>'count')::int < ${limit}`;
  const { rows } = await sql<{ count: number; left: number }>`
    insert into identity_store (model, id, payload, expires_at)
    values (${model}, ${id}, '{"count":1}'::jsonb, now() + make_interval(secs => ${windowSeconds}))
    on conflict (model, id) do update set
      payload = case when identity_store.expires_at <= now() then '{"count":1}'::jsonb
        else jsonb_build_object('count', (identity_store.payload->>'count')::int + 1) end,
      expires_at = case when identity_store.expires_at <= now() then excluded.expires_at
        else identity_store.expires_at end
    where ${room}
    returning (payload->>'count')::int as count,
      extract(epoch from expires_at - now())::float8 as left
  `.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return { count: Number(row.count), left: Math.max(1, Math.ceil(Number(row.left))) };
}

/** Takes one count back (a right answer; a refusal for another reason). */
export async function uncount(db: Kysely<Database>, model: string, id: string): Promise<void> {
  await sql`
    update identity_store
    set payload = jsonb_build_object('count', greatest((payload->>'count')::int - 1, 0))
    where model = ${model} and id = ${id} and expires_at > now()
  `.execute(db);
}
