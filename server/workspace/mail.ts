import type { Role } from '../../contract/permissions';
import { INVITATION_DAYS } from '../../contract/workspace';
import type { MailMessage } from '../identity';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const ROLE_WORDS: Record<Role, string> = {
  owner: 'an owner (everything, including members, the Store, API keys and webhooks)',
  coach: 'a coach (athletes, rosters, results, profiles and reports)',
  viewer: 'a viewer (reads everything, including reports, PDFs and TV mode)',
};

/** The invitation mail: who invites, to which workspace, as what, and the link. */
export function invitationMail(values: {
  to: string;
  role: Role;
  workspace: string;
  inviter: string;
  link: string;
}): MailMessage {
  const { to, role, workspace, inviter, link } = values;
  const lines = [
    `${inviter} invites you to join ${workspace} on Splitline as ${ROLE_WORDS[role]}.`,
    `Sign in or sign up with this address (${to}), then open this link to join:`,
    link,
    `The link works once and expires in ${INVITATION_DAYS} days. If you did not expect it, ignore this mail.`,
  ];
  return {
    to,
    subject: `Join ${workspace} on Splitline`,
    text: lines.join('\n\n'),
    html: lines
      .map((line) =>
        line === link
          ? `<p><a href="${escape(link)}">${escape(link)}</a></p>`
          : `<p>${escape(line)}</p>`,
      )
      .join('\n'),
    link,
  };
}
