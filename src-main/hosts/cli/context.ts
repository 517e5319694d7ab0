import { homedir } from 'node:os';
import { join } from 'node:path';
import type { CommandName, CommandOutput } from '../../../src-shared/ipc/contract';
import { StationError, type Envelope } from '../../../src-shared/ipc/envelope';
import { createStation, type Station, type StationOptions } from '../../station';
import { writeStdout } from './output';

/** Exit codes of every CLI command (README: CLI). */
export const Exit = { ok: 0, failed: 1, usage: 2, attention: 3 } as const;

export class UsageError extends Error {}

export interface CliContext {
  dataDir: string;
  json: boolean;
  /** Opened on first use, closed by the runner. */
  station(): Promise<Station>;
  /** Runs a contract command; throws StationError on failure. */
  call<N extends CommandName>(name: N, input: unknown): Promise<CommandOutput<N>>;
  print(value: unknown, human?: string): void;
}

export function defaultDataDir(): string {
  const env = process.env.STATION_DATA_DIR;
  if (env) return env;
  const base = process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share');
  return join(base, 'enrollment-station');
}

export function createCliContext(
  dataDir: string,
  json: boolean,
  overrides: Partial<Omit<StationOptions, 'dataDir'>> = {},
): CliContext & { close(): Promise<void> } {
  let opened: Promise<Station> | undefined;
  // One-shot commands drain the queue only on `station sync` (and the commands that wait
  // for their operation); a host that stays up (serve) overrides this. File paths (enroll
  // --svc, import FILE.csv) come from the operator's own shell here, so the CLI allows
  // them; the web host, whose callers are a browser, turns them off. The device supervisor starts
  // only if a command asks for a device: `devices` and `serve` start it with their station.
  const station = () =>
    (opened ??= createStation({ dataDir, autoSync: false, allowFilePaths: true, deviceSupervisor: 'onFirstUse', diskReserve: true, ...overrides }));
  return {
    dataDir,
    json,
    station,
    async call(name, input) {
      const envelope: Envelope = await (await station()).call(name, input);
      if (!envelope.ok) throw new StationError(envelope.error);
      return envelope.value as never;
    },
    print(value, human) {
      writeStdout(json || human === undefined ? `${JSON.stringify(value, null, json ? undefined : 2)}\n` : `${human}\n`);
    },
    async close() {
      if (opened) await (await opened).close();
    },
  };
}
