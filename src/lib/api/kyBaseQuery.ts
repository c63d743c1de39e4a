import ky, { TimeoutError } from 'ky';
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { getConfig } from '../config';
import { getAccessToken, notifyUnauthorized } from './authBridge';
import { collectErrorFields, type ApiError } from './errors';

/** Query-string values; `null` and `undefined` are left out (spec, section 7). */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface ApiRequest {
  /** Path under the API base, e.g. `/leaderboard`. */
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: QueryParams;
  /** Sent as JSON, or as is when it is `FormData` (uploads). */
  body?: unknown;
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

function send(request: ApiRequest, token: string | null, signal: AbortSignal): Promise<Response> {
  const { body } = request;
  return ky(resolveUrl(request.url), {
    method: request.method ?? 'GET',
    searchParams: toSearchParams(request.params),
    ...(body instanceof FormData ? { body } : body === undefined ? {} : { json: body }),
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal,
    // RTK Query owns retries and caching; ky must hand every answer back as it came.
    retry: 0,
    throwHttpErrors: false,
    timeout: 30_000,
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

/** Sends once with the current token; on a 401 forces one token refresh and retries once. */
async function sendWithReauth(request: ApiRequest, signal: AbortSignal): Promise<Response> {
  const token = await getAccessToken();
  const response = await send(request, token, signal);
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
    const read = await readBody(response);
    if (!('body' in read))
      return {
        error: {
          status: 'PARSING_ERROR',
          originalStatus: response.status,
          data: read.text,
          error: read.error,
        },
      };
    if (response.ok) return { data: read.body };
    const fields = response.status === 400 ? collectErrorFields(read.body) : null;
    if (fields)
      return { error: { status: 400, data: { messages: Object.values(fields).flat(), fields } } };
    return { error: { status: response.status, data: read.body } };
  };
}
