/**
 * What other server domains may use of identity (eslint holds the line): password
 * hashing (the seed), credentials and the attempt throttle (the account routes), the app's
 * client id (/config.json), the token error (the API's auth hook), and the mailer with
 * the mails' layout (webhooks' disabled notice).
 */
export { findCredentialById } from './credentials';
export { createAttemptThrottle } from './login-throttle';
export { createMailer, type Mailer, type MailMessage } from './mailer';
export { linkMail } from './messages';
export { hashPassword } from './password';
export { APP_CLIENT_ID } from './settings';
export { InvalidTokenError } from './verify-token';
