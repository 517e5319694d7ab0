import type { Db } from '../store/database';
import { dataVersion, labelsQueuedSince, lastOutboxSeq } from '../store/other-writers';

// Work another process queued on this data folder (docs/sync.md, "Work queued by other processes"): a CLI
// `station enroll` beside `station serve` or the desktop station writes the shared database from its own
// connection. SQLite's `data_version` moves on this connection only when another connection committed, so the
// long-running hosts poll it (a few microseconds, no I/O while nothing changed) and, when it moved, look for work
// at once and tell the UI which Labels were queued.

/** How often the database is asked whether another process wrote it (ms). */
const OTHER_WRITERS_POLL_MS = 250;

export interface OtherWritersOptions {
  db: Db;
  /** Another process committed: look for work, refresh the counts. */
  changed(): void;
  /** Labels another process queued work for (the Reel map, the Bench). */
  labelsQueued(reelId: string, labelIds: string[]): void;
  pollMs?: number;
}

export class OtherWriters {
  #version: number;
  #seq: number;
  readonly #timer: NodeJS.Timeout;

  constructor(private readonly options: OtherWritersOptions) {
    this.#version = dataVersion(options.db);
    this.#seq = lastOutboxSeq(options.db);
    this.#timer = setInterval(() => this.check(), options.pollMs ?? OTHER_WRITERS_POLL_MS);
    // The poll never keeps a process alive by itself.
    this.#timer.unref();
  }

  /** Compares the database's version with the last one seen (the poll calls it; a test may too). */
  check(): void {
    let version: number;
    try {
      version = dataVersion(this.options.db);
    } catch {
      // The database is closing, or the disk failed: the next tick asks again.
      return;
    }
    if (version === this.#version) return;
    this.#version = version;
    const { seq, byReel } = labelsQueuedSince(this.options.db, this.#seq);
    this.#seq = seq;
    this.options.changed();
    for (const [reelId, labelIds] of byReel) this.options.labelsQueued(reelId, labelIds);
  }

  close(): void {
    clearInterval(this.#timer);
  }
}
