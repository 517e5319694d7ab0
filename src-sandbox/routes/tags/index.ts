export { tagsRoutes } from './plugin';
