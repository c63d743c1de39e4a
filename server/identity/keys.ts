import { createHmac, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, calculateJwkThumbprint, type JWK } from 'jose';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface IdentityKeys {
  /** The RS256 private key (JWK with `kid`, `alg`, `use`) that signs ID and access tokens. */
  signingKey: JWK & { kid: string };
  /** Keys that sign the provider's cookies, derived from one stored secret. */
  cookieKeys: string[];
  /** HMAC with the stored secret, for per-interaction form tokens and the like. */
  mac(purpose: string, value: string): string;
}

const COOKIE_SECRET_KID = 'cookie-secret';

/**
 * Loads the provider's keys, creating them on first start. Several processes may start
 * at once on one database: an advisory lock inside the transaction makes the first one
 * create the keys and the others read them.
 */
export async function loadIdentityKeys(db: Kysely<Database>): Promise<IdentityKeys> {
  const rows = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('splitline.identity_keys'))`.execute(trx);
    const existing = await trx
      .selectFrom('identity_keys')
      .select(['kid', 'private_jwk'])
      .orderBy('created_at')
      .execute();
    const missing = [];
    if (!existing.some((row) => row.private_jwk.kty === 'RSA')) missing.push(await newSigningKey());
    if (!existing.some((row) => row.kid === COOKIE_SECRET_KID)) missing.push(newSecret());
    if (missing.length === 0) return existing;
    await trx
      .insertInto('identity_keys')
      .values(missing.map((jwk) => ({ kid: jwk.kid, private_jwk: JSON.stringify(jwk) })))
      .execute();
    return trx
      .selectFrom('identity_keys')
      .select(['kid', 'private_jwk'])
      .orderBy('created_at')
      .execute();
  });
  const signing = rows.find((row) => row.private_jwk.kty === 'RSA');
  const secretRow = rows.find((row) => row.kid === COOKIE_SECRET_KID);
  if (!signing || !secretRow) throw new Error('identity keys missing after creation');
  const secret = Buffer.from(String(secretRow.private_jwk.k), 'base64url');
  const mac = (purpose: string, value: string) =>
    createHmac('sha256', secret).update(`${purpose}\0${value}`).digest('base64url');
  return {
    signingKey: signing.private_jwk as JWK & { kid: string },
    cookieKeys: [mac('cookie-key', '1')],
    mac,
  };
}

async function newSigningKey(): Promise<JWK & { kid: string }> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { ...jwk, kid, alg: 'RS256', use: 'sig' };
}

function newSecret(): JWK & { kid: string } {
  return { kty: 'oct', kid: COOKIE_SECRET_KID, k: randomBytes(32).toString('base64url') };
}

/** The public half of a private RSA JWK (for a local JWKS). */
export function publicJwk({ kty, n, e, kid, alg, use }: JWK): JWK {
  return { kty, n, e, kid, alg, use };
}
