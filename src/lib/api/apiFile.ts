import { TimeoutError } from 'ky';
import type { ApiError } from './errors';
import { failureOf, sendWithReauth, type ApiRequest } from './kyBaseQuery';
import { saveBlob } from '../saveBlob';

/** A file the API answered (an export, a template), kept out of the store. */
export interface ApiFile {
  blob: Blob;
  /** From `Content-Disposition`, when the server named the file. */
  fileName: string | null;
}

/** `attachment; filename="athletes.csv"` or `filename*=UTF-8''...` → the name. */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? null;
}

/**
 * Fetches a file from the API the way the base query sends every call (Bearer token,
 * one refresh on a 401) and answers it as a Blob, or the failure as the base query would.
 * A Blob is not serializable, so callers use it inside a `queryFn` and keep it out of
 * the store (see `saveBlob`).
 *
 * @example
 * const result = await fetchApiFile({ url: '/athlete/export', params: { rosterId: 3 } }, signal);
 * if ('data' in result) saveBlob(result.data.blob, result.data.fileName ?? 'athletes.csv');
 */
export async function fetchApiFile(
  request: ApiRequest,
  signal: AbortSignal = new AbortController().signal,
): Promise<{ data: ApiFile } | { error: ApiError }> {
  let response: Response;
  try {
    response = await sendWithReauth(request, signal);
  } catch (error) {
    const status = error instanceof TimeoutError ? 'TIMEOUT_ERROR' : 'FETCH_ERROR';
    return { error: { status, error: String(error) } };
  }
  if (!response.ok) return { error: await failureOf(response) };
  return {
    data: {
      blob: await response.blob(),
      fileName: fileNameFrom(response.headers.get('content-disposition')),
    },
  };
}

/**
 * Downloads a file from the API (`accept` names its type) and saves it in the browser;
 * answers only the file's name (a queryFn result: nothing else reaches the store).
 *
 * @example
 * queryFn: (_arg, { signal }) => downloadFile({ url: '/report/eapi/athlete/7/pdf' }, 'report.pdf', 'application/pdf', signal)
 */
export async function downloadFile(
  request: ApiRequest,
  fallbackName: string,
  accept: string,
  signal: AbortSignal,
): Promise<{ data: { fileName: string } } | { error: ApiError }> {
  const result = await fetchApiFile({ ...request, accept }, signal);
  if ('error' in result) return result;
  const fileName = result.data.fileName ?? fallbackName;
  saveBlob(result.data.blob, fileName);
  return { data: { fileName } };
}

/**
 * Downloads a CSV from the API and saves it in the browser; answers only the file's name
 * (a queryFn result: nothing else reaches the store).
 *
 * @example
 * queryFn: (filters, { signal }) => downloadCsv({ url: '/athlete/export', params }, 'athletes.csv', signal)
 */
export function downloadCsv(
  request: ApiRequest,
  fallbackName: string,
  signal: AbortSignal,
): Promise<{ data: { fileName: string } } | { error: ApiError }> {
  return downloadFile(request, fallbackName, 'text/csv', signal);
}
