export { healthRoutes } from './plugin';
