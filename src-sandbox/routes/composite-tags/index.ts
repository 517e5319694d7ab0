export { compositeTagsRoutes } from './plugin';
