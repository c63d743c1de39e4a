import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isNormalisedLogo, LogoImageError, normaliseLogo } from './logo-image';
import { LOGO_URL_PREFIX, localLogoStore, logosDir } from './logo-store';

/**
 * Logos stored before uploads were normalised (logo-image.ts) may be of any size; the
 * PDFs leave those out (server/report/pdf/account.ts). This pass, run once after each
 * start, normalises each such file as an upload would be: a new PNG within the box,
 * the account's URL moved to it (only if it is still the old one: a coach may upload
 * meanwhile, or another server process may do the same pass), and the original removed.
 * A file that fails the upload's rules (too many pixels, unreadable) is removed and the
 * account shows its organisation's name again, as before any upload.
 * @returns how many logos were normalised and how many dropped
 */
export async function normaliseStoredLogos(
  db: Kysely<Database>,
  dataDir: string,
  log: FastifyBaseLogger,
): Promise<{ normalised: number; dropped: number }> {
  const store = localLogoStore(dataDir);
  const accounts = await db
    .selectFrom('users')
    .select(['id', 'logo_url'])
    .where('logo_url', 'like', `${LOGO_URL_PREFIX}%`)
    .execute();
  let normalised = 0;
  let dropped = 0;
  for (const { id, logo_url: oldUrl } of accounts) {
    const name = oldUrl!.slice(LOGO_URL_PREFIX.length);
    if (!/^[0-9a-f-]{36}-[0-9a-f]{32}\.(png|jpg|webp)$/.test(name)) continue;
    const bytes = await fs.readFile(path.join(logosDir(dataDir), name)).catch(() => null);
    if (!bytes || (await isNormalisedLogo(bytes))) continue;
    let newUrl: string | null = null;
    try {
      newUrl = await store.save(id, 'png', await normaliseLogo(bytes));
    } catch (error) {
      if (!(error instanceof LogoImageError)) throw error;
      log.warn(
        { accountId: id, logoUrl: oldUrl, reason: error.message },
        'a stored logo is dropped',
      );
    }
    const moved = await db
      .updateTable('users')
      .set({ logo_url: newUrl, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('logo_url', '=', oldUrl)
      .executeTakeFirst();
    if (moved.numUpdatedRows === 0n) {
      await store.remove(newUrl); // the account changed its logo meanwhile
      continue;
    }
    await store.remove(oldUrl);
    if (newUrl) normalised += 1;
    else dropped += 1;
  }
  return { normalised, dropped };
}
