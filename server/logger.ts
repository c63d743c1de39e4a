import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * pino's options: JSON lines for machines, pino-pretty for a person at a terminal
 * (never in production, where a TTY is an accident and pretty-printing costs).
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'production'>,
): FastifyServerOptions['logger'] {
  const pretty = Boolean(process.stdout.isTTY) && !config.production && hasPrettyPrinter();
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

/** pino-pretty is a devDependency: absent from an install without dev packages. */
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
