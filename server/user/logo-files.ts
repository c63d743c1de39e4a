import fs from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { LOGO_URL_PREFIX, logosDir } from './logo-store';

/**
 * Serves uploaded logos at `/files/logos/<accountId>-<random>.<ext>`. Public, without a
 * token: an <img> tag cannot send one, and the names carry 128 random bits, so a logo is
 * found only through its account. A new upload gets a new name, so the files never
 * change and may be cached for good. `nosniff`: the browser keeps to the type that the
 * extension (chosen from the file's bytes) gives.
 */
const logoFiles: FastifyPluginAsync = async (app) => {
  const root = logosDir(app.config.dataDir);
  await fs.mkdir(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: LOGO_URL_PREFIX,
    decorateReply: false, // the app's static instance has the reply decorators
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false, // set below, in full
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
    },
  });
};

export default logoFiles;
