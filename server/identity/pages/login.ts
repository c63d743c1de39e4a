import { PASSWORD_RULE } from '../password-policy';
import { describedBy, errorBox, escapeHtml, hidden, page } from './html';

/** The sign-in and sign-up forms of an interaction (`/u/login/:uid`). */
export interface InteractionForm {
  uid: string;
  /** The per-interaction form token (see csrf.ts). */
  csrf: string;
  email?: string;
  errors?: string[];
  notice?: string;
}

export function loginPage({ uid, csrf, email = '', errors = [], notice }: InteractionForm): string {
  const base = `/u/login/${encodeURIComponent(uid)}`;
  // With the address known (after a sign-up, a login_hint), the password is what is left.
  const focus = (field: 'email' | 'password') =>
    (field === 'password') === Boolean(email) ? ' autofocus' : '';
  // After a sign-up the notice speaks; greeting a new user "back" would be wrong.
  const intro = notice
    ? 'Sign in to continue.'
    : 'Welcome back. Sign in to your Splitline account.';
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p>${intro}</p>
${notice ? `<div class="notice" role="status">${escapeHtml(notice)}</div>` : ''}${errorBox(errors)}
<form method="post" action="${base}" novalidate>
${hidden('csrf', csrf)}
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="username" required${focus('email')}${describedBy(errors)} value="${escapeHtml(email)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${focus('password')}${describedBy(errors)}>
<button type="submit">Sign in</button>
</form>
<nav><a href="/u/forgot-password">Forgot password?</a><a href="${base}?screen=signup">Create account</a></nav>`,
  );
}

export function signupPage({ uid, csrf, email = '', errors = [] }: InteractionForm): string {
  const base = `/u/login/${encodeURIComponent(uid)}`;
  return page(
    'Create account',
    `<h1>Create your account</h1>
<p>Your own workspace for rosters, results and reports.</p>
${errorBox(errors)}
<form method="post" action="${base}/signup" novalidate>
${hidden('csrf', csrf)}
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus${describedBy(errors)} value="${escapeHtml(email)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="10"${describedBy(errors, 'rule')}>
<p class="hint" id="rule">${escapeHtml(PASSWORD_RULE)}</p>
<button type="submit">Create account</button>
</form>
<nav><span>Already have an account? <a href="${base}?screen=login">Sign in</a></span></nav>`,
  );
}
