import { sql, type Kysely } from 'kysely';

/**
 * An account seeded (`npm run seed`, the demo account) after migration 028 had no owner:
 * the seed inserted its user without the owner row a sign-up writes, so its user belonged
 * to no workspace and every call answered 403. The seed writes it now
 * (server/seed/account.ts); this gives it to the accounts seeded before: a workspace
 * with no owner gets its own user as the owner, as migration 028 did for every account
 * (a workspace always keeps one: docs/workspaces.md). A workspace with an owner (one
 * handed over, say) is left as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into workspace_members (user_id, workspace_id, role)
    select u.id, u.id, 'owner' from users u
    where not exists (
      select 1 from workspace_members m where m.workspace_id = u.id and m.role = 'owner')
    on conflict (user_id, workspace_id) do update set role = 'owner', roster_ids = null`.execute(
    db,
  );
}

/** Nothing to undo: the rows are the ones migration 028 writes for every account. */
export async function down(): Promise<void> {}
