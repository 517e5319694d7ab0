import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { ChangeContext } from '../changes/context';
import type { Connection } from '../connection/connection';
import type { EventBus } from '../runtime/events';
import type { Db } from '../store/database';
import type { SyncEngine } from '../sync/engine';
import type { Sender } from '../sync/sender';

/** What the command handlers share; station.ts builds it once. */
export interface CommandContext {
  db: Db;
  dataDir: string;
  events: EventBus;
  connection: Connection;
  engine: SyncEngine;
  sender: Sender;
  /** What the local changes (src-main/changes) need: the database, where captures go, the active profile. */
  changes: ChangeContext;
  /** Inputs may name files on disk (svcImagePath, print-data path): only the CLI host allows it. */
  allowFilePaths: boolean;
  /** Points the sync engine at the active profile's client (after connect/select). */
  retarget(): void;
  /** Something in the status (profile, online state, queue counts) changed. */
  statusChanged(): void;
  /** Labels changed locally: tell the UI and look for work. */
  labelsChanged(reelId: string, labelIds: string[]): void;
  /** Refuses new work (an enrollment, an import) with STATION_DISK_LOW when the data folder's disk is below the floor (docs/storage.md). */
  requireRoom(): void;
}

/** How long a read waits for the first probe after start-up before it answers from local state. */
const SETTLE_MS = 3_000;

/** True when the service can be asked now (a client exists and the last request reached it). */
export async function canAskService(ctx: CommandContext): Promise<boolean> {
  return ctx.connection.client !== null && (await ctx.engine.settled(SETTLE_MS)) === 'online';
}

/** For commands that only the service can answer (dry runs, previews, Thread search). */
export async function requireOnline(ctx: CommandContext): Promise<void> {
  if (!(await canAskService(ctx))) {
    throw new StationError({
      code: StationErrorCode.offline,
      message: 'The service is not reachable right now; this needs the service. Try again when the station shows "online".',
    });
  }
}
