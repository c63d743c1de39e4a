import { loadConfig } from '../../server/config';
import { logFormat, loggerOptions } from '../../server/logger';
import { DEMO_EMAIL, DEMO_PASSWORD, ensureDemoAccount } from '../../server/seed/demo';
import { runningLine } from '../../server/start';
import { buildTestApp, testDatabase } from './helpers/build-test-app';
import { startServer, type ServerProcess } from './helpers/server-process';

const embedded = !process.env.DATABASE_URL;

/** Waits until the process has printed `text` (a log line is written after its response). */
async function printed(server: ServerProcess, text: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!server.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`no "${text}" in:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the log format', () => {
  it('is LOG_FORMAT when set, else lines for a person on a terminal and JSON elsewhere', () => {
    expect(logFormat({}, true)).toBe('pretty');
    expect(logFormat({}, false)).toBe('json');
    expect(logFormat({ logFormat: 'json' }, true)).toBe('json');
    expect(logFormat({ logFormat: 'pretty' }, false)).toBe('pretty');
    expect(loggerOptions({ logLevel: 'info', logFormat: 'pretty' }, false)).toMatchObject({
      transport: { target: 'pino-pretty' },
    });
    expect(loggerOptions({ logLevel: 'info', logFormat: 'json' }, true)).not.toHaveProperty(
      'transport',
    );
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({}).logFormat).toBeUndefined();
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(
      'LOG_FORMAT="xml": expected pretty (lines for a person) or json (one object a line)',
    );
  });

  it('says where the server runs, and how to sign in to the demo account', () => {
    const config = { publicUrl: 'https://coach.example', demoData: true };
    const pretty = runningLine(config, 3000, 'pretty');
    expect(pretty.fields).toEqual({});
    expect(pretty.message.split('\n')).toEqual([
      'Splitline is running at http://localhost:3000',
      '  Sign in at  https://coach.example',
      `  e-mail      ${DEMO_EMAIL}`,
      `  password    ${DEMO_PASSWORD}`,
      expect.stringMatching(/^ {2}\(a fixed, public password .*DEMO_DATA=false/),
    ]);
    // JSON: one line, the port first.
    expect(runningLine(config, 3000, 'json')).toEqual({
      fields: { port: 3000, publicUrl: 'https://coach.example', demoAccount: DEMO_EMAIL },
      message: `Splitline is running at http://localhost:3000 (demo account: ${DEMO_EMAIL} / ${DEMO_PASSWORD})`,
    });
    const without = { ...config, demoData: false };
    expect(runningLine(without, 3000, 'pretty').message).toBe(
      'Splitline is running at http://localhost:3000',
    );
    expect(runningLine(without, 3000, 'json').message).toBe(
      'Splitline is running at http://localhost:3000',
    );
  });
});

describe('request logging', () => {
  const requestLines = async (level: 'info' | 'debug') => {
    const lines: Array<Record<string, unknown>> = [];
    const app = await buildTestApp({
      logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    try {
      const response = await app.inject({
        url: '/api/health',
        headers: { 'x-request-id': 'one-request' },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await app.close();
    }
    return lines.filter((line) => line.requestId === 'one-request');
  };

  it('logs a request once at info, when it ends: method, URL, status and time', async () => {
    expect(await requestLines('info')).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/health' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('logs its arrival too at debug (a request that never ends)', async () => {
    expect((await requestLines('debug')).map((line) => [line.level, line.msg])).toEqual([
      [20, 'incoming request'],
      [30, 'request completed'],
    ]);
  });
});

// Real processes: once, in the embedded run.
(embedded ? describe : describe.skip)('the start, read by a person and by a machine', () => {
  it('prints the demo sign-in as plain lines for a person, and JSON lines otherwise', async () => {
    const database = await testDatabase();
    try {
      // A small demo account already there: the start does not build 30,000 results.
      const app = await buildTestApp({ database });
      await app.ready();
      await ensureDemoAccount(app.db, { log: { info: () => undefined }, athletes: 4, results: 40 });
      await app.close();
      const env = { ...database.env, DEMO_DATA: 'true', PUBLIC_URL: 'https://coach.example' };

      const person = startServer('server/server.ts', { ...env, LOG_FORMAT: 'pretty' });
      try {
        const port = await person.listening;
        expect((await person.request('/api/health')).status).toBe(200);
        await printed(person, 'request completed');
        const output = person.output();
        expect(output).toContain(
          [
            `INFO: Splitline is running at http://localhost:${port}`,
            '  Sign in at  https://coach.example',
            `  e-mail      ${DEMO_EMAIL}`,
            `  password    ${DEMO_PASSWORD}`,
            '',
          ].join('\n'),
        );
        expect(output).not.toContain('\\n');
        expect(output).not.toMatch(/^\{/m);
        expect(output.match(/request completed/g)).toHaveLength(1);
        expect(output).not.toContain('incoming request');
      } finally {
        person.child.kill('SIGTERM');
        await person.exited;
      }

      // Into a pipe (as here) without LOG_FORMAT: JSON, one object a line.
      const machine = startServer('server/server.ts', env);
      const stdout: string[] = [];
      machine.child.stdout!.on('data', (chunk: Buffer) => stdout.push(chunk.toString()));
      try {
        const port = await machine.listening;
        expect((await machine.request('/api/health')).status).toBe(200);
        await printed(machine, 'request completed');
        const records = stdout
          .join('')
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line) as { msg: string });
        expect(records.find((r) => r.msg.startsWith('Splitline is running'))).toMatchObject({
          port,
          publicUrl: 'https://coach.example',
          demoAccount: DEMO_EMAIL,
          msg: `Splitline is running at http://localhost:${port} (demo account: ${DEMO_EMAIL} / ${DEMO_PASSWORD})`,
        });
        expect(records.filter((r) => r.msg.includes('\n'))).toEqual([]);
        expect(records.filter((r) => /request/.test(r.msg)).map((r) => r.msg)).toEqual([
          'request completed',
        ]);
      } finally {
        machine.child.kill('SIGTERM');
        await machine.exited;
      }
    } finally {
      await database.cleanup();
    }
  }, 120_000);
});
