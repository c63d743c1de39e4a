/** What other server domains may use of users: the account behind a token (eslint holds the line). */
export { signInEmail } from './identity-facts';
export { createAccount, findAccountBySubject } from './repository';
