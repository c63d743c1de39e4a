/** What other server domains may use of integrations: the API-key check of the auth hook (eslint holds the line). */
export {
  findApiKey,
  hashApiKey,
  LAST_USED_INTERVAL_MS,
  looksLikeApiKey,
  touchApiKey,
} from './api-keys';
