import pg from 'pg';

/**
 * Jest's global set-up: on the PostgreSQL suite (DATABASE_URL), the extensions the
 * migrations create (btree_gist, migration 035) go into `public` once, before any test
 * file makes its schema. An extension belongs to the database and lives in one schema:
 * made by the first file's migrations, it lived in that file's schema, and dropping the
 * schema at the file's end dropped it with the other files' indexes that use it (a
 * deadlock with their work). The migrations' `create extension if not exists` then
 * finds it; a test schema's GiST finds its default operator classes by type.
 */
export default async function sharedExtensions() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists btree_gist schema public');
  } finally {
    await client.end();
  }
}
