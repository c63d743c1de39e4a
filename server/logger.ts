import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from './config';

/** How the log is written: lines for a person (pino-pretty), or JSON lines for machines. */
export type LogFormat = 'pretty' | 'json';

/**
 * LOG_FORMAT when set; otherwise readable lines when stdout is a terminal, where a person
 * reads them, and JSON lines when it is a file, a pipe or a log collector, whatever
 * NODE_ENV says. Without pino-pretty (an image may prune it) it is JSON.
 */
export function logFormat(
  config: Partial<Pick<Config, 'logFormat'>>,
  terminal: boolean = Boolean(process.stdout.isTTY),
): LogFormat {
  const wanted = config.logFormat ?? (terminal ? 'pretty' : 'json');
  return wanted === 'pretty' && hasPrettyPrinter() ? 'pretty' : 'json';
}

/** pino's options, in the format logFormat() picks. */
export function loggerOptions(
  config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'logFormat'>>,
  terminal: boolean = Boolean(process.stdout.isTTY),
): FastifyServerOptions['logger'] {
  const pretty = logFormat(config, terminal) === 'pretty';
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

/**
 * One `info` line per request, when it ends: its method and URL (`req`), status (`res`)
 * and time (`responseTime`), under its `requestId`. Fastify's own controller also logs
 * every request as it comes in, which doubled the log; that line is `debug` here (a
 * request that never ends is found with LOG_LEVEL=debug). Errors stay `error`.
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}

/** A caller's X-Request-Id is kept when it looks like an id (it ends up in our logs). */
const acceptableRequestId = /^[\w.:-]{1,128}$/;

/** The request id: the caller's `x-request-id` if sane (a proxy's trace), else a new UUID. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && acceptableRequestId.test(given) ? given : randomUUID();
}
