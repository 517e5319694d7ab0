export { createReel, updateReel, activateReel } from './reel';
export { createCollection, updateCollection } from './collection';
export { enrollLabel } from './enroll';
export { addIdentifier, removeIdentifier, archiveLabel, unarchiveLabel, activateLabel, bindLabel, unbindLabel } from './label';
export { moveLabels } from './move';
export { bulkBind } from './bulk-bind';
export type { Applied, HandlerContext, HandlerRegistry, LandingCheck, OperationHandler } from './types';
