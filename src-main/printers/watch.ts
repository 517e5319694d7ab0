// Printer states that are live (docs/printing.md, "Printer states"): while a screen shows printers (it renews its
// watch, `printers.watch`) and for a while after every job, the station asks each printer its state every POLL_MS and
// tells a change as the `printers.changed` event, so nothing a screen shows is older than 5 s. A watch asks with a
// shorter timeout than a job, so a printer that froze is `unreachable` within that time too.

import type { StoredPrinter } from '../store/printers';
import type { PrinterStatus } from './types';

/** How long one renewal (or a job's end) keeps the printers watched. */
export const WATCH_MS = 10_000;
/** Between two rounds of asking. */
const POLL_MS = 1_500;
/** How long one printer may take to answer in a watch's round: with POLL_MS, a change is told within 5 s. */
export const WATCH_TIMEOUT_MS = 2_500;

export class PrinterWatch {
  private until = 0;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private readonly last = new Map<string, string>();

  constructor(
    private readonly printers: () => StoredPrinter[],
    private readonly status: (printer: StoredPrinter) => Promise<PrinterStatus>,
    private readonly changed: (printer: StoredPrinter, status: PrinterStatus) => void,
  ) {}

  /** Watches every printer for `ms` more (a screen shows them, or a job ended). */
  watch(ms = WATCH_MS): void {
    this.until = Math.max(this.until, Date.now() + ms);
    if (!this.timer && !this.running) void this.round();
  }

  private async round(): Promise<void> {
    this.timer = undefined;
    if (Date.now() > this.until) {
      // Unwatched: the next watch tells every printer's state afresh.
      this.last.clear();
      return;
    }
    this.running = true;
    try {
      await Promise.all(
        this.printers().map(async (printer) => {
          const status = await this.status(printer);
          const key = JSON.stringify(status);
          if (this.last.get(printer.name) === key) return;
          this.last.set(printer.name, key);
          this.changed(printer, status);
        }),
      );
    } finally {
      this.running = false;
    }
    if (this.until > 0) this.timer = setTimeout(() => void this.round(), POLL_MS);
  }

  close(): void {
    this.until = 0;
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
