import { watch, type FSWatcher } from 'node:fs';
import { mkdir, readdir, rename, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';

// A hot folder for industrial cameras that write image files (docs/devices.md, "Cameras"). A
// file is handled once its size and mtime stay unchanged for `settleMs` (cameras and
// network shares write in pieces), then moved to `processed/` or `refused/` so a restart
// does not hand it over again. Files dropped while the station was off are picked up at start.

type WatchOutcome = 'processed' | 'refused';

export interface WatchFolderOptions {
  path: string;
  settleMs: number;
  /** Judges one settled file; an exception counts as refused and is reported to onError. */
  handle(path: string, size: number): Promise<WatchOutcome>;
  onError(error: WatchFolderError): void;
  /** The folder became watchable again, or stopped being so. */
  onState(state: { state: 'watching' | 'error'; error?: string }): void;
  /** How long to wait before watching again after the folder vanished. */
  retryMs?: number;
}

class WatchFolderError extends Error {
  readonly code: 'WATCH_FOLDER_UNAVAILABLE' | 'WATCH_FILE_FAILED';
  readonly file: string | undefined;

  constructor(code: WatchFolderError['code'], message: string, file?: string) {
    super(message);
    this.name = 'WatchFolderError';
    this.code = code;
    this.file = file;
  }
}

const SUBFOLDERS: WatchOutcome[] = ['processed', 'refused'];

/** Names a camera uses while still writing, and our own subfolders. */
function ignored(name: string): boolean {
  return name.startsWith('.') || /\.(tmp|part|partial|crdownload|filepart)$/i.test(name) || name.endsWith('~') || (SUBFOLDERS as string[]).includes(name);
}

export class WatchFolder {
  readonly #options: WatchFolderOptions;
  #watcher: FSWatcher | undefined;
  #retry: NodeJS.Timeout | undefined;
  readonly #pending = new Map<string, NodeJS.Timeout>();
  readonly #busy = new Set<string>();
  #stopped = false;
  #idle: Promise<void> = Promise.resolve();

  constructor(options: WatchFolderOptions) {
    this.#options = options;
  }

  async start(): Promise<void> {
    const { path } = this.#options;
    try {
      const info = await stat(path);
      if (!info.isDirectory()) throw new Error('not a folder');
      for (const sub of SUBFOLDERS) await mkdir(join(path, sub), { recursive: true });
      this.#watcher = watch(path, (_event, name) => {
        if (name) this.#schedule(name.toString());
      });
      this.#watcher.on('error', (error) => this.#unavailable(error));
      this.#options.onState({ state: 'watching' });
      for (const name of await readdir(path)) this.#schedule(name);
    } catch (error) {
      this.#unavailable(error);
    }
  }

  /** Stops watching and waits for a file being handled. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#watcher?.close();
    this.#watcher = undefined;
    clearTimeout(this.#retry);
    for (const timer of this.#pending.values()) clearTimeout(timer);
    this.#pending.clear();
    await this.#idle;
  }

  #unavailable(error: unknown): void {
    if (this.#stopped) return;
    this.#watcher?.close();
    this.#watcher = undefined;
    const reason = error instanceof Error ? error.message : String(error);
    const message = `cannot watch ${this.#options.path} (${reason}); check the folder exists and the station may read it`;
    this.#options.onState({ state: 'error', error: message });
    this.#options.onError(new WatchFolderError('WATCH_FOLDER_UNAVAILABLE', message));
    this.#retry = setTimeout(() => void this.start(), this.#options.retryMs ?? 2000);
  }

  #schedule(name: string, last?: { size: number; mtimeMs: number }): void {
    if (this.#stopped || ignored(name) || this.#busy.has(name)) return;
    clearTimeout(this.#pending.get(name));
    this.#pending.set(
      name,
      setTimeout(() => void this.#check(name, last), this.#options.settleMs),
    );
  }

  async #check(name: string, last: { size: number; mtimeMs: number } | undefined): Promise<void> {
    this.#pending.delete(name);
    const file = join(this.#options.path, name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return;
    const now = { size: info.size, mtimeMs: info.mtimeMs };
    // Settled: unchanged over a whole settle period, and not empty (a camera creates the file first).
    if (!last || last.size !== now.size || last.mtimeMs !== now.mtimeMs || now.size === 0) {
      this.#schedule(name, now);
      return;
    }
    this.#busy.add(name);
    const work = this.#handle(file, name, now.size).finally(() => this.#busy.delete(name));
    this.#idle = this.#idle.then(() => work);
    await work;
  }

  async #handle(file: string, name: string, size: number): Promise<void> {
    let outcome: WatchOutcome;
    try {
      outcome = await this.#options.handle(file, size);
    } catch (error) {
      outcome = 'refused';
      const reason = error instanceof Error ? error.message : String(error);
      this.#options.onError(new WatchFolderError('WATCH_FILE_FAILED', `could not handle ${file}: ${reason}; it was moved to refused/`, file));
    }
    await rename(file, join(this.#options.path, outcome, uniqueName(name))).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      this.#options.onError(new WatchFolderError('WATCH_FILE_FAILED', `could not move ${file} to ${outcome}/: ${reason}; check the folder is writable`, file));
    });
  }
}

/** Cameras reuse names (IMG_0001.jpg after a counter reset): keep both. */
function uniqueName(name: string): string {
  return `${Date.now()}-${basename(name)}`;
}
