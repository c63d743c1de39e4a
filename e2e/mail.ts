import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Reads the mail the server wrote to `<DATA_DIR>/outbox/*.eml` (no SMTP_URL in the
 * browser tests): just enough MIME to get at the text of a message and its links.
 */

/** Quoted-printable to text: soft line breaks (`=` at a line end) joined, `=3D` and friends decoded. */
export function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function splitEntity(raw: string): { headers: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: raw, body: '' };
  return {
    // Folded header lines joined, so that each header is one line.
    headers: raw.slice(0, match.index).replace(/\r?\n[ \t]+/g, ' '),
    body: raw.slice(match.index + match[0].length),
  };
}

function header(headers: string, name: string): string | undefined {
  return new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(headers)?.[1]?.trim();
}

/** The decoded bodies of a message's text/plain parts, multipart or not. */
export function textParts(raw: string): string[] {
  const { headers, body } = splitEntity(raw);
  const type = header(headers, 'content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => textParts(part.replace(/^\r?\n/, '')));
  }
  if (!/^text\/plain/i.test(type)) return [];
  const encoding = header(headers, 'content-transfer-encoding')?.toLowerCase();
  if (encoding === 'quoted-printable') return [decodeQuotedPrintable(body)];
  if (encoding === 'base64') return [Buffer.from(body, 'base64').toString('utf8')];
  return [body];
}

export interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** Every message in the outbox addressed to `to`, oldest first (the file names start with a time stamp). */
export async function mailsTo(dataDir: string, to: string): Promise<Mail[]> {
  const outbox = join(dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    .sort();
  const mails: Mail[] = [];
  for (const name of files) {
    const raw = await readFile(join(outbox, name), 'utf8');
    const { headers } = splitEntity(raw);
    const recipient = header(headers, 'to') ?? '';
    if (!recipient.toLowerCase().includes(to.toLowerCase())) continue;
    mails.push({
      file: name,
      to: recipient,
      subject: header(headers, 'subject') ?? '',
      text: textParts(raw).join('\n'),
    });
  }
  return mails;
}

/** The first link in `text` whose path is `path`. */
export function linkTo(text: string, path: string): string | undefined {
  return (text.match(/https?:\/\/[^\s<>"]+/g) ?? []).find((url) => new URL(url).pathname === path);
}
