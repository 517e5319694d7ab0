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

/** How a job ended at the printer: every label confirmed, or stopped with the reason in words. */
export type JobOutcome = { outcome: 'done' } | { outcome: 'stopped'; reason: string; reasons?: string[] };
