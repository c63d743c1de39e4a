import ky, { TimeoutError } from 'ky';
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { getConfig } from '../config';
import { yieldToMain } from '../yieldToMain';
import { getAccessToken, notifyForbidden, notifyUnauthorized } from './authBridge';
import { collectErrorFields, type ApiError } from './errors';
import { workspaceHeader } from './workspaceBridge';

/** Query-string values; `null` and `undefined` are left out (spec, section 7). */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface ApiRequest {
  /** Path under the API base, e.g. `/leaderboard`. */
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: QueryParams;
  /** Sent as JSON, as is when it is `FormData` (uploads), or as text with `contentType`. */
  body?: unknown;
  /** With a string `body`: send it as is under this type, e.g. `text/csv`. */
  contentType?: string;
  /** What the answer may be; JSON unless told (files: `text/csv`). */
  accept?: string;
  /** Milliseconds before giving up; 30 s unless told (long imports take more). */
  timeout?: number;
  /** The workspace the call acts in; this tab's unless told (queued results keep theirs). */
  workspaceId?: string;
}

export type ApiArgs = string | ApiRequest;

/** Why: Request needs an absolute URL outside a browser page (tests, workers). */
function resolveUrl(path: string): string {
  const base = getConfig().apiBase.replace(/\/+$/, '');
  return new URL(`${base}/${path.replace(/^\/+/, '')}`, globalThis.location?.href).toString();
}

function toSearchParams(params: QueryParams = {}): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) search.append(key, String(value));
  }
  return search;
}

interface BodyOptions {
  body?: BodyInit;
  json?: unknown;
  headers?: Record<string, string>;
}

function bodyOptions({ body, contentType }: ApiRequest): BodyOptions {
  if (body === undefined) return {};
  if (body instanceof FormData) return { body };
  if (typeof body === 'string' && contentType)
    return { body, headers: { 'Content-Type': contentType } };
  return { json: body };
}

function send(request: ApiRequest, token: string | null, signal: AbortSignal): Promise<Response> {
  const { headers: bodyHeaders, ...body } = bodyOptions(request);
  return ky(resolveUrl(request.url), {
    method: request.method ?? 'GET',
    searchParams: toSearchParams(request.params),
    ...body,
    headers: {
      Accept: request.accept ?? 'application/json',
      ...bodyHeaders,
      ...workspaceHeader(request.workspaceId),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    signal,
    // RTK Query owns retries and caching; ky must hand every answer back as it came.
    retry: 0,
    throwHttpErrors: false,
    timeout: request.timeout ?? 30_000,
  });
}

async function readBody(
  response: Response,
): Promise<{ body: unknown } | { text: string; error: string }> {
  const text = await response.text();
  if (!text) return { body: null };
  if (!(response.headers.get('content-type') ?? '').includes('json')) return { body: text };
  try {
    return { body: JSON.parse(text) as unknown };
  } catch (error) {
    return { text, error: String(error) };
  }
}

/** How often a read shed with 503 is sent again, and the longest wait honoured. */
export const SHED_RETRIES = 2;
export const MAX_RETRY_AFTER_MS = 5_000;

/** `Retry-After` in milliseconds (seconds or an HTTP date), capped; 1 s when absent. */
export function retryAfterMs(response: Response, now = Date.now()): number {
  const header = response.headers.get('retry-after');
  const seconds = header === null ? NaN : Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : header ? Date.parse(header) - now : 1000;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Number.isFinite(ms) ? ms : 1000));
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

/**
 * Sends; a read (GET) answered 503 with `Retry-After` (the server shed it under load or
 * its database is away, docs/decisions/015 and 016) is sent again after that wait, up to
 * SHED_RETRIES times, so a busy moment does not show the coach an error. Writes are not
 * repeated here: their callers say what happened and keep what was typed.
 */
export async function sendWithReauth(request: ApiRequest, signal: AbortSignal): Promise<Response> {
  let response = await sendOnce(request, signal);
  const read = (request.method ?? 'GET') === 'GET';
  for (let retry = 0; read && retry < SHED_RETRIES; retry++) {
    if (response.status !== 503 || !response.headers.has('retry-after')) break;
    await wait(retryAfterMs(response), signal);
    response = await sendOnce(request, signal);
  }
  return response;
}

/** Sends once with the current token; on a 401 forces one token refresh and retries once. */
async function sendOnce(request: ApiRequest, signal: AbortSignal): Promise<Response> {
  // Each request is started in a task of its own: a page asks for several at once (the
  // dashboard's first page, eight), and ky's set-up and the browser's fetch, run one
  // after the other in the task that asked, made it a long task on a phone's CPU. The
  // token is read after the yield, right before sending.
  await yieldToMain();
  const token = await getAccessToken();
  const response = await send(request, token, signal);
  // Refused in this workspace (a role changed, or an owner removed the member): the app
  // reads its membership again (authBridge).
  if (response.status === 403 && token) notifyForbidden();
  if (response.status !== 401 || !token) return response;
  const fresh = await getAccessToken(true);
  const retried = fresh && fresh !== token ? await send(request, fresh, signal) : response;
  if (retried.status === 401) notifyUnauthorized();
  return retried;
}

/**
 * The one base query of the app: ky under RTK Query. Adds `Authorization: Bearer` when a
 * token getter is registered (see `setTokenGetter`), flattens a 400 `errors` object into
 * `{ status: 400, data: { messages, fields } }` (`fields`: the same messages by field), and
 * passes every other failure through.
 *
 * @example
 * createApi({ baseQuery: kyBaseQuery(), endpoints: () => ({}) });
 */
export function kyBaseQuery(): BaseQueryFn<ApiArgs, unknown, ApiError> {
  return async (args, { signal }) => {
    const request = typeof args === 'string' ? { url: args } : args;
    let response: Response;
    try {
      response = await sendWithReauth(request, signal);
    } catch (error) {
      if (error instanceof TimeoutError)
        return { error: { status: 'TIMEOUT_ERROR', error: String(error) } };
      return { error: { status: 'FETCH_ERROR', error: String(error) } };
    }
    if (response.ok) {
      const read = await readBody(response);
      return 'body' in read ? { data: read.body } : { error: parsingError(response, read) };
    }
    return { error: await failureOf(response) };
  };
}

function parsingError(response: Response, read: { text: string; error: string }): ApiError {
  return {
    status: 'PARSING_ERROR',
    originalStatus: response.status,
    data: read.text,
    error: read.error,
  };
}

/** A failed answer as the app sees it: a 400 `errors` object flattened, others as sent. */
export async function failureOf(response: Response): Promise<ApiError> {
  const read = await readBody(response);
  if (!('body' in read)) return parsingError(response, read);
  const fields = response.status === 400 ? collectErrorFields(read.body) : null;
  if (fields) return { status: 400, data: { messages: Object.values(fields).flat(), fields } };
  return { status: response.status, data: read.body };
}
