export { discoveryRoutes } from './plugin';
