import type { AccountActions, ChangePasswordResult } from './account-actions';
import { WRONG_CURRENT_PASSWORD } from './account-actions';
import { checkPassword } from './password-policy';
import { auth0Origin } from './settings';

export interface Auth0ActionsOptions {
  /** AUTH0_DOMAIN, with or without https:// (tests pass http://127.0.0.1:port). */
  domain: string;
  /** The app's client id (AUTH0_CLIENT_ID), for the verification job. */
  appClientId: string;
  /** A machine-to-machine client allowed the Management API and the password-realm grant. */
  managementClientId: string;
  managementClientSecret: string;
  connection: string;
  fetch?: typeof fetch;
}

/**
 * Account actions through Auth0: the Management API for the verification mail and the
 * new password, the password-realm grant to check the current password first.
 * https://auth0.com/docs/api/management/v2 (jobs/post-verification-email, users/patch-users-by-id)
 */
export function auth0AccountActions(options: Auth0ActionsOptions): AccountActions {
  const origin = auth0Origin(options.domain);
  const http = options.fetch ?? fetch;
  let cached: { token: string; until: number } | undefined;

  async function tokenRequest(body: Record<string, string>): Promise<Response> {
    return http(`${origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async function managementToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    const response = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: options.managementClientId,
      client_secret: options.managementClientSecret,
      audience: `${origin}/api/v2/`,
    });
    if (!response.ok) throw new Error(`Auth0 management token: HTTP ${response.status}`);
    const { access_token, expires_in } = (await response.json()) as {
      access_token: string;
      expires_in: number;
    };
    cached = { token: access_token, until: Date.now() + (expires_in - 60) * 1000 };
    return access_token;
  }

  async function management(method: string, path: string, body: unknown): Promise<Response> {
    const token = await managementToken();
    return http(`${origin}/api/v2${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  return {
    async resendVerificationEmail(user) {
      const response = await management('POST', '/jobs/verification-email', {
        user_id: user.sub,
        client_id: options.appClientId,
      });
      if (response.status === 400) return false; // Auth0 answers 400 for an address verified already
      if (!response.ok) throw new Error(`Auth0 verification e-mail job: HTTP ${response.status}`);
      return true;
    },

    async changePassword(user, currentPassword, newPassword): Promise<ChangePasswordResult> {
      const check = await tokenRequest({
        grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
        realm: options.connection,
        username: user.email,
        password: currentPassword,
        client_id: options.managementClientId,
        client_secret: options.managementClientSecret,
        scope: 'openid',
      });
      if (check.status === 403 || check.status === 401) {
        return { ok: false, field: 'currentPassword', messages: [WRONG_CURRENT_PASSWORD] };
      }
      if (!check.ok) throw new Error(`Auth0 password check: HTTP ${check.status}`);
      const problems = checkPassword(newPassword, user.email);
      if (problems.length > 0) return { ok: false, field: 'newPassword', messages: problems };
      const response = await management('PATCH', `/users/${encodeURIComponent(user.sub)}`, {
        password: newPassword,
        connection: options.connection,
      });
      if (response.status === 400) {
        const { message } = (await response.json().catch(() => ({}))) as { message?: string };
        return {
          ok: false,
          field: 'newPassword',
          messages: [message ?? 'Auth0 refused this password.'],
        };
      }
      if (!response.ok) throw new Error(`Auth0 password change: HTTP ${response.status}`);
      return { ok: true };
    },
  };
}
