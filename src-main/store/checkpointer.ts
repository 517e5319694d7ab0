import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { Db } from './database';

// The WAL's checkpoints off the station's thread (docs/architecture.md, "Data on disk"): SQLite copies the WAL back into
// the database file at the commit that finds it past 1,000 pages, on the thread that committed, syncing both files;
// the first opening of a 10,000-Label Reel wrote 11 MB of WAL and so paid three of them between its pages, and an
// enrollment now and then paid one before "saved". A host that stays up hands them to a thread of its own, with its
// own connection: a PASSIVE checkpoint, which never waits for or blocks a writer or a reader, a few times a second
// while there is WAL to copy. The station's own connection keeps SQLite's automatic checkpoint at a ceiling far above
// (CEILING_PAGES), so the WAL stays bounded should that thread fall behind or stop; then it goes back to SQLite's own.

/** The station's connection checkpoints by itself only past this many WAL pages (4 KiB each: 40 MB). */
export const CEILING_PAGES = 10_000;
/** SQLite's own threshold, put back when the checkpointing thread is gone. */
const SQLITE_DEFAULT_PAGES = 1000;
const EVERY_MS = 250;

// CommonJS, evaluated as the worker's script: the driver comes by its resolved path (no lookup from the worker's cwd).
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true, ...(workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {}) });
let failed = false;
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    failed = false;
  } catch (error) {
    // A full disk, a busy lock: said once, tried again at the next turn.
    if (!failed) parentPort.postMessage({ failed: String(error && error.message) });
    failed = true;
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the thread after its current checkpoint (the station's connection closes after it). */
  close(): Promise<void>;
}

/**
 * Starts checkpointing `db`'s WAL (the database in `dataDir`) on a thread of its own. `said` hears a checkpoint that
 * failed (once until one succeeds again) and the thread's end other than by close.
 */
export async function startCheckpointer(db: Db, options: { dataDir: string; nativeBinding?: string; said(message: string): void }): Promise<Checkpointer> {
  const { Worker } = await import('node:worker_threads');
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker: Worker = new Worker(WORKER, {
    eval: true,
    workerData: { driver, file: join(options.dataDir, 'station.sqlite3'), nativeBinding: options.nativeBinding, everyMs: EVERY_MS },
  });
  // The thread keeps no host alive: a host ends when its own work does.
  worker.unref();
  let closing = false;
  db.pragma(`wal_autocheckpoint = ${CEILING_PAGES}`);
  const gone = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      if (!closing) {
        options.said('the checkpointing thread stopped; the station checkpoints its WAL itself');
        if (db.open) db.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
      }
      resolve();
    });
  });
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed) options.said(`a checkpoint of the WAL failed: ${message.failed}`);
  });
  worker.on('error', (error) => options.said(`the checkpointing thread failed: ${error.message}`));
  return {
    async close() {
      if (closing) return gone;
      closing = true;
      worker.postMessage('close');
      await gone;
      if (db.open) db.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
    },
  };
}
