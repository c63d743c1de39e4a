/** What the rest of the server may use of health: its route. */
export { default as healthRoutes } from './routes';
