export { threadRoutes } from './plugin';
