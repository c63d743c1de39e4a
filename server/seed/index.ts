/**
 * What the rest of the server may use of the seed (eslint holds the line): the demo
 * account made at start, the tables a seed fills, and the split times of a 40-yd sprint
 * (the warm-up's results).
 */
export { DEMO_EMAIL, DEMO_PASSWORD, demoSignInHint, ensureDemoAccount } from './demo';
export { fortyYardSprint } from './norms';
export { SEED_TABLES } from './seed';
