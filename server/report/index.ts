/** What the rest of the server may use of reports: their routes. */
export { default as reportRoutes } from './routes';
