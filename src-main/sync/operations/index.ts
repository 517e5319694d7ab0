import type { OperationRegistry } from './types';
import { bulkBindOperation } from './bulk-bind';
import { createCollectionOperation, updateCollectionOperation } from './collection';
import { enrollLabelOperation } from './enroll';
import {
  activateLabelOperation,
  addIdentifierOperation,
  archiveLabelOperation,
  bindLabelOperation,
  removeIdentifierOperation,
  unarchiveLabelOperation,
  unbindLabelOperation,
} from './label';
import { moveLabelsOperation } from './move';
import { activateReelOperation, createReelOperation, updateReelOperation } from './reel';

export type { Applied, LandingCheck, OperationContext, OperationHandler, OperationRegistry } from './types';

/**
 * One handler per operation kind (docs/sync.md, "Operation kinds"): how it is sent, and its landing check for an
 * attempt whose outcome is unknown. The engine (../engine.ts) looks the kind up here.
 */
export const operationRegistry: OperationRegistry = {
  createReel: createReelOperation,
  updateReel: updateReelOperation,
  createCollection: createCollectionOperation,
  updateCollection: updateCollectionOperation,
  enrollLabel: enrollLabelOperation,
  addIdentifier: addIdentifierOperation,
  removeIdentifier: removeIdentifierOperation,
  archiveLabel: archiveLabelOperation,
  unarchiveLabel: unarchiveLabelOperation,
  moveLabels: moveLabelsOperation,
  bindLabel: bindLabelOperation,
  unbindLabel: unbindLabelOperation,
  bulkBind: bulkBindOperation,
  activateLabel: activateLabelOperation,
  activateReel: activateReelOperation,
};
