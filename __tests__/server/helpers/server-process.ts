import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const projectRoot = path.resolve(__dirname, '../../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the port once the server says it is running; rejects if it exits first. */
  listening: Promise<number>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  /** A request to the running server. */
  request(pathname: string, init?: RequestInit): Promise<Response>;
}

/**
 * Starts `script` (TypeScript, relative to the repository) as a real server process.
 * `node --import tsx` keeps it one process, so that kill -9 hits the server itself
 * (the tsx command would run it in a child of its own).
 * The environment is only what is given plus PATH: no DATABASE_URL leaks in.
 * @example const server = startServer('server/server.ts', { DATA_DIR: dir }); await server.listening;
 */
export function startServer(script: string, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let port = 0;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const listening = new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // JSON lines, or lines for a person (LOG_FORMAT=pretty).
      const match =
        /"port":(\d+),[^\n]*Splitline is running|Splitline is running at http:\/\/localhost:(\d+)/.exec(
          output,
        );
      if (match && !port) resolve((port = Number(match[1] ?? match[2])));
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(({ code, signal }) =>
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`)),
    );
  });
  listening.catch(() => undefined); // a test that expects the exit awaits `exited` instead
  return {
    child,
    listening,
    exited,
    output: () => output,
    request: (pathname, init) => fetch(`http://127.0.0.1:${port}${pathname}`, init),
  };
}

/** kill -9, and wait until the process is reaped (a zombie would still look alive). */
export async function killHard(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}
