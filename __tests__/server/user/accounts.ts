import type { App } from '../../../server/app';
import { mintAccessToken } from '../identity/mint-token';

/**
 * Signs a person up at the embedded provider (as the app's sign-up form does) and
 * answers what API tests need: the subject and an `authorization` header with an access
 * token minted by the provider's own key, so that the real token check runs.
 * @example const coach = await signUp(app, 'a@example.com');
 *          await app.inject({ url: '/api/user', headers: coach.headers });
 */
export async function signUp(
  app: App,
  email: string,
  password = 'Sprint-40yd-4.41s',
): Promise<{ sub: string; email: string; password: string; headers: Record<string, string> }> {
  const response = await app.inject({
    method: 'POST',
    url: '/dbconnections/signup',
    payload: { client_id: 'splitline-app', email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  const sub = response.json<{ _id: string }>()._id;
  const token = await mintAccessToken(app, { sub });
  return { sub, email, password, headers: { authorization: `Bearer ${token}` } };
}

/** The account id (users.id) of a signed-up person; made by their first API call. */
export async function accountId(app: App, headers: Record<string, string>): Promise<string> {
  const response = await app.inject({ url: '/api/user', headers });
  return response.json<{ id: string }>().id;
}

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
export function fileForm(
  field: string,
  filename: string,
  contentType: string,
  bytes: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----splitline${Math.random().toString(16).slice(2)}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real 1x1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
