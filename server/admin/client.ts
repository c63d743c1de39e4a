import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase } from '../db/connect';
import { DataDirLockedError, dataDirOwner, isProcessRunning } from '../db/data-dir-lock';
import { migrateToLatest } from '../db/migrate';
import { migrations } from '../db/migrations';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable';
import { explainStartFailure } from '../start-failure';
import {
  ADMIN_FILE,
  failureAnswer,
  oneLine,
  type AdminAnswer,
  type AdminEndpoint,
} from './channel';
import { adminCommands, type AdminRequest } from './commands';

/**
 * The operator's side of a command (decision 037): `npm run store -- list` and the like.
 * When a server runs on DATA_DIR the command is sent to it over its admin channel
 * (channel.ts) and runs there; otherwise the command opens the database itself (the
 * embedded one in DATA_DIR, locked meanwhile, or DATABASE_URL's) and runs in this
 * process. Either way it prints the same lines; a failure is one sentence on standard
 * error, never a stack (the stack only with LOG_LEVEL=debug or trace).
 */
export interface OperatorInvocation {
  /** The program's name in messages: `store`, `index:publish`. */
  program: string;
  /** The name in adminCommands. */
  command: string;
  args: string[];
  input?: unknown;
}

/** How long a command waits for a server that holds DATA_DIR to open its channel (a start). */
const WAIT_FOR_SERVER_MS = 60_000;

/**
 * Runs the command, prints its answer, and resolves with the exit code.
 * @example process.exitCode = await runOperatorCommand({ program: 'store', command: 'store', args });
 */
export async function runOperatorCommand(
  invocation: OperatorInvocation,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const { program } = invocation;
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${program}: ${error.message}`);
    return 1;
  }
  try {
    return print(program, await answerOf(invocation, config));
  } catch (error) {
    console.error(`${program}: ${sentenceFor(error, config)}`);
    if (config.logLevel === 'debug' || config.logLevel === 'trace') console.error(error);
    return 1;
  }
}

async function answerOf(invocation: OperatorInvocation, config: Config): Promise<AdminAnswer> {
  const deadline = performance.now() + WAIT_FOR_SERVER_MS;
  let told = false;
  for (;;) {
    const endpoint = await runningServer(config.dataDir);
    if (endpoint) {
      const answer = await send(endpoint, invocation).catch((error: unknown) => {
        // The server is closing (or was killed since): it no longer takes commands.
        if (isConnectionRefused(error)) return undefined;
        throw error;
      });
      if (answer) return answer;
    } else {
      const owner = config.databaseUrl ? undefined : await dataDirOwner(config.dataDir);
      if (owner === undefined) {
        try {
          return await runHere(invocation, config);
        } catch (error) {
          if (!(error instanceof DataDirLockedError)) throw error;
          // A server took DATA_DIR in between: ask it instead.
        }
      } else if (!told) {
        console.error(
          `${invocation.program}: waiting for the Splitline process ${owner} that holds ${config.dataDir} (a server starting, or a seed)...`,
        );
        told = true;
      }
    }
    if (performance.now() > deadline) {
      throw new WaitedTooLong(
        `the data directory ${config.dataDir} is held by a Splitline process that takes no commands (a seed, or a server that did not finish starting within ${WAIT_FOR_SERVER_MS / 1000} s); try again when it has finished.`,
      );
    }
    await sleep(500);
  }
}

class WaitedTooLong extends Error {}

/** The server that runs on `dataDir` and takes commands, or undefined. */
export async function runningServer(dataDir: string): Promise<AdminEndpoint | undefined> {
  let endpoint: AdminEndpoint;
  try {
    endpoint = JSON.parse(
      await fs.promises.readFile(path.join(dataDir, ADMIN_FILE), 'utf8'),
    ) as AdminEndpoint;
  } catch {
    return undefined; // none, or one being written
  }
  const valid =
    Number.isInteger(endpoint.pid) &&
    Number.isInteger(endpoint.port) &&
    typeof endpoint.token === 'string';
  return valid && isProcessRunning(endpoint.pid, endpoint.startTime) ? endpoint : undefined;
}

function send(endpoint: AdminEndpoint, invocation: OperatorInvocation): Promise<AdminAnswer> {
  const body = JSON.stringify({
    command: invocation.command,
    args: invocation.args,
    input: invocation.input,
  });
  return new Promise((resolve, reject) => {
    // No timeout: index:publish re-scores every profile, which may take minutes.
    const request = http.request(
      {
        host: '127.0.0.1',
        port: endpoint.port,
        path: '/command',
        method: 'POST',
        headers: {
          authorization: `Bearer ${endpoint.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as AdminAnswer);
          } catch {
            reject(new Error(`the server at port ${endpoint.port} gave no readable answer`));
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function isConnectionRefused(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNREFUSED' || code === 'ECONNRESET';
}

/** No server: this process opens the database, migrates it as a start would, and runs it. */
async function runHere(invocation: OperatorInvocation, config: Config): Promise<AdminAnswer> {
  const command = adminCommands[invocation.command];
  if (!command) throw new Error(`no command ${invocation.command}`);
  const quiet = () => undefined;
  const log = {
    info: quiet,
    warn: (_: object, message: string) => console.error(`${invocation.program}: ${message}`),
    error: quiet,
  };
  const handle = await openDatabase(config, log);
  try {
    await migrateToLatest(handle.db as Kysely<unknown>, migrations);
    const request: AdminRequest = { args: invocation.args, input: invocation.input };
    try {
      const result = await command({ db: handle.db, engine: handle.engine, config, log }, request);
      return result;
    } catch (error) {
      const answer = failureAnswer(error);
      if (answer) return answer;
      throw error;
    }
  } finally {
    await handle.close();
  }
}

function print(program: string, answer: AdminAnswer): number {
  for (const line of answer.lines) console.log(line);
  if (answer.error) console.error(`${program}: ${answer.error}`);
  if (answer.usage) console.error(answer.usage);
  return answer.exitCode;
}

/** One sentence for what went wrong before or around the command. */
function sentenceFor(error: unknown, config: Config): string {
  if (error instanceof WaitedTooLong) return error.message;
  const known = explainStartFailure(error, config);
  if (known) return known.message;
  if (isDatabaseUnavailable(error)) return DATABASE_UNAVAILABLE_MESSAGE;
  return `failed: ${oneLine(error)}.`;
}
