import type { CommandHandlers } from '../../src-shared/ipc/contract';
import type { storageCommands } from '../../src-shared/ipc/storage';
import type { Housekeeping } from '../changes/housekeeping';

// Settings → Storage and `station storage` (docs/storage.md).
export function storageHandlers(keeper: Housekeeping): CommandHandlers<keyof typeof storageCommands> {
  return {
    'storage.get': () => keeper.info(),
    'storage.set': (patch) => keeper.update(patch),
    'storage.prune': () => keeper.info(keeper.prune()),
  };
}
