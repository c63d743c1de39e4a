import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { referenceVersion1 } from '../../../server/db/migrations/index-references';
import { testDatabase, type Store } from '../helpers/build-test-app';
import { startServer, type ServerProcess } from '../helpers/server-process';

jest.setTimeout(400_000);

const projectRoot = path.resolve(__dirname, '../../..');
const engine = process.env.DATABASE_URL ? 'postgresql' : 'pglite';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an operator command as the operator would (`npm run store -- ...`), in its own process. */
function cli(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

const store = (args: string[], env: Record<string, string>) =>
  cli('server/store/cli.ts', args, env);
const publish = (file: string, env: Record<string, string>) =>
  cli('server/profile/publish-cli.ts', [file], env);

/** Node's own lines (tsx on an older Node warns about nothing of ours) are not the CLI's. */
const own = (stderr: string) =>
  stderr
    .split('\n')
    .filter((line) => line && !line.includes('ExperimentalWarning') && !line.includes('--trace-'))
    .join('\n');

/** Version 1 with one mean changed: a new version to publish. */
function referenceFile(dir: string, version: number): string {
  const file = path.join(dir, `reference-${version}.json`);
  const rows = referenceVersion1.rows.map((row, index) =>
    index === 0 ? { ...row, mean: row.mean + version } : row,
  );
  fs.writeFileSync(file, JSON.stringify({ version, note: `test ${version}`, rows }));
  return file;
}

/**
 * Decision 037: the operator's commands reach a running server through its admin channel
 * (the embedded database is locked by it), and open the database themselves when none
 * runs; on both engines, with one sentence and no stack when something is wrong.
 */
describe('operator commands', () => {
  let database: Store;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await testDatabase();
  });
  afterEach(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    server = undefined;
  });
  afterAll(() => database.cleanup());

  it('run in the running server, then on the database itself once it stopped', async () => {
    const env = database.env;
    const dataDir = env.DATA_DIR!;
    server = startServer('server/server.ts', { ...env, LOG_FORMAT: 'json' });
    await server.listening;

    // The channel: a token only the server's user may read, loopback only.
    const adminFile = path.join(dataDir, 'admin.json');
    expect(fs.statSync(adminFile).mode & 0o777).toBe(0o600);
    const endpoint = JSON.parse(fs.readFileSync(adminFile, 'utf8')) as {
      port: number;
      token: string;
    };
    const wrongToken = await fetch(`http://127.0.0.1:${endpoint.port}/command`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-the-token' },
      body: JSON.stringify({ command: 'store', args: ['list'] }),
    });
    expect(wrongToken.status).toBe(401);

    const list = await store(['list'], env);
    expect({ code: list.code, stdout: list.stdout, stderr: own(list.stderr) }).toEqual({
      code: 0,
      stdout: 'store: no pending orders.\n',
      stderr: '',
    });

    const published = await publish(referenceFile(dataDir, 2), env);
    expect(own(published.stderr)).toBe('');
    expect(published.stdout).toBe(
      `index:publish: version 2 is current; 0 profiles re-scored on ${engine}.\n`,
    );
    expect(published.code).toBe(0);

    // Refusals and usage mistakes: one sentence (and the usage), never a stack.
    const again = await publish(referenceFile(dataDir, 2), env);
    expect(again.code).toBe(1);
    expect(own(again.stderr)).toBe('index:publish: version 2 is not above the current version 2.');
    const noAccount = await store(['grant', 'nobody@example.com', '5'], env);
    expect(noAccount.code).toBe(1);
    expect(noAccount.stdout).toBe('store: no account with the e-mail nobody@example.com.\n');
    const badId = await store(['fulfil', 'abc'], env);
    expect(badId.code).toBe(2);
    expect(own(badId.stderr)).toMatch(
      /^store: an order id is a whole number from 1 \(got abc\)\.\nUsage:/,
    );
    for (const run of [again, noAccount, badId]) expect(run.stderr).not.toMatch(/^\s+at /m);

    // The server ran them: its log says so, without a stack.
    const log = server.output();
    expect(log).toContain('"command":"index:publish"');
    expect(log).toMatch(/"command":"store","args":\["list"\],"exitCode":0/);
    expect(log).not.toMatch(/"level":50/);

    // Stopped: the channel is gone, and the commands open the database themselves.
    server.child.kill('SIGTERM');
    await server.exited;
    expect(fs.existsSync(adminFile)).toBe(false);
    const direct = await publish(referenceFile(dataDir, 2), env);
    expect(own(direct.stderr)).toBe('index:publish: version 2 is not above the current version 2.');
    expect(direct.code).toBe(1);
    const third = await publish(referenceFile(dataDir, 3), env);
    expect(third.stdout).toBe(
      `index:publish: version 3 is current; 0 profiles re-scored on ${engine}.\n`,
    );
  });

  it('ignore the channel file of a server that was killed', async () => {
    const env = database.env;
    server = startServer('server/server.ts', { ...env, LOG_FORMAT: 'json' });
    await server.listening;
    server.child.kill('SIGKILL');
    await server.exited;
    expect(fs.existsSync(path.join(env.DATA_DIR!, 'admin.json'))).toBe(true);
    const list = await store(['list'], env);
    expect(own(list.stderr)).toBe('');
    expect(list.stdout).toBe('store: no pending orders.\n');
  });

  it('say in one sentence that the database cannot be reached', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen({ port: 0, host: '127.0.0.1' }, resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const run = await store(['list'], {
      DATA_DIR: database.env.DATA_DIR!,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/splitline`,
    });
    expect(run.code).toBe(1);
    expect(own(run.stderr)).toBe(
      `store: The PostgreSQL server at 127.0.0.1:${port} (DATABASE_URL) does not accept connections. Start it, or correct DATABASE_URL.`,
    );
  });
});
