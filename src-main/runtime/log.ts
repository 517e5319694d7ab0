import { mkdirSync, openSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';

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

/** Level from STATION_LOG_LEVEL (trace, debug, info, warn, error; default info). */
export function openStationLog(dataDir: string, level = process.env.STATION_LOG_LEVEL ?? 'info'): StationLog {
  const path = logPath(dataDir);
  mkdirSync(join(dataDir, 'logs'), { recursive: true });
  // A bench runs for months: the log must not grow without end.
  if (sizeOf(path) >= LOG_ROTATE_BYTES) renameSync(path, `${path}.1`);
  // Opened here, synchronously, so the log is ready at once and a short-lived CLI run can close it. Each line is
  // written synchronously: the log holds few lines (failed requests, attention, start-up), and an asynchronous
  // write still in flight at close was lost when the CLI exited (flushSync cannot wait for it).
  const destination = pino.destination({ dest: openSync(path, 'a', 0o600), sync: true });
  const logger = pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
  return {
    logger,
    path,
    close() {
      destination.flushSync();
      destination.end();
    },
  };
}
