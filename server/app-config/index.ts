/** What the rest of the server may use of the app's runtime configuration: its route. */
export { default as appConfigRoutes } from './routes';
