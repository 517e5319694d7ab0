import { closeSync, mkdirSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import pino, { type DestinationStream, type Logger } from 'pino';

// The station's log for shop IT, who read it when something fails: one JSON line
// per event under <data>/logs/station.log. Failed service requests are logged with their
// x-request-id, code and status, so a support case can name the request. The service client
// logs through a wrapper that removes the API key (service/logger.ts).

export interface StationLog {
  logger: Logger;
  path: string;
  close(): void;
}

export function logPath(dataDir: string): string {
  return join(dataDir, 'logs', 'station.log');
}

/** A log this large is set aside as `station.log.1` when the station starts (one previous log is kept). */
export const LOG_ROTATE_BYTES = 20 * 1024 * 1024;

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/**
 * The log file as pino's destination: each line written synchronously, and a line that cannot be written (a full disk:
 * ENOSPC; any other failure) is dropped, never thrown: a log line never fails a command (docs/storage.md). The count of
 * dropped lines is written as a line of its own before the first line that can be written again.
 */
class TolerantLogFile implements DestinationStream {
  private dropped = 0;
  /** A line was cut short by a failing write: the next line starts on a fresh one. */
  private cut = false;

  constructor(
    private readonly fd: number,
    private readonly write_: (fd: number, data: Buffer, offset: number) => number = (fd, data, offset) => writeSync(fd, data, offset),
  ) {}

  /** Lines dropped since the last line that could be written. */
  get droppedLines(): number {
    return this.dropped;
  }

  write(line: string): void {
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

  private writeWhole(text: string): boolean {
    const data = Buffer.from(this.cut ? `\n${text}` : text);
    let offset = 0;
    try {
      while (offset < data.length) offset += this.write_(this.fd, data, offset);
      this.cut = false;
      return true;
    } catch {
      if (offset > 0) this.cut = true;
      return false;
    }
  }

  close(): void {
    try {
      closeSync(this.fd);
    } catch {
      // Closing never fails the station's close.
    }
  }
}

/** Level from STATION_LOG_LEVEL (trace, debug, info, warn, error; default info). */
export function openStationLog(
  dataDir: string,
  level = process.env.STATION_LOG_LEVEL ?? 'info',
  write?: (fd: number, data: Buffer, offset: number) => number,
): StationLog {
  const path = logPath(dataDir);
  mkdirSync(join(dataDir, 'logs'), { recursive: true });
  // A bench runs for months: the log must not grow without end.
  if (sizeOf(path) >= LOG_ROTATE_BYTES) renameSync(path, `${path}.1`);
  // Opened here, synchronously, so the log is ready at once and a short-lived CLI run can close it. Each line is
  // written synchronously: the log holds few lines (failed requests, attention, start-up), and an asynchronous
  // write still in flight at close was lost when the CLI exited. Not sonic-boom: its writeSync throws ENOSPC into
  // whatever logged, which failed every command on a full disk.
  const destination = new TolerantLogFile(openSync(path, 'a', 0o600), write);
  const logger = pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
  return {
    logger,
    path,
    close() {
      destination.close();
    },
  };
}
