/**
 * What the rest of the server may use of the leaderboard (eslint holds the line): its
 * route, and the read the warm-up runs once at start.
 */
export { default as leaderboardRoutes } from './routes';
export { readLeaderboard } from './leaderboard';
