import type { StationErrorShape } from './envelope';

// The station's errors without their zod schema (envelope.ts): the renderer's shell throws and tells them apart before
// it has loaded any schema (docs/architecture.md, "Renderer").

/** Station-side error codes (service codes pass through unchanged). */
export const StationErrorCode = {
  invalidInput: 'STATION_INVALID_INPUT',
  unknownCommand: 'STATION_UNKNOWN_COMMAND',
  timeout: 'STATION_TIMEOUT',
  internal: 'STATION_INTERNAL',
  notConnected: 'STATION_NOT_CONNECTED',
  notFound: 'STATION_NOT_FOUND',
  conflict: 'STATION_CONFLICT',
  // The station's own findings that put an operation in attention (src-main/sync/operations), and the hosts' refusals:
  // every code a screen can show has its words in the catalogs (src-renderer/src/i18n/catalogs.test.ts).
  positionTaken: 'STATION_POSITION_TAKEN',
  sameCapture: 'STATION_SAME_CAPTURE',
  importInvalid: 'STATION_IMPORT_INVALID',
  dependencyDiscarded: 'STATION_DEPENDENCY_DISCARDED',
  invalidPayload: 'STATION_INVALID_PAYLOAD',
  captureMissing: 'STATION_CAPTURE_MISSING',
  unmappedReel: 'STATION_UNMAPPED_REEL',
  unmappedLabel: 'STATION_UNMAPPED_LABEL',
  unmappedCollection: 'STATION_UNMAPPED_COLLECTION',
  createdReelNotFound: 'STATION_CREATED_REEL_NOT_FOUND',
  createdCollectionNotFound: 'STATION_CREATED_COLLECTION_NOT_FOUND',
  enrolledLabelNotFound: 'STATION_ENROLLED_LABEL_NOT_FOUND',
  ambiguousReel: 'STATION_AMBIGUOUS_REEL',
  ambiguousCollection: 'STATION_AMBIGUOUS_COLLECTION',
  membersNotListed: 'STATION_MEMBERS_NOT_LISTED',
  nothingToMove: 'STATION_NOTHING_TO_MOVE',
  moveNotReadable: 'STATION_MOVE_NOT_READABLE',
  bulkBindBlocked: 'STATION_BULK_BIND_BLOCKED',
  pdfUnavailable: 'STATION_PDF_UNAVAILABLE',
  unauthorized: 'STATION_UNAUTHORIZED',
  forbidden: 'STATION_FORBIDDEN',
  badHost: 'STATION_BAD_HOST',
  badOrigin: 'STATION_BAD_ORIGIN',
  pageNotLoaded: 'STATION_PAGE_NOT_LOADED',
  offline: 'STATION_OFFLINE',
  /** An enrollment at a position outside this bench's range of the Reel, not confirmed (docs/sync.md, "Benches sharing a Reel"). */
  outsideRange: 'STATION_OUTSIDE_RANGE',
  /** An enrollment whose value was printed for another position (docs/print-run.md, "The check against the print data"). */
  misorder: 'STATION_MISORDER',
  /** An enrollment whose value was printed for no position, where its position has print data of that type. */
  misprint: 'STATION_MISPRINT',
  /** `queue reposition --next-free` found no free position inside the Reel's known extent (docs/sync.md, "Benches sharing a Reel"). */
  noFreePosition: 'STATION_NO_FREE_POSITION',
  shuttingDown: 'STATION_SHUTTING_DOWN',
  /** Another process sends this data folder's queue. */
  busy: 'STATION_BUSY',
  /** The data folder's disk is full: a write failed for want of space, nothing of it was kept (docs/storage.md). */
  diskFull: 'STATION_DISK_FULL',
  /** Free space on the data folder's disk is below the floor (Settings → Storage): new enrollments wait (docs/storage.md). */
  diskLow: 'STATION_DISK_LOW',
  /** Printing (docs/printing.md, "Errors"): the printer could not be reached at its address. */
  printerUnreachable: 'STATION_PRINTER_UNREACHABLE',
  /** The printer is there and cannot print now (paper out, head open, paused): its reasons in words. */
  printerNotReady: 'STATION_PRINTER_NOT_READY',
  /** The printer takes neither PDF nor ZPL. */
  printFormatUnsupported: 'STATION_PRINT_FORMAT_UNSUPPORTED',
  /** Positions without print data: nothing to print there. */
  noPrintData: 'STATION_NO_PRINT_DATA',
  /** Positions printed already, asked again without `again`. */
  alreadyPrinted: 'STATION_ALREADY_PRINTED',
  /** A label template with a placeholder the station does not fill (docs/print-run.md, "Templates"). */
  templateUnknownPlaceholder: 'STATION_TEMPLATE_UNKNOWN_PLACEHOLDER',
  /** An SVG template that would run a script, load another file or address, or declare entities. */
  templateUnsafe: 'STATION_TEMPLATE_UNSAFE',
  /** A job's labels drawn before it starts: a code does not read back as its value, or its modules are too small. */
  preflightFailed: 'STATION_PREFLIGHT_FAILED',
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
