export { authRoutes } from './plugin';
