export { adminRoutes } from './plugin';
