import { mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';

// The station's log for shop IT (BENCH.md: "reads logs when something fails"): one JSON line
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

/** Level from STATION_LOG_LEVEL (trace, debug, info, warn, error; default info). */
export function openStationLog(dataDir: string, level = process.env.STATION_LOG_LEVEL ?? 'info'): StationLog {
  const path = logPath(dataDir);
  mkdirSync(join(dataDir, 'logs'), { recursive: true });
  // Opened here, synchronously, so the log is ready at once and a short-lived CLI run can close it.
  const destination = pino.destination({ dest: openSync(path, 'a', 0o600), sync: false });
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
