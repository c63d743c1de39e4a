import type { FastifyInstance } from 'fastify';
import { findCredentialById } from '../identity';

/**
 * What the identity provider knows about the signed-in person and the product does
 * not own: the sign-in address and whether it is verified. The embedded provider's
 * credentials are at hand in the database; from Auth0 only the token's claims are
 * (`email`, `email_verified`, when an Auth0 Action adds them to the access token).
 */
export interface TokenClaims {
  email?: string | undefined;
  emailVerified?: boolean | undefined;
}

/** The address for a new account row: the token's claim, else the credential's. */
export async function signInEmail(
  app: FastifyInstance,
  sub: string,
  claims: TokenClaims,
): Promise<string> {
  if (claims.email) return claims.email;
  if (app.identity.mode !== 'embedded') return '';
  return (await findCredentialById(app.db, sub))?.email ?? '';
}

/**
 * Read fresh from the credential in embedded mode, so that "I have verified" in the app
 * sees the click on the mailed link at once, whatever the token says.
 */
export async function isEmailVerified(
  app: FastifyInstance,
  sub: string,
  claims: TokenClaims,
): Promise<boolean> {
  if (app.identity.mode === 'embedded') {
    const credential = await findCredentialById(app.db, sub);
    if (credential) return credential.email_verified;
  }
  return claims.emailVerified === true;
}
