import { createHash } from 'node:crypto';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml, page } from './pages/html';
import { messagePage } from './pages/password';

/**
 * The pages oidc-provider renders itself, in our look. The confirm step of /v2/logout is
 * skipped (Auth0 has none): the page posts the provider's own form at once, with an
 * inline script allowed by its hash in the content security policy; a button remains
 * for browsers without script.
 */
const AUTO_SUBMIT = 'document.forms[0].submit()';

export async function logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  allowInlineScript(ctx, AUTO_SUBMIT);
  const withConsent = form.replace(
    '</form>',
    '<input type="hidden" name="logout" value="yes"><button type="submit">Sign out</button></form>',
  );
  ctx.type = 'html';
  ctx.body = page(
    'Signing out',
    `<h1>Signing out…</h1>${withConsent}<script>${AUTO_SUBMIT}</script>`,
  );
}

export async function postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void> {
  ctx.type = 'html';
  ctx.body = messagePage('Signed out', 'You are signed out of Splitline.');
}

/** Errors of the provider's own pages (a bad link, an expired sign-in): words, not a stack. */
export async function renderError(
  ctx: KoaContextWithOIDC,
  out: { error: string; error_description?: string },
): Promise<void> {
  ctx.type = 'html';
  const sessionGone =
    out.error === 'invalid_request' && /interaction|session/.test(out.error_description ?? '');
  const text = sessionGone
    ? 'This sign-in page has expired. Go back to Splitline and sign in again.'
    : `Something went wrong while signing you in (${out.error_description ?? out.error}). Go back to Splitline and try again.`;
  ctx.body = page(
    'Sign-in problem',
    `<h1>Sign-in problem</h1><p>${escapeHtml(text)}</p><nav><a href="/login">Back to Splitline</a></nav>`,
  );
}

function allowInlineScript(ctx: KoaContextWithOIDC, script: string): void {
  const csp = ctx.response.get('content-security-policy');
  if (!csp) return;
  const digest = createHash('sha256').update(script).digest('base64');
  ctx.set(
    'content-security-policy',
    csp.replace(/script-src ([^;]*)/, `script-src $1 'sha256-${digest}'`),
  );
}
