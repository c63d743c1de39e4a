import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { MessageBody } from '../../contract/errors';
import {
  preloadFiles,
  preloadManifestFile,
  type PreloadManifest,
} from '../../contract/app-preload';

/**
 * Serves the built app (dist/app) and answers whatever no route claims:
 * - a browser navigation to an app route (`/home/athlete`) gets index.html, so that deep
 *   links and reloads work (history fallback); the app's router takes it from there;
 * - everything else gets a JSON 404.
 * Without a built app the server still runs (the API, `npm run dev` serves the app) and
 * app routes answer 503 with what to do.
 */

/** Root paths of the identity provider: never the app, even when they accept html. */
const identityPaths = [
  '/authorize',
  '/oauth',
  '/v2',
  '/u',
  '/.well-known',
  '/dbconnections',
  '/interaction',
  '/userinfo',
];

export function isAppNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  if (under('/api') || identityPaths.some(under)) return false;
  if (path.posix.basename(pathname).includes('.')) return false; // a file that does not exist
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * webpack's output names: `js/main.2410beaf.js`, `css/main.e402118a.css` (webpack.config.mts),
 * and their precompressed siblings (`.br`, `.gz`), which are the files actually sent.
 */
const hashedAsset = /^(js|css)\/[^/]+\.[0-9a-f]{8}\.(js|css)(\.br|\.gz)?$/;

/**
 * One file's preload: a script, a stylesheet, or the runtime config, which the boot
 * script reads with `fetch` (`as=fetch` needs `crossorigin` to match fetch's CORS mode).
 */
function preloadLink(file: string): string {
  if (file.endsWith('.css')) return `</${file}>; rel=preload; as=style`;
  if (file.endsWith('.json')) return `</${file}>; rel=preload; as=fetch; crossorigin`;
  return `</${file}>; rel=preload; as=script`;
}

/**
 * The `Link` header that preloads a navigation's chunks (contract/app-preload.ts): the
 * browser fetches them with the page instead of after the boot script has run.
 */
export function preloadLinks(
  manifest: PreloadManifest | undefined,
  url: string,
): string | undefined {
  if (!manifest) return undefined;
  const parsed = new URL(url, 'http://app.invalid');
  const files = preloadFiles(manifest, parsed.pathname, parsed.searchParams);
  if (files.length === 0) return undefined;
  return files.map(preloadLink).join(', ');
}

function readManifest(appDir: string): PreloadManifest | undefined {
  try {
    return JSON.parse(
      fs.readFileSync(path.join(appDir, preloadManifestFile), 'utf8'),
    ) as PreloadManifest;
  } catch {
    return undefined; // an older build, or none: no preload
  }
}

const notBuilt =
  'The Splitline app is not built (dist/app/index.html is missing).\n' +
  'Run `npm run build:app` and restart the server, or use `npm run dev` while developing.\n';

export default fp(
  async (app) => {
    const { appDir } = app.config;
    const built = fs.existsSync(path.join(appDir, 'index.html'));
    const manifest = built ? readManifest(appDir) : undefined;
    if (built) {
      await app.register(fastifyStatic, {
        root: appDir,
        wildcard: true,
        // The build writes `.br` and `.gz` beside each text asset (webpack.config.mts): a
        // browser that accepts one gets it (with `Vary: Accept-Encoding`), others the file.
        preCompressed: true,
        // Scripts and stylesheets carry a content hash in their names (webpack): a browser
        // may keep them for good, so the second boot (back from sign-in) reads none again.
        setHeaders: (reply, filePath) => {
          if (hashedAsset.test(path.relative(appDir, filePath).split(path.sep).join('/')))
            reply.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    } else {
      app.log.warn({ appDir }, 'the app is not built: app routes answer 503');
    }

    app.setNotFoundHandler((request, reply) => {
      if (isAppNavigation(request)) {
        if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(notBuilt);
        const links = preloadLinks(manifest, request.url);
        if (links) reply.header('link', links);
        // Revalidated on every load so that a new deployment is picked up at once.
        return reply
          .header('cache-control', 'no-cache')
          .sendFile('index.html', { cacheControl: false });
      }
      const body: MessageBody = { message: 'Not found' };
      return reply.code(404).send(body);
    });
  },
  { name: 'static', dependencies: ['config'], fastify: '5.x' },
);
