import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isNormalisedLogo, LOGO_URL_PREFIX, logosDir } from '../../user';
import type { AccountFacts } from './sheet';

/**
 * The account's organisation, time zone and logo file, read on the main thread before a
 * PDF is drawn in the render pool (pool.ts). The logo is drawn only if its header says it
 * is a PNG or JPEG within the logo box: uploads are stored that way (server/user/
 * logo-image.ts), and a file stored before that was normalised by the start-up pass
 * (server/user/logo-maintenance.ts); a PDF never decodes a large original. A missing or
 * unreadable file leaves the logo out, not the report.
 */
export async function accountFacts(app: FastifyInstance, accountId: string): Promise<AccountFacts> {
  const user = await app.db
    .selectFrom('users')
    .select(['organisation', 'logo_url', 'time_zone'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  let logo: Buffer | null = null;
  const name = user?.logo_url?.startsWith(LOGO_URL_PREFIX)
    ? user.logo_url.slice(LOGO_URL_PREFIX.length)
    : '';
  // Only names of the logo store's shape: a stored URL never becomes another path.
  if (/^[0-9a-f-]{36}-[0-9a-f]{32}\.(png|jpg)$/.test(name)) {
    try {
      const bytes = await fs.readFile(path.join(logosDir(app.config.dataDir), name));
      if (await isNormalisedLogo(bytes)) logo = bytes;
      else
        app.log.warn({ logoUrl: user?.logo_url }, 'a logo not yet normalised is left out of a PDF');
    } catch (error) {
      app.log.warn({ err: error, logoUrl: user?.logo_url }, 'the logo is left out of a PDF');
    }
  }
  return {
    organisation: user?.organisation ?? '',
    logo,
    timeZone: user?.time_zone ?? 'UTC',
  };
}
