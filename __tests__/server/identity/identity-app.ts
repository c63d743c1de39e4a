import net from 'node:net';
import type { App } from '../../../server/app';
import type { IdentitySettings } from '../../../server/identity/settings';
import { buildTestApp } from '../helpers/build-test-app';

/** A free TCP port on 127.0.0.1 (the issuer must name the port before the server listens). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The app (which registers the identity plugin; `options` override its settings), on a
 * fresh database.
 * @example const { app, origin } = await buildIdentityApp({ listen: true });
 */
export async function buildIdentityApp({
  listen = false,
  env = {},
  options = {},
}: { listen?: boolean; env?: Record<string, string>; options?: Partial<IdentitySettings> } = {}) {
  const port = listen ? await freePort() : 3000;
  const origin = `http://127.0.0.1:${port}`;
  const app: App = await buildTestApp({ env: { PUBLIC_URL: origin, ...env }, identity: options });
  if (listen) await app.listen({ port, host: '127.0.0.1' });
  else await app.ready();
  return { app, origin };
}
