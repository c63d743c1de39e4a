import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The keys that encrypt webhook signing secrets at rest (secret-box.ts). A signing
 * secret must stay readable (every request is signed with it), so it is encrypted, not
 * hashed as API keys are; the key never goes into the database:
 *
 * - WEBHOOK_SECRET_KEY (32 bytes, base64 or hex): the current key, which seals every
 *   secret; WEBHOOK_SECRET_KEY_PREVIOUS (comma-separated): older keys, which only open.
 * - Without WEBHOOK_SECRET_KEY: `<DATA_DIR>/webhook-secret.key`, made on first start
 *   (32 random bytes in base64, mode 0600). DATA_DIR always exists (logos, the mail
 *   outbox), on PostgreSQL too; but several servers on one PostgreSQL database each have
 *   their own DATA_DIR, so they must share WEBHOOK_SECRET_KEY instead (a server that
 *   finds secrets sealed with a key it lacks refuses to start: reseal.ts).
 * - With WEBHOOK_SECRET_KEY set, a key file left in DATA_DIR counts as a previous key:
 *   moving from the generated key to one of the operator's needs no other step.
 *
 * A key is known by its id, `k` and the first 8 hex digits of its SHA-256, written into
 * each sealed secret: the key itself is never logged.
 */
export interface SecretKey {
  id: string;
  key: Buffer;
}

export interface Keyring {
  /** Seals every secret; the one reseal.ts brings every stored secret to. */
  current: SecretKey;
  /** Open only: secrets sealed before a rotation. */
  previous: SecretKey[];
  /** The key of this id, current or previous. */
  find(id: string): SecretKey | undefined;
}

/** Where the generated key lives when WEBHOOK_SECRET_KEY is not set. */
export const KEY_FILE = 'webhook-secret.key';

/** 32 bytes as 44 characters of base64 or 64 hex digits (config.ts checks the form). */
export function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('a webhook secret key is 32 bytes in base64 or hex');
  return key;
}

export function keyId(key: Buffer): string {
  return `k${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;
}

const secretKey = (key: Buffer): SecretKey => ({ id: keyId(key), key });

/** A keyring of these keys, the first current (duplicates dropped). */
export function keyring(current: Buffer, previous: readonly Buffer[] = []): Keyring {
  const first = secretKey(current);
  const others = previous.map(secretKey).filter((k, i, all) => {
    return k.id !== first.id && all.findIndex((other) => other.id === k.id) === i;
  });
  const byId = new Map([first, ...others].map((k) => [k.id, k]));
  return { current: first, previous: others, find: (id) => byId.get(id) };
}

/**
 * The server's keyring: the configured keys, else the key file of `dataDir` (made on
 * first start, mode 0600; a file readable by others is narrowed and a warning logged).
 */
export function loadKeyring(options: {
  currentKey: string | undefined;
  previousKeys: readonly string[];
  dataDir: string;
  log: FastifyBaseLogger;
}): Keyring {
  const file = path.join(options.dataDir, KEY_FILE);
  const previous = options.previousKeys.map(parseKey);
  if (options.currentKey !== undefined) {
    const stored = readKeyFile(file, options.log);
    return keyring(parseKey(options.currentKey), stored ? [...previous, stored] : previous);
  }
  let stored = readKeyFile(file, options.log);
  if (!stored) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    // Written aside, then linked into place: a server starting at the same time on this
    // DATA_DIR either finds the whole file or makes its own link fail (EEXIST).
    const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(aside, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(aside, file);
      options.log.info({ file }, 'webhook secret key made (set WEBHOOK_SECRET_KEY to choose one)');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(aside, { force: true });
    }
    stored = readKeyFile(file, options.log)!;
  }
  return keyring(stored, previous);
}

function readKeyFile(file: string, log: FastifyBaseLogger): Buffer | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const mode = fs.statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    fs.chmodSync(file, 0o600);
    log.warn(
      { file, mode: mode.toString(8) },
      'webhook secret key file was readable by others; now 0600',
    );
  }
  try {
    return parseKey(text);
  } catch {
    throw new Error(`${file} does not hold a webhook secret key (32 bytes in base64 or hex)`);
  }
}
