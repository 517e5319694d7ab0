import type { StationOptions } from '../../station';
import type { CliContext } from './context';

/** One CLI command: its words (`['reel', 'create']`), usage line and runner. */
export interface CliCommand {
  path: readonly string[];
  usage: string;
  summary: string;
  /** Gets the arguments after the command words; returns the exit code. */
  run(ctx: CliContext, args: string[]): Promise<number>;
  /** Long-running commands (serve, watch) keep the process alive until a signal. */
  longRunning?: boolean;
  /** How this command's station is built, over the CLI's defaults (no background sync). */
  stationOptions?: Partial<Omit<StationOptions, 'dataDir'>>;
}
