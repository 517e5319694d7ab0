import type { CliCommand } from '../command';
import { serveCommand } from './serve';
import { statusCommand } from './status';

/** Every CLI command; each area adds its own module here. */
export const cliCommands: readonly CliCommand[] = [statusCommand, serveCommand];
