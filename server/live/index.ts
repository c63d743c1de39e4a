/**
 * What the rest of the server may use of live updates (eslint holds the line): the plugin
 * that decorates `app.live` (writers call `app.live.publishResults` after their commit),
 * its settings, and the stream's route.
 */
export { default as livePlugin, type LiveSettings } from './plugin';
export { default as streamRoutes } from './routes';
