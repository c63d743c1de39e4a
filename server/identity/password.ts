import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (node:crypto, no dependency).
 *
 * Stored format: `scrypt$N$r$p$saltB64$hashB64`. The parameters travel with each hash, so
 * raising them later only affects new hashes; `needsRehash` tells sign-in to upgrade an
 * old one. N = 2^14, r = 8, p = 1 hashes in ~55 ms on the 2-core reference machine
 * (2^15 took ~130 ms, over the 100 ms budget of a sign-in); memory per hash is
 * 128 * N * r = 16 MiB.
 */
export const SCRYPT_PARAMS = { N: 2 ** 14, r: 8, p: 1 } as const;

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(
  plain: string,
  salt: Buffer,
  N: number,
  r: number,
  p: number,
  length: number,
): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(plain.normalize('NFC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Hashes a password for storage.
 * @example const stored = await hashPassword('correct horse'); // 'scrypt$16384$8$1$...'
 */
export async function hashPassword(plain: string): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(plain, salt, N, r, p, KEY_LENGTH);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const valid =
    [N, r, p].every((n) => Number.isInteger(n) && n > 0) && N <= 2 ** 20 && r <= 32 && p <= 16;
  if (!valid || (N & (N - 1)) !== 0) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length === 0 || key.length === 0) return null;
  return { N, r, p, salt, key };
}

/**
 * Checks a password against a stored hash in constant time; false for a malformed hash.
 * @example if (!(await verifyPassword(body.password, credential.password_hash))) reject();
 */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(plain, parsed.salt, parsed.N, parsed.r, parsed.p, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash was made with other parameters than today's (rehash on sign-in). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  const { N, r, p } = SCRYPT_PARAMS;
  return (
    !parsed ||
    parsed.N !== N ||
    parsed.r !== r ||
    parsed.p !== p ||
    parsed.key.length !== KEY_LENGTH
  );
}
