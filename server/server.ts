import closeWithGrace from 'close-with-grace';
import { openAdminChannel, type AdminChannel } from './admin';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { logFormat } from './logger';
import { runningLine, startApp } from './start';
import { assertPortAvailable, explainStartFailure } from './start-failure';

/**
 * Boots the server: reads the configuration, checks that the port is free, starts it
 * (start.ts: migrations, demo account, the embedded database's warm-up, listen), prints
 * where and how to sign in to the demo account (runningLine in start.ts), and closes
 * cleanly on SIGINT/SIGTERM (finishing requests, closing the database, releasing the
 * data-dir lock). Everything else lives in app.ts.
 */
async function main(config: Config): Promise<void> {
  // Before the database: a first start builds it and the demo account (seconds).
  await assertPortAvailable(config);
  const app = buildApp({ config });
  const admin: { channel?: AdminChannel } = {};

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an unexpected error');
    else app.log.info(`${signal} received, closing`);
    await admin.channel?.close();
    await app.close();
  });

  await startApp(app, config); // migrations, demo account, warm-up, listen
  // The operator's commands (npm run store, ...) reach the server through it (decision 037).
  admin.channel = await openAdminChannel(app).catch((error: unknown) => {
    app.log.warn(
      { err: error },
      'admin channel not opened: operator commands need the server stopped',
    );
    return undefined;
  });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const { fields, message } = runningLine(config, port, logFormat(config));
  app.log.info(fields, message);
}

/**
 * Problems the operator can fix get one plain sentence naming the setting and the fix;
 * the stack only at LOG_LEVEL=debug or trace. Anything else is a defect: its stack.
 */
function failed(error: unknown, config: Config | undefined): never {
  const known = explainStartFailure(error, config);
  if (known) {
    console.error(`Splitline cannot start. ${known.message}`);
    const level = config?.logLevel ?? process.env.LOG_LEVEL;
    if (level === 'debug' || level === 'trace') console.error(error);
  } else {
    console.error('Splitline cannot start:', error);
  }
  process.exit(1);
}

let config: Config | undefined;
try {
  config = loadConfig(process.env);
  main(config).catch((error: unknown) => failed(error, config));
} catch (error) {
  failed(error, config);
}
