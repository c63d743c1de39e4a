import fs from 'node:fs/promises';
import path from 'node:path';

/** The messages in <dataDir>/outbox, oldest first, with the first link of each. */
export async function readOutbox(
  dataDir: string,
): Promise<{ file: string; text: string; link: string }[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(
    files.map(async (file) => {
      const text = await fs.readFile(path.join(dir, file), 'utf8');
      // quoted-printable may wrap long lines with "=\n"
      const plain = text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      return { file, text: plain, link: /(https?:\/\/\S+?\?ticket=[\w-]+)/.exec(plain)?.[1] ?? '' };
    }),
  );
}

/**
 * The outbox once it holds `count` messages: mail that is sent after the answer (password
 * resets) lands a moment later. Fails after `ms` with what arrived.
 */
export async function waitForOutbox(
  dataDir: string,
  count: number,
  ms = 5000,
): Promise<Awaited<ReturnType<typeof readOutbox>>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const mails = await readOutbox(dataDir);
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
