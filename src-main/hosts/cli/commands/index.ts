import type { CliCommand } from '../command';
import { devicesListCommand, devicesWatchCommand } from './devices';
import { serveCommand } from './serve';
import { statusCommand } from './status';

/** Every CLI command; each area adds its own module here. */
export const cliCommands: readonly CliCommand[] = [devicesListCommand, devicesWatchCommand, statusCommand, serveCommand];
