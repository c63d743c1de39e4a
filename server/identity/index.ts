/**
 * What other server domains may use of identity (eslint holds the line): password
 * hashing (the seed), credentials and the attempt throttle (the account routes), the app's
 * client id (/config.json) and the token error (the API's auth hook).
 */
export { findCredentialById } from './credentials';
export { createAttemptThrottle } from './login-throttle';
export { hashPassword } from './password';
export { APP_CLIENT_ID } from './settings';
export { InvalidTokenError } from './verify-token';
