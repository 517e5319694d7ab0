import { z } from 'zod';
import { TemplateName } from './print-templates';

// Printing (docs/printing.md): the shop's label printers (IPP printers and CUPS queues by URI, ZPL printers on raw TCP
// by HOST:PORT), print jobs of a Reel's print data, and the record of every print and reprint.

const PrinterName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^\s/\\][^/\\]*$/, 'a printer name is up to 64 characters, without / or \\');

const Stock = z.string().trim().max(40);
const Dpi = z.union([z.literal(203), z.literal(300), z.literal(600)]);

const PrinterView = z.object({
  name: z.string(),
  kind: z.enum(['ipp', 'zpl']),
  uri: z.string(),
  stock: z.string(),
  dpi: Dpi,
  state: z.enum(['idle', 'printing', 'stopped', 'unreachable']),
  reasons: z.array(z.string()),
  message: z.string(),
  formats: z.array(z.string()),
});
export type PrinterView = z.infer<typeof PrinterView>;

const Range = z.tuple([z.number().int(), z.number().int()]);

const PrintJobView = z.object({
  jobId: z.string(),
  printer: z.string(),
  positions: z.object({ first: z.number().int(), last: z.number().int(), count: z.number().int() }),
  state: z.enum(['printing', 'done', 'stopped', 'failed']),
  printed: z.array(Range),
  notPrinted: z.array(Range),
  /**
   * Positions sent to the printer that may have printed: no count of the printer confirms them yet (it could not be
   * asked, or has no odometer; docs/printing.md, "After an interruption"). Never printed again without a person's word.
   */
  unconfirmed: z.array(Range),
  /** The unconfirmed positions' values, to compare with the last label that came out. */
  unconfirmedLabels: z.array(z.object({ position: z.number().int(), text: z.string() })).optional(),
  reason: z.string().optional(),
  /**
   * Why it stopped, for a screen to say in its words: the printer said so, it could not be reached, a person or the
   * station stopped it, or the station running it stopped during the job (docs/printing.md, "After an interruption").
   */
  cause: z.enum(['printer', 'unreachable', 'stopped', 'station']).optional(),
});
export type PrintJobView = z.infer<typeof PrintJobView>;

/** Why a position was printed again (docs/printing.md, "Printed once, reprints"). */
export const REPRINT_REASONS = ['misprint', 'damaged', 'lost', 'other'] as const;
const ReprintReason = z.enum(REPRINT_REASONS);
export type ReprintReason = z.infer<typeof ReprintReason>;

/**
 * Prints and reprints counted (the Reel report, the shift summary; docs/printing.md, "Reprints at the bench"):
 * every confirmed print, those of a position printed before, and those by reason.
 */
export const PrintCountsSchema = z.object({
  prints: z.number().int(),
  reprints: z.number().int(),
  byReason: z.object({ misprint: z.number().int(), damaged: z.number().int(), lost: z.number().int(), other: z.number().int() }),
  /** Positions printed more than once (the Reel report only; the Reel map marks them). */
  reprintedPositions: z.array(z.number().int()).optional(),
});
export type PrintCounts = z.infer<typeof PrintCountsSchema>;
/**
 * A job's progress as it prints (docs/printing.md, "Progress"): the job's split, the position being printed while it
 * prints, and when it stopped, why: `cause` (the printer said so, it could not be reached, or a person or the station
 * stopped it) with the printer's reason keywords (reasons.ts), which a screen says in its catalog's words.
 */
const PrintProgress = PrintJobView.extend({
  reelId: z.string(),
  /** The position the printer is at (the first one not confirmed) while the job prints; null once it ended. */
  current: z.number().int().nullable(),
  /** How many labels of the job the printer confirmed (copies counted once per position). */
  done: z.number().int().nonnegative(),
  reasons: z.array(z.string()).optional(),
});
export type PrintProgress = z.infer<typeof PrintProgress>;

/**
 * The check of a job's labels before it starts (docs/print-run.md, "Preflight"), as it goes: how many of its labels
 * were drawn and decoded, and how it ended. `refused` carries what was found (the first 20 findings), by position.
 * A job's check carries its `jobId` (the one `print.start` was given, or chose); a print run's export has none.
 */
const PrintPreflight = z.object({
  reelId: z.string(),
  jobId: z.string().optional(),
  template: z.string(),
  checked: z.number().int().nonnegative(),
  count: z.number().int().nonnegative(),
  state: z.enum(['checking', 'passed', 'refused', 'canceled']),
  findings: z
    .array(
      z.object({
        position: z.number().int(),
        code: z.enum(['qr', 'dataMatrix', 'barCode']),
        problem: z.enum(['small', 'unread', 'wrong']),
        dots: z.number().optional(),
        read: z.string().optional(),
      }),
    )
    .optional(),
});
export type PrintPreflight = z.infer<typeof PrintPreflight>;

const PrintView = z.object({
  position: z.number().int(),
  jobId: z.string(),
  printer: z.string(),
  at: z.string(),
  station: z.string(),
  reprint: z.boolean(),
  reason: z.string().optional(),
  /** The label template it printed with (docs/print-run.md, "Templates"); none: the station's own layout. */
  template: z.string().optional(),
});

const Positions = z
  .object({ first: z.number().int().min(0), last: z.number().int().min(0) })
  .strict()
  .refine((p) => p.last >= p.first, { message: 'the last position comes after the first' });

export const printerCommands = {
  /** The printers with their state, asked now. */
  'printers.list': {
    input: z.object({}).strict(),
    output: z.object({ printers: z.array(PrinterView) }),
  },
  /**
   * A screen shows printers: the station watches them for the next 10 s and tells each change of state as the
   * `printers.changed` event (docs/printing.md, "Printer states"). A screen renews it while it shows them.
   */
  'printers.watch': {
    input: z.object({}).strict(),
    output: z.object({ watchingMs: z.number().int() }),
  },
  /** Adds a printer by its IPP URI (ipp://, ipps://) or a ZPL printer's HOST:PORT; its state is asked at once. */
  'printers.add': {
    input: z
      .object({
        name: PrinterName,
        ipp: z.string().trim().min(1).max(500).optional(),
        zpl: z.string().trim().min(1).max(300).optional(),
        stock: Stock.optional(),
        dpi: Dpi.optional(),
      })
      .strict()
      .refine((p) => (p.ipp === undefined) !== (p.zpl === undefined), { message: 'give the printer one address: an IPP URI or a ZPL HOST:PORT' }),
    output: PrinterView,
  },
  'printers.remove': {
    input: z.object({ name: PrinterName }).strict(),
    output: z.object({ removed: z.string() }),
  },
  /** One test label naming the station, the printer and the time. */
  'printers.test': {
    input: z.object({ name: PrinterName }).strict(),
    output: z.object({ printer: z.string(), state: z.enum(['done', 'stopped']), reason: z.string().optional(), text: z.string() }),
  },
  /**
   * Prints a Reel's print data (all of it, or `positions`) on a printer: refused when a position was printed already
   * unless `again` (then recorded as reprints, with `reason`). Waits for the job to end unless `wait` is false.
   */
  'print.start': {
    input: z
      .object({
        reelId: z.string().min(1),
        printer: PrinterName,
        positions: Positions.optional(),
        copies: z.number().int().min(1).max(100).default(1),
        again: z.boolean().default(false),
        reason: ReprintReason.optional(),
        wait: z.boolean().default(true),
        /** The new job's id, chosen by the caller (the CLI's --no-wait hands the job to a process of its own). */
        jobId: z.uuid().optional(),
        /** Print with this label template (else the Reel's own, else the station's layout); checked first (preflight). */
        template: TemplateName.optional(),
      })
      .strict(),
    output: PrintJobView,
  },
  /** One position's replacement Label (a misprint caught at the bench, a damaged or lost Label), recorded as a reprint. */
  'print.reprint': {
    input: z
      .object({
        reelId: z.string().min(1),
        position: z.number().int().min(0),
        printer: PrinterName.optional(),
        reason: ReprintReason,
        wait: z.boolean().default(true),
        /** The new job's id, chosen by the caller (the CLI's --no-wait hands the job to a process of its own). */
        jobId: z.uuid().optional(),
      })
      .strict(),
    output: PrintJobView,
  },
  'print.status': {
    input: z.object({ jobId: z.string().min(1) }).strict(),
    output: PrintJobView,
  },
  /** Prints exactly the positions a stopped job's printer did not print (and the unconfirmed ones on a person's word), as a new job. */
  'print.resume': {
    input: z
      .object({
        jobId: z.string().min(1),
        /** A person compared: the unconfirmed positions did not come out, so they are printed too (not as reprints). */
        unconfirmedNotOut: z.boolean().default(false),
        wait: z.boolean().default(true),
        newJobId: z.uuid().optional(),
      })
      .strict(),
    output: PrintJobView,
  },
  /**
   * The Reel's latest stopped job with positions not printed or unconfirmed and not resumed yet (e.g. its station
   * stopped during it): the Print dialog shows it after a restart, with its split and Resume. Null when there is none.
   */
  'print.interrupted': {
    input: z.object({ reelId: z.string().min(1) }).strict(),
    output: PrintJobView.nullable(),
  },
  /**
   * Cancels the check before printing of job `jobId` (`print.start` answers it refused, nothing recorded or printed);
   * false when no check of that job runs in this station.
   */
  'print.cancelCheck': {
    input: z.object({ jobId: z.string().min(1) }).strict(),
    output: z.object({ canceled: z.boolean() }),
  },
  /** Stops a job this station runs: what the printer did not confirm stays not printed. */
  'print.stop': {
    input: z.object({ jobId: z.string().min(1) }).strict(),
    output: PrintJobView,
  },
  /** Every print of the Reel (or of one position), reprints with their reason. */
  'print.log': {
    input: z.object({ reelId: z.string().min(1), position: z.number().int().min(0).optional() }).strict(),
    output: z.object({ prints: z.array(PrintView) }),
  },
  /** The bench's printer (Bench settings): the one a reprint uses when none is named. */
  'print.benchPrinter': {
    input: z.object({ name: PrinterName.nullable().optional() }).strict(),
    output: z.object({ name: z.string().nullable() }),
  },
} as const;

export const printEvents = {
  /** A print job started, moved on, or ended (jobs of other processes on the data folder included). */
  'print.progress': PrintProgress,
  /** A label template's check before printing moved on or ended (docs/print-run.md, "Preflight"). */
  'print.preflight': PrintPreflight,
  /** A watched printer's state changed (docs/printing.md, "Printer states"). */
  'printers.changed': PrinterView,
} as const;
