import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Keyring } from './secret-keys';

/**
 * Webhook signing secrets at rest: AES-256-GCM under the keyring's current key
 * (secret-keys.ts), stored as `sealed:v1:<key id>:<iv>:<ciphertext and tag>` (base64url)
 * in `webhook_subscriptions.secret`. The account's id is authenticated with it, so a
 * sealed secret copied to another account's row does not open. A database dump, a
 * backup or a read-only SQL injection shows no usable secret; a receiver's signatures
 * cannot be forged from it.
 *
 * A secret stored in clear (`whsec_...`: written before migration 026, or by a test
 * straight into the table) still opens as is; the next start seals it (reseal.ts).
 */
const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A secret that cannot be opened: sealed with a key this server lacks, or damaged. */
export class UnreadableSecretError extends Error {
  override name = 'UnreadableSecretError';
  constructor(
    message: string,
    /** The key id the secret names, when it names one. */
    readonly keyId: string | undefined,
    /**
     * True: sealed with a key this server does not have (another server may: a rotation
     * under way). False: damaged, or another account's; no key opens it.
     */
    readonly missingKey = false,
  ) {
    super(message);
  }
}

const aad = (accountId: string) => Buffer.from(`splitline webhook secret ${accountId}`);

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** The key id a sealed secret names (undefined: in clear). */
export function sealedWith(stored: string): string | undefined {
  return isSealed(stored) ? stored.slice(PREFIX.length).split(':')[0] : undefined;
}

export function sealSecret(keys: Keyring, accountId: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.current.key, iv);
  cipher.setAAD(aad(accountId));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${keys.current.id}:${iv.toString('base64url')}:${data.toString('base64url')}`;
}

/**
 * The secret in clear.
 * @throws UnreadableSecretError when its key is not in the keyring or it does not open
 */
export function openSecret(keys: Keyring, accountId: string, stored: string): string {
  if (!isSealed(stored)) return stored;
  const [id, iv, data] = stored.slice(PREFIX.length).split(':');
  const key = id === undefined ? undefined : keys.find(id);
  if (!key) {
    throw new UnreadableSecretError(
      `the webhook signing secret is sealed with key ${id ?? '?'}, which this server does not have (WEBHOOK_SECRET_KEY, WEBHOOK_SECRET_KEY_PREVIOUS)`,
      id,
      id !== undefined && id !== '',
    );
  }
  try {
    const bytes = Buffer.from(data ?? '', 'base64url');
    // The tag's length is fixed: GCM would check a shortened one as given, so 4 bytes
    // of it would take 2^32 tries to forge. Shorter data than a whole tag is damaged.
    if (bytes.length < TAG_BYTES) throw new Error('shorter than its authentication tag');
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv ?? '', 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(aad(accountId));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new UnreadableSecretError(
      `the webhook signing secret sealed with key ${key.id} does not open (damaged, or another account's)`,
      key.id,
    );
  }
}
