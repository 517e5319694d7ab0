import * as handlers from './handlers';
import type { HandlerRegistry } from './handlers';

/** One handler per operation kind (SYNC.md, "The queue"). */
export const handlerRegistry: HandlerRegistry = {
  createReel: handlers.createReel,
  updateReel: handlers.updateReel,
  createCollection: handlers.createCollection,
  updateCollection: handlers.updateCollection,
  enrollLabel: handlers.enrollLabel,
  addIdentifier: handlers.addIdentifier,
  removeIdentifier: handlers.removeIdentifier,
  archiveLabel: handlers.archiveLabel,
  unarchiveLabel: handlers.unarchiveLabel,
  moveLabels: handlers.moveLabels,
  bindLabel: handlers.bindLabel,
  unbindLabel: handlers.unbindLabel,
  bulkBind: handlers.bulkBind,
  activateLabel: handlers.activateLabel,
  activateReel: handlers.activateReel,
};
