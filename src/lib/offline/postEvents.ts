import { TimeoutError } from 'ky';
import type { EventBatchBody, EventInput } from '../../../contract/event';
import { collectErrorFields } from '../api/errors';
import { sendWithReauth } from '../api/kyBaseQuery';
import type { PostAnswer } from './flushQueue';

/**
 * Queued rows as one `POST /api/event` batch, in the workspace they were entered in, through the app's base request (the
 * bearer token, one forced refresh after a 401), read into what the queue needs.
 * Anything that is not an answer (offline, a refused connection, a timeout) is `network`.
 */
export async function postEvents(items: EventInput[], workspaceId?: string): Promise<PostAnswer> {
  let response: Response;
  try {
    response = await sendWithReauth(
      { url: '/event', method: 'POST', body: { items }, timeout: 30_000, workspaceId },
      new AbortController().signal,
    );
  } catch (error) {
    if (error instanceof TimeoutError || error instanceof TypeError) return { status: 'network' };
    return { status: 'network' };
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (response.status === 200 || response.status === 201)
    return { status: response.status, body: body as EventBatchBody };
  if (response.status === 400) {
    const fields = collectErrorFields(body);
    if (fields) return { status: 400, fields };
  }
  const message =
    body && typeof body === 'object' && 'message' in body ? String(body.message) : undefined;
  return { status: response.status, message };
}
