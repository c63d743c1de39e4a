import { PASSWORD_RULE } from '../password-policy';
import { describedBy, errorBox, escapeHtml, hidden, page } from './html';

/** Forgot password, reset password and the one-message pages around them. */

export function forgotPasswordPage({
  email = '',
  errors = [],
}: { email?: string; errors?: string[] } = {}): string {
  return page(
    'Forgot password',
    `<h1>Forgot your password?</h1>
<p>Enter your e-mail address and we will send you a link to choose a new password.</p>
${errorBox(errors)}
<form method="post" action="/u/forgot-password" novalidate>
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus${describedBy(errors)} value="${escapeHtml(email)}">
<button type="submit">Send reset link</button>
</form>
<nav><a href="/login">Back to sign in</a></nav>`,
  );
}

export function resetPasswordPage({
  ticket,
  email,
  errors = [],
}: {
  ticket: string;
  email: string;
  errors?: string[];
}): string {
  return page(
    'Choose a new password',
    `<h1>Choose a new password</h1>
<p>For <strong>${escapeHtml(email)}</strong>.</p>
${errorBox(errors)}
<form method="post" action="/u/reset-password" novalidate>
${hidden('ticket', ticket)}
<input type="email" name="username" autocomplete="username" value="${escapeHtml(email)}" hidden>
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="10" autofocus${describedBy(errors, 'rule')}>
<p class="hint" id="rule">${escapeHtml(PASSWORD_RULE)}</p>
<button type="submit">Save new password</button>
</form>`,
  );
}

/** A page that says one thing and offers one way on. */
export function messagePage(
  title: string,
  message: string,
  link = { href: '/login', label: 'Go to sign in' },
): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<nav><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></nav>`,
  );
}
