import { startServer } from './server';

/** One real server for the whole browser run; tests read its URL from E2E_BASE_URL. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // Webhook receivers in the tests listen on loopback (e2e/webhooks.spec.ts).
  const server = await startServer({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  console.log(`e2e server: ${server.url} (data and log in ${server.dataDir})`);
  return server.stop;
}
