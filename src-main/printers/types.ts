// What the two kinds of printer (ipp-printer.ts, zpl-printer.ts) answer alike (docs/printing.md).

/** The printer's state: `unreachable` when it could not be asked. */
type PrinterState = 'idle' | 'printing' | 'stopped' | 'unreachable';

export interface PrinterStatus {
  state: PrinterState;
  /** printer-state-reasons keywords, suffixes off (reasons.ts). */
  reasons: string[];
  /** The state in words ("paper out", "ready"). */
  message: string;
  /** The document formats it takes (MIME types). */
  formats: string[];
}

/**
 * Why a job stopped: the printer said so (its reasons), it could not be reached, a person or the station stopped it, or
 * the station running it stopped during the job (killed; docs/printing.md, "After an interruption").
 */
export type StopCause = 'printer' | 'unreachable' | 'stopped' | 'station';

/** How a job ended at the printer: every label confirmed, or stopped with the reason in words. */
export type JobOutcome = { outcome: 'done' } | { outcome: 'stopped'; reason: string; cause: StopCause; reasons?: string[] };
