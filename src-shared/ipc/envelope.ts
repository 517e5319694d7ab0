import { z } from 'zod';

/**
 * Errors that cross a process boundary. Callers branch on `code`, never on the
 * message. Errors that came from the service keep the service's `code`, HTTP
 * `status` and `requestId` (x-request-id) so the operator can quote them.
 */
export const StationErrorShape = z.object({
  code: z.string().min(1),
  message: z.string(),
  status: z.number().int().optional(),
  requestId: z.string().optional(),
  detail: z.record(z.string(), z.unknown()).optional(),
});
export type StationErrorShape = z.infer<typeof StationErrorShape>;

/** Station-side error codes (service codes pass through unchanged). */
export const StationErrorCode = {
  invalidInput: 'STATION_INVALID_INPUT',
  unknownCommand: 'STATION_UNKNOWN_COMMAND',
  timeout: 'STATION_TIMEOUT',
  internal: 'STATION_INTERNAL',
  notConnected: 'STATION_NOT_CONNECTED',
  notFound: 'STATION_NOT_FOUND',
  conflict: 'STATION_CONFLICT',
  offline: 'STATION_OFFLINE',
  /** An enrollment at a position outside this bench's range of the Reel, not confirmed (docs/sync.md, "Benches sharing a Reel"). */
  outsideRange: 'STATION_OUTSIDE_RANGE',
  shuttingDown: 'STATION_SHUTTING_DOWN',
  /** Another process sends this data folder's queue. */
  busy: 'STATION_BUSY',
  /** The data folder's disk is full: a write failed for want of space, nothing of it was kept (docs/storage.md). */
  diskFull: 'STATION_DISK_FULL',
  /** Free space on the data folder's disk is below the floor (Settings → Storage): new enrollments wait (docs/storage.md). */
  diskLow: 'STATION_DISK_LOW',
} as const;

export class StationError extends Error {
  readonly code: string;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly detail: Record<string, unknown> | undefined;

  constructor(shape: StationErrorShape) {
    super(shape.message);
    this.name = 'StationError';
    this.code = shape.code;
    this.status = shape.status;
    this.requestId = shape.requestId;
    this.detail = shape.detail;
  }

  toShape(): StationErrorShape {
    return {
      code: this.code,
      message: this.message,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.requestId === undefined ? {} : { requestId: this.requestId }),
      ...(this.detail === undefined ? {} : { detail: this.detail }),
    };
  }
}

/** The one reply shape of every command on every transport. */
export const Envelope = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: StationErrorShape }),
]);
export type Envelope = z.infer<typeof Envelope>;
