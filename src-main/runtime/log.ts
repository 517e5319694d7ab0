import { closeSync, mkdirSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type pino from 'pino';

// The station's log for shop IT, who read it when something fails: one JSON line
// per event under <data>/logs/station.log. Failed service requests are logged with their
// x-request-id, code and status, so a support case can name the request. The service client
// logs through a wrapper that removes the API key (service/logger.ts).
//
// The log is opened, and pino loaded, with the first line written (docs/storage.md, "The log"): a short CLI command
// that logs nothing (`station status`, a script's once-per-Label call) neither loads pino nor touches the log file
// (docs/architecture.md, "Start-up").

interface LogFn {
  (fields: object, msg?: string): void;
  (msg: string): void;
}

/** What the station logs through: pino's methods, each line at its level, and a child with fields of its own. */
export interface StationLogger {
  trace: LogFn;
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  child(fields: Record<string, unknown>): StationLogger;
}

export interface StationLog {
  logger: StationLogger;
  path: string;
  /**
   * A line written before the first line this process logs, and only then (at info): a process that logs nothing
   * writes nothing. The station's start line of a CLI command that only reads (docs/storage.md, "The log").
   */
  beforeFirstLine(fields: object, msg: string): void;
  /** Loads pino now and writes the lines waiting for the first line (a host that stays up writes its start line so). */
  open(): void;
  /** Whether pino is loaded: a line at a level written was logged, or open() called. */
  readonly opened: boolean;
  close(): void;
}

export function logPath(dataDir: string): string {
  return join(dataDir, 'logs', 'station.log');
}

/** A log this large is set aside as `station.log.1` when the station opens it (one previous log is kept). */
export const LOG_ROTATE_BYTES = 20 * 1024 * 1024;

/** pino's levels by name; a line below the level set is dropped before pino is loaded. */
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

type Write = (fd: number, data: Buffer, offset: number) => number;

/**
 * The log file as pino's destination: each line written synchronously, and a line that cannot be written (a full disk:
 * ENOSPC; a log folder that cannot be made or opened; any other failure) is dropped, never thrown: a log line never
 * fails a command (docs/storage.md). The count of dropped lines is written as a line of its own before the first line
 * that can be written again. The file is opened with the first line (and again after an open that failed).
 */
class TolerantLogFile implements pino.DestinationStream {
  private fd: number | undefined;
  private dropped = 0;
  /** A line was cut short by a failing write: the next line starts on a fresh one. */
  private cut = false;

  constructor(
    private readonly path: string,
    private readonly write_: Write = (fd, data, offset) => writeSync(fd, data, offset),
  ) {}

  write(line: string): void {
    if (this.open() === undefined) {
      this.dropped += 1;
      return;
    }
    if (this.dropped > 0) {
      const note = `${JSON.stringify({ level: 40, time: new Date().toISOString(), pid: process.pid, area: 'log', dropped: this.dropped, msg: `${this.dropped} log lines were dropped: they could not be written (disk full?)` })}\n`;
      if (!this.writeWhole(note)) {
        this.dropped += 1;
        return;
      }
      this.dropped = 0;
    }
    if (!this.writeWhole(line)) this.dropped += 1;
  }

  private open(): number | undefined {
    if (this.fd !== undefined) return this.fd;
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      // A bench runs for months: the log must not grow without end.
      if (sizeOf(this.path) >= LOG_ROTATE_BYTES) renameSync(this.path, `${this.path}.1`);
      this.fd = openSync(this.path, 'a', 0o600);
    } catch {
      // Tried again with the next line; this one is counted as dropped.
    }
    return this.fd;
  }

  private writeWhole(text: string): boolean {
    const data = Buffer.from(this.cut ? `\n${text}` : text);
    let offset = 0;
    try {
      while (offset < data.length) offset += this.write_(this.fd as number, data, offset);
      this.cut = false;
      return true;
    } catch {
      if (offset > 0) this.cut = true;
      return false;
    }
  }

  close(): void {
    if (this.fd === undefined) return;
    try {
      closeSync(this.fd);
    } catch {
      // Closing never fails the station's close.
    }
  }
}

/**
 * The log of `dataDir` at `level` (STATION_LOG_LEVEL: trace, debug, info, warn, error; default info). Nothing is
 * opened or loaded until a line at that level or above is logged. Each line is written synchronously: the log holds
 * few lines (failed requests, attention, start-up), and an asynchronous write still in flight at close was lost when
 * the CLI exited. Not sonic-boom: its writeSync throws ENOSPC into whatever logged, which failed every command on a
 * full disk.
 */
export function openStationLog(dataDir: string, level = process.env.STATION_LOG_LEVEL ?? 'info', write?: Write): StationLog {
  const threshold = LEVELS[level];
  if (threshold === undefined) {
    throw new Error(`STATION_LOG_LEVEL is "${level}", which is not a log level: set it to trace, debug, info, warn or error, or leave it unset.`);
  }
  const path = logPath(dataDir);
  const destination = new TolerantLogFile(path, write);
  const first: [object, string][] = [];
  let root: pino.Logger | undefined;
  const load = (): pino.Logger => {
    if (root) return root;
    // Loaded here, synchronously, so that the line is written before the call returns (CommonJS: pino is one).
    const pinoLoaded = createRequire(import.meta.url)('pino') as typeof pino;
    root = pinoLoaded({ level, base: { pid: process.pid }, timestamp: pinoLoaded.stdTimeFunctions.isoTime }, destination);
    for (const [fields, msg] of first.splice(0)) root.info(fields, msg);
    return root;
  };
  return {
    logger: lazyLogger(load, threshold),
    path,
    beforeFirstLine(fields, msg) {
      if (root) root.info(fields, msg);
      else first.push([fields, msg]);
    },
    open() {
      if ((LEVELS.info as number) >= threshold) load();
    },
    get opened() {
      return root !== undefined;
    },
    close() {
      destination.close();
    },
  };
}

/** A logger that loads its target (pino, or a child of it) with its first line at `threshold` or above. */
function lazyLogger(target: () => pino.Logger, threshold: number, fields?: Record<string, unknown>): StationLogger {
  let logger: pino.Logger | undefined;
  const resolved = (): pino.Logger => (logger ??= fields ? target().child(fields) : target());
  const at =
    (name: 'trace' | 'debug' | 'info' | 'warn' | 'error'): LogFn =>
    (...args: [object | string, string?]) => {
      if ((LEVELS[name] as number) < threshold) return;
      (resolved()[name] as (...line: unknown[]) => void)(...args);
    };
  return {
    trace: at('trace'),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (childFields) => lazyLogger(resolved, threshold, childFields),
  };
}
