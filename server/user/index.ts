/** What other server domains may use of users: the account behind a token (eslint holds the line). */
export { signInEmail } from './identity-facts';
export { createAccount, findAccountBySubject } from './repository';
/** The logo files, for the report PDFs that draw the coach's logo. */
export { LOGO_URL_PREFIX, logosDir } from './logo-store';
export { isNormalisedLogo } from './logo-image';
