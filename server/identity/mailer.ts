import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about, logged when the mail goes to the outbox. */
  link: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  outboxDir: string;
  from: string;
  log: FastifyBaseLogger;
}

/**
 * Sends mail over SMTP when SMTP_URL is set. Otherwise each message is written as an .eml
 * file to the outbox folder and its link logged, so that someone running the server
 * locally can open it (any mail client opens .eml) or just follow the logged link.
 */
export function createMailer({ smtpUrl, outboxDir, from, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = lazyTransport(smtpUrl);
    return {
      async send({ link: _link, ...message }) {
        await (await transport()).sendMail({ from, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ link, ...message }) {
      const info = await (await transport()).sendMail({ from, ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info(
        { to: message.to, subject: message.subject, file, link },
        `mail written to the outbox: ${link}`,
      );
    },
  };
}

/**
 * The transport, made at the first message: nodemailer is loaded then rather than with
 * the server (most processes, and every test file that builds the app, send none).
 */
function lazyTransport(
  options: Parameters<typeof import('nodemailer').createTransport>[0],
): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(options),
    ));
}
