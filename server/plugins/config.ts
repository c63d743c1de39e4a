import fp from 'fastify-plugin';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The checked configuration (server/config.ts). */
    config: Config;
  }
}

/** Makes the configuration reachable from every plugin and route as `fastify.config`. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config', fastify: '5.x' },
);
