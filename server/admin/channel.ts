import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { App } from '../app';
import { processStartTime } from '../db/data-dir-lock';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable';
import {
  AdminRefusal,
  AdminUsageError,
  adminCommands,
  type AdminContext,
  type AdminRequest,
} from './commands';

/**
 * The running server's admin channel (decision 037): an HTTP listener on 127.0.0.1 only,
 * on a port the system picks, that runs the operator's commands (commands.ts) on the
 * server's own database. Whoever may read `DATA_DIR/admin.json` (mode 0600: the user
 * the server runs as) finds its port and the random token every call must carry; a new
 * token is made at each start.
 */
export const ADMIN_FILE = 'admin.json';

/** What admin.json holds. */
export interface AdminEndpoint {
  pid: number;
  /** processStartTime() of the server: a pid reused by another process is not it. */
  startTime?: string;
  port: number;
  token: string;
}

/** The answer to POST /command. */
export interface AdminAnswer {
  exitCode: 0 | 1 | 2;
  lines: string[];
  /** One sentence, when the command was refused or failed. */
  error?: string;
  /** With `error` for a usage mistake: the command's usage. */
  usage?: string;
}

/** The largest request: index:publish sends a reference file (a few hundred kB at most). */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface AdminChannel {
  port: number;
  /** Stops taking commands (those running finish) and removes admin.json. */
  close(): Promise<void>;
}

/**
 * Opens the channel of a started app and writes `DATA_DIR/admin.json`.
 * @example const admin = await openAdminChannel(app); ...; await admin.close();
 */
export async function openAdminChannel(app: App): Promise<AdminChannel> {
  const dataDir = app.config.dataDir;
  const token = randomBytes(32).toString('base64url');
  const context: AdminContext = {
    db: app.db,
    engine: app.config.databaseUrl ? 'postgresql' : 'pglite',
    config: app.config,
    log: app.log,
  };
  const server = http.createServer((request, response) => {
    handle(request, token, context).then(
      ({ status, answer }) => send(response, status, answer),
      () => send(response, 500, { exitCode: 1, lines: [], error: 'the command failed.' }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const endpoint: AdminEndpoint = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    port,
    token,
  };
  const file = path.join(dataDir, ADMIN_FILE);
  const content = JSON.stringify(endpoint);
  try {
    await writePrivate(file, content);
  } catch (error) {
    server.close();
    throw error;
  }
  return {
    port,
    async close() {
      const current = await fs.promises.readFile(file, 'utf8').catch(() => undefined);
      if (current === content) await fs.promises.rm(file, { force: true });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Written aside with mode 0600 and renamed into place: never readable by others, never torn. */
async function writePrivate(file: string, content: string): Promise<void> {
  const aside = `${file}.${process.pid}.tmp`;
  await fs.promises.rm(aside, { force: true });
  const handle = await fs.promises.open(aside, 'wx', 0o600);
  try {
    await handle.writeFile(content);
  } finally {
    await handle.close();
  }
  await fs.promises.rename(aside, file);
}

async function handle(
  request: http.IncomingMessage,
  token: string,
  context: AdminContext,
): Promise<{ status: number; answer: AdminAnswer }> {
  const refused = (status: number, error: string) => ({
    status,
    answer: { exitCode: 1 as const, lines: [], error },
  });
  if (request.method !== 'POST' || request.url !== '/command') {
    request.resume();
    return refused(404, 'no such admin call.');
  }
  if (!sameToken(request.headers.authorization, token)) {
    request.resume();
    return refused(401, 'the admin token does not match this server.');
  }
  let body: { command?: unknown; args?: unknown; input?: unknown };
  try {
    body = JSON.parse(await readBody(request)) as typeof body;
  } catch {
    return refused(400, 'the command could not be read.');
  }
  const command = typeof body.command === 'string' ? adminCommands[body.command] : undefined;
  const args = body.args;
  if (!command || !Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) {
    return refused(400, `this server has no command ${String(body.command)}.`);
  }
  const adminRequest: AdminRequest = { args: args as string[], input: body.input };
  const started = performance.now();
  const facts = { command: body.command, args };
  try {
    const result = await command(context, adminRequest);
    context.log.info(
      { ...facts, exitCode: result.exitCode, ms: Math.round(performance.now() - started) },
      'operator command',
    );
    return { status: 200, answer: result };
  } catch (error) {
    const answer = failureAnswer(error);
    if (answer) {
      context.log.info({ ...facts, exitCode: answer.exitCode }, 'operator command refused');
      return { status: 200, answer };
    }
    if (isDatabaseUnavailable(error)) {
      context.log.warn({ ...facts, err: error }, 'operator command: database unavailable');
      return {
        status: 200,
        answer: { exitCode: 1, lines: [], error: DATABASE_UNAVAILABLE_MESSAGE },
      };
    }
    context.log.error({ ...facts, err: error }, 'operator command failed');
    return {
      status: 200,
      answer: {
        exitCode: 1,
        lines: [],
        error: `the server could not run it (${oneLine(error)}); its log has the details.`,
      },
    };
  }
}

/** The answer for a usage mistake or a refusal; undefined for anything else. */
export function failureAnswer(error: unknown): AdminAnswer | undefined {
  if (error instanceof AdminUsageError) {
    return { exitCode: 2, lines: [], error: error.message, usage: error.usage };
  }
  if (error instanceof AdminRefusal) return { exitCode: 1, lines: [], error: error.message };
  return undefined;
}

/** An error's message on one line, without a trailing full stop. */
export function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.replace(/\.$/, '');
}

function sameToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('too large'));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: http.ServerResponse, status: number, answer: AdminAnswer): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(answer));
}
