import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { ensureDemoAccount } from './seed/demo';

/**
 * Boots the server: reads the configuration, starts listening, prints where, and closes
 * cleanly on SIGINT/SIGTERM (finishing requests, closing the database, releasing the
 * data-dir lock). Everything else lives in app.ts.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const app = buildApp({ config });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an unexpected error');
    else app.log.info(`${signal} received, closing`);
    await app.close();
  });

  try {
    await app.ready(); // migrations run here
    if (config.demoData)
      await ensureDemoAccount(app.db, { log: app.log, publicUrl: config.publicUrl });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined); // releases the data-dir lock if it was taken
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    { port, publicUrl: config.publicUrl },
    `Splitline is running at http://localhost:${port}`,
  );
}

main().catch((error: unknown) => {
  // Problems the operator can fix get one plain sentence, not a stack trace.
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Splitline cannot start. ${error.message}`);
  } else {
    console.error('Splitline cannot start:', error);
  }
  process.exit(1);
});
