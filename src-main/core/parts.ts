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
  /** Points the sync engine at the active profile's client (after connect/select). */
  retarget(): void;
  /** Something in the status (profile, online state, queue counts) changed. */
  statusChanged(): void;
  /** Labels changed locally: tell the UI and look for work. */
  labelsChanged(reelId: string, labelIds: string[]): void;
}

/** True when the service can be asked now (a client exists and the last request reached it). */
export function canAskService(parts: CoreParts): boolean {
  return parts.connection.client !== null && parts.engine.online === 'online';
}
