import type { z } from 'zod';
import type { CommandName, CommandOutput, Commands } from '../../../src-shared/ipc/contract';

/** Command handlers of one area: validated input in, the command's output back. */
export type AreaHandlers<N extends CommandName> = {
  [K in N]: (input: z.infer<Commands[K]['input']>) => Promise<CommandOutput<K>> | CommandOutput<K>;
};
