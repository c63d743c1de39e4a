import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Webhook } from 'standardwebhooks';
import { hostOf, isPublicAddress, RefusedTargetError, safeLookup } from './targets';

/** What one attempt came to: a status code (any), or an error before an answer. */
export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** At most EXCERPT_CHARS characters of the answer's body. */
  responseExcerpt: string | null;
}

/** What is kept of a receiver's answer (contract: DeliveryBody.responseExcerpt). */
export const EXCERPT_CHARS = 200;
/** Bytes read of an answer for the excerpt; the rest is dropped unread. */
const READ_BYTES = 4096;

export const USER_AGENT = 'Splitline-Webhooks/1.0';

export interface SendOptions {
  url: string;
  secret: string;
  messageId: string;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
  /** Aborted when the server closes: the attempt ends at once. */
  signal?: AbortSignal;
}

/**
 * One signed POST (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature` over `id.timestamp.body`). Redirects are not followed (a 3xx is a
 * failed attempt); an answer that is not 2xx within `timeoutMs` fails the attempt.
 */
export async function sendWebhook(options: SendOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const url = new URL(options.url);
    const host = hostOf(url);
    // An IP literal never goes through `lookup`: checked here.
    if (!options.allowPrivate && net.isIP(host) !== 0 && !isPublicAddress(host)) {
      throw new RefusedTargetError(`${host} is a loopback, private or link-local address`);
    }
    const now = new Date();
    const signature = new Webhook(options.secret).sign(options.messageId, now, options.body);
    const { statusCode, excerpt } = await post(url, options, {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': options.messageId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    });
    const ok = statusCode >= 200 && statusCode < 300;
    return {
      ok,
      statusCode,
      durationMs: elapsed(),
      error: ok ? null : `HTTP ${statusCode}`,
      responseExcerpt: excerpt,
    };
  } catch (error) {
    return {
      ok: false,
      statusCode: null,
      durationMs: elapsed(),
      error: describe(error, options),
      responseExcerpt: null,
    };
  }
}

function post(
  url: URL,
  options: SendOptions,
  headers: Record<string, string>,
): Promise<{ statusCode: number; excerpt: string | null }> {
  const signals = [AbortSignal.timeout(options.timeoutMs)];
  if (options.signal) signals.push(options.signal);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(options.body)) },
        signal: AbortSignal.any(signals),
        // A fresh connection each time, to an address checked by safeLookup.
        agent: false,
        lookup: options.allowPrivate ? undefined : safeLookup,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const finish = () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            statusCode: response.statusCode ?? 0,
            excerpt: text.length === 0 ? null : text.slice(0, EXCERPT_CHARS),
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (read < READ_BYTES) chunks.push(chunk);
          read += chunk.length;
          if (read >= READ_BYTES) {
            response.destroy();
            finish();
          }
        });
        response.on('end', finish);
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

function describe(error: unknown, options: SendOptions): string {
  if (error instanceof RefusedTargetError) return `Refused address: ${error.message}`;
  const name = (error as { name?: unknown }).name;
  const cause = (error as { cause?: { name?: unknown } }).cause;
  if (name === 'TimeoutError' || cause?.name === 'TimeoutError')
    return `Timeout: no answer within ${options.timeoutMs} ms`;
  if (name === 'AbortError') {
    if (options.signal?.aborted) return 'Interrupted: the server was closing';
    return `Timeout: no answer within ${options.timeoutMs} ms`;
  }
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return (typeof code === 'string' ? `${code}: ${message}` : message).slice(0, 500);
}
