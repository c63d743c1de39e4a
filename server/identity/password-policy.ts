/**
 * The password rule, said the same way on every page and in every API answer:
 * at least 10 characters, not the e-mail address, not a commonly used password.
 * Length beats composition rules (NIST SP 800-63B); the list catches the passwords
 * that guessing attacks try first.
 */
export const PASSWORD_RULE =
  'Use at least 10 characters. Avoid your e-mail address and common passwords.';

export const MIN_PASSWORD_LENGTH = 10;
const MAX_PASSWORD_LENGTH = 256;

/** The most common passwords of 10+ characters in public breach lists (lower-case). */
const COMMON_PASSWORDS = new Set([
  '1234567890',
  '0123456789',
  '0987654321',
  '1111111111',
  '1234512345',
  '1qaz2wsx3edc',
  'qwertyuiop',
  'qwerty1234',
  'qwerty12345',
  'qwerty123456',
  '1q2w3e4r5t',
  '1q2w3e4r5t6y',
  'password12',
  'password123',
  'password1234',
  'password!',
  'passw0rd123',
  'iloveyou12',
  'football123',
  'baseball123',
  'basketball',
  'letmein123',
  'welcome123',
  'princess12',
  'sunshine123',
  'superman123',
  'trustno1234',
  'abcdefghij',
  'abc1234567',
  'aaaaaaaaaa',
  'starwars123',
  'changeme123',
  'administrator',
  'splitline123',
  'splitline1',
  'splitline',
  'monkey12345',
  'dragon12345',
  'michael123',
  'liverpool1',
  'chelsea123',
  'zaq12wsxcde',
]);

/**
 * Checks a new password; returns the messages to show (empty when it is acceptable).
 * @example checkPassword('hunter2', 'a@b.co') // ['Use at least 10 characters.']
 */
export function checkPassword(password: string, email: string): string[] {
  const problems: string[] = [];
  if ([...password].length < MIN_PASSWORD_LENGTH)
    problems.push(`Use at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password.length > MAX_PASSWORD_LENGTH)
    problems.push(`Use at most ${MAX_PASSWORD_LENGTH} characters.`);
  const lower = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  if (address && (lower === address || lower === address.split('@')[0])) {
    problems.push('Do not use your e-mail address as your password.');
  }
  if (COMMON_PASSWORDS.has(lower) || /^(.)\1+$/.test(lower)) {
    problems.push('This password is too common. Choose one that is harder to guess.');
  }
  return problems;
}

/** A plausible address: something@something.tld, no spaces; the mail itself is the proof. */
export function isPlausibleEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
}
