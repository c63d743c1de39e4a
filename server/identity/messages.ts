import type { MailMessage } from './mailer';
import { escapeHtml } from './pages/html';

/** The texts of the mails the embedded provider sends, and their layout (linkMail) for other domains. */

function html(lead: string, action: string, link: string, after: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f1f1f">
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1F4FFF;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#595959;font-size:13px">${escapeHtml(after)}<br>${escapeHtml(link)}</p>
</body></html>`;
}

/** A mail about one link: a lead, a button, and the link again under what follows. */
export interface LinkMailText {
  to: string;
  subject: string;
  lead: string;
  /** The plain-text line before the link, such as 'Open this link to verify it:'. */
  open: string;
  /** The button's label. */
  action: string;
  link: string;
  after: string;
}

/** A mail about one link (the sign-in mails, and other domains' notices such as webhooks'). */
export function linkMail({
  to,
  subject,
  lead,
  open,
  action,
  link,
  after,
}: LinkMailText): MailMessage {
  return {
    to,
    link,
    subject,
    text: `${lead}\n\n${open}\n${link}\n\n${after}\n`,
    html: html(lead, action, link, after),
  };
}

export function verificationMail(to: string, link: string): MailMessage {
  const lead = 'Welcome to Splitline. Please confirm that this is your e-mail address.';
  const after = 'The link works for 7 days. If you did not create an account, ignore this mail.';
  return linkMail({
    to,
    subject: 'Verify your e-mail address for Splitline',
    lead,
    open: 'Open this link to verify it:',
    action: 'Verify e-mail address',
    link,
    after,
  });
}

export function resetMail(to: string, link: string): MailMessage {
  const lead = 'Someone asked to reset the password of your Splitline account.';
  const after =
    'The link works for 1 hour and only once. If it was not you, ignore this mail: your password stays as it is.';
  return linkMail({
    to,
    subject: 'Reset your Splitline password',
    lead,
    open: 'Open this link to choose a new password:',
    action: 'Choose a new password',
    link,
    after,
  });
}

/**
 * To the owner of an address someone tried to sign up with: the sign-up page answers the
 * same for a new and a taken address (decision 018), so the owner learns it here.
 */
export function existingAccountMail(to: string, link: string, signInUrl: string): MailMessage {
  const lead =
    'Someone tried to create a Splitline account with this e-mail address, which already has one.';
  const after = `If it was you, sign in at ${signInUrl}, or choose a new password with the link (it works for 1 hour and only once). If it was not you, ignore this mail: nothing has changed.`;
  return linkMail({
    to,
    subject: 'You already have a Splitline account',
    lead,
    open: 'Open this link to choose a new password:',
    action: 'Choose a new password',
    link,
    after,
  });
}
