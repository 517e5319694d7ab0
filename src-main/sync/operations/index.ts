import type { OperationRegistry } from './types';
import { bulkBind } from './bulk-bind';
import { createCollection, updateCollection } from './collection';
import { enrollLabel } from './enroll';
import { activateLabel, addIdentifier, archiveLabel, bindLabel, removeIdentifier, unarchiveLabel, unbindLabel } from './label';
import { moveLabels } from './move';
import { activateReel, createReel, updateReel } from './reel';

export type { Applied, LandingCheck, OperationContext, OperationHandler, OperationRegistry } from './types';

/**
 * One handler per operation kind (docs/sync.md, "Operation kinds"): how it is sent, and its landing check for an
 * attempt whose outcome is unknown. The engine (../engine.ts) looks the kind up here.
 */
export const operationRegistry: OperationRegistry = {
  createReel,
  updateReel,
  createCollection,
  updateCollection,
  enrollLabel,
  addIdentifier,
  removeIdentifier,
  archiveLabel,
  unarchiveLabel,
  moveLabels,
  bindLabel,
  unbindLabel,
  bulkBind,
  activateLabel,
  activateReel,
};
