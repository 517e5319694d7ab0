import type { CommandHandlers } from '../../src-shared/ipc/contract';
import type { fileCommands } from '../../src-shared/ipc/files';
import { decodeText } from '../runtime/text-file';

// A file the renderer chose, read as the station reads every file (src-main/runtime/text-file.ts).
export function fileHandlers(): CommandHandlers<keyof typeof fileCommands> {
  return {
    'files.decode': ({ base64, encoding, separator }) => decodeText(Buffer.from(base64, 'base64'), { encoding, separator }),
  };
}
