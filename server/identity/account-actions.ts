import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AccountService } from './account-service';
import { findCredentialById, setPassword } from './credentials';
import { checkPassword } from './password-policy';
import { verifyPassword } from './password';

/** The signed-in user an action is for: the access token's subject and address. */
export interface ActionUser {
  sub: string;
  email: string;
}

export type ChangePasswordResult =
  { ok: true } | { ok: false; field: 'currentPassword' | 'newPassword'; messages: string[] };

/**
 * The account actions that need the identity provider's back end, one surface for both
 * providers: the embedded one (below) and Auth0's Management API (auth0-actions.ts).
 * The API routes (`POST /user/verification-email`, `POST /user/password`) call these.
 */
export interface AccountActions {
  /** Sends the verification mail again; false when the address is verified already. */
  resendVerificationEmail(user: ActionUser): Promise<boolean>;
  /** Checks the current password, then sets the new one. */
  changePassword(
    user: ActionUser,
    currentPassword: string,
    newPassword: string,
  ): Promise<ChangePasswordResult>;
}

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';

/** Account actions of the embedded provider, on identity_credentials. */
export function embeddedAccountActions(
  db: Kysely<Database>,
  accounts: AccountService,
): AccountActions {
  return {
    async resendVerificationEmail(user) {
      const credential = await findCredentialById(db, user.sub);
      if (!credential || credential.email_verified) return false;
      await accounts.sendVerificationEmail(credential);
      return true;
    },

    async changePassword(user, currentPassword, newPassword) {
      const credential = await findCredentialById(db, user.sub);
      if (!credential || !(await verifyPassword(currentPassword, credential.password_hash))) {
        return { ok: false, field: 'currentPassword', messages: [WRONG_CURRENT_PASSWORD] };
      }
      const problems = checkPassword(newPassword, credential.email);
      if (problems.length > 0) return { ok: false, field: 'newPassword', messages: problems };
      await setPassword(db, credential.id, newPassword);
      return { ok: true };
    },
  };
}
