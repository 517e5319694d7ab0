export { docsRoutes } from './plugin';
