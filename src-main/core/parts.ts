import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { EventBus } from '../events';
import type { EnrollmentContext } from '../enrollment/context';
import type { Db } from '../store/database';
import type { SyncEngine } from '../sync/engine';
import type { Connection } from './connection';

/** What the command handlers share: the store, the connection, the sync engine and the event bus. */
export interface CoreParts {
  db: Db;
  dataDir: string;
  events: EventBus;
  connection: Connection;
  engine: SyncEngine;
  enrollment: EnrollmentContext;
  /** Inputs may name files on disk (svcImagePath, print-data path): only the CLI host allows it. */
  allowFilePaths: boolean;
  /** Points the sync engine at the active profile's client (after connect/select). */
  retarget(): void;
  /** Starts the sync engine as this data folder's one sender; STATION_BUSY when another process sends. */
  startSending(): void;
  /** Something in the status (profile, online state, queue counts) changed. */
  statusChanged(): void;
  /** Labels changed locally: tell the UI and look for work. */
  labelsChanged(reelId: string, labelIds: string[]): void;
}

/** How long a read waits for the first probe after start-up before it answers from local state. */
const SETTLE_MS = 3_000;

/** True when the service can be asked now (a client exists and the last request reached it). */
export async function canAskService(parts: CoreParts): Promise<boolean> {
  return parts.connection.client !== null && (await parts.engine.settled(SETTLE_MS)) === 'online';
}

/** For commands that only the service can answer (dry runs, previews, Thread search). */
export async function requireOnline(parts: CoreParts): Promise<void> {
  if (!(await canAskService(parts))) {
    throw new StationError({ code: StationErrorCode.offline, message: 'The service is not reachable right now; this needs the service. Try again when the station shows "online".' });
  }
}
