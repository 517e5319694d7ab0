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

/**
 * The station of a command that only reads: it writes its "station started" line only with a line of its own, so a
 * script's once-per-Label `station status` neither loads pino nor grows the log (docs/storage.md, "The log"), and it
 * makes no disk reserve, though it says the disk is full as a command that keeps one would ("A full disk").
 */
export const READS_ONLY = { startLine: 'withFirstLine', diskReserve: 'judge' } as const satisfies CliCommand['stationOptions'];
