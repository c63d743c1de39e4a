/** What the rest of the server may use of reports: their routes. */
export { default as individualReportRoutes } from './individual-routes';
export { default as reportRoutes } from './routes';
