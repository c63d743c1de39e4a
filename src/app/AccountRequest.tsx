import { useGetUserQuery } from '../features/account/userApi';

/**
 * Asks for the account as soon as the session is found, beside the shell's chunk rather
 * than after it: the shell draws its header from the account and waits for it
 * (AppShell). Rendered next to the shell inside the sign-in guard (src/app/router.tsx).
 */
export function AccountRequest() {
  useGetUserQuery();
  return null;
}
