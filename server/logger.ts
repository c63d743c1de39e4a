import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * pino's options: readable lines (pino-pretty) when stdout is a terminal, where a
 * person reads them; JSON lines otherwise (a file, a pipe, a log collector), whatever
 * NODE_ENV says.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  terminal: boolean = Boolean(process.stdout.isTTY),
): FastifyServerOptions['logger'] {
  const pretty = terminal && hasPrettyPrinter();
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

/** pino-pretty is a dependency, but an image may prune it: then JSON it is. */
function hasPrettyPrinter(): boolean {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** A caller's X-Request-Id is kept when it looks like an id (it ends up in our logs). */
const acceptableRequestId = /^[\w.:-]{1,128}$/;

/** The request id: the caller's `x-request-id` if sane (a proxy's trace), else a new UUID. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && acceptableRequestId.test(given) ? given : randomUUID();
}
