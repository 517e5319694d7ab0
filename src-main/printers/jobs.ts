// Print jobs (docs/printing.md, "Jobs"): a job holds a Reel's positions in print order; it is sent to its printer
// (zpl-printer.ts, ipp-printer.ts) and every label the printer confirms is recorded at once (store/printers.ts
// `confirmPrints`), so the record never runs ahead of the printer. A job ends `done`, `stopped` (the printer stopped,
// went away, or the station did: what was confirmed is printed, the rest is not) or `failed` (the station could not
// run it). A job whose station died while it printed is `stopped` at the next start. After any interruption the
// printer's own count is the record (docs/printing.md, "After an interruption"): the ZPL printer's odometer, the IPP
// printer's Get-Job-Attributes; labels sent that no printer count confirms yet are `unconfirmed`, asked again at the
// next look at the job, and never printed again without a person's word.

import { hostname } from 'node:os';
import { join } from 'node:path';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import { compress, expand, rangesInWords } from '../../src-shared/domain/position-ranges';
import type { PrintRunRow, ZplDpi } from '../print-run';
import { listLabels } from '../store/labels';
import { setJobTemplate } from '../store/print-templates';
import type { Db } from '../store/database';
import {
  confirmPrints,
  endPrintJob,
  getPrinter,
  getPrintJob,
  insertPrintJob,
  listPrinters,
  printJobsUpdatedSince,
  printingJobs,
  setOdometerStart,
  setPrinterJob,
  setSent,
  setUnconfirmed,
  unsettledJobs,
  type Ranges,
  type StoredPrintJob,
  type StoredPrinter,
} from '../store/printers';
import { labelPdfParts, zplLabels } from './documents';
import { PDF, ZPL, ippJobPrinted, ippStatus, partsFrom, runIppJob, type IppPart } from './ipp-printer';
import type { JobOutcome, PrinterStatus, StopCause } from './types';
import { PrinterWatch, WATCH_TIMEOUT_MS } from './watch';
import { runZplJob, zplPrinted, zplStatus } from './zpl-printer';

export interface PrintJobView {
  jobId: string;
  printer: string;
  positions: { first: number; last: number; count: number };
  state: StoredPrintJob['state'];
  printed: Ranges;
  notPrinted: Ranges;
  /** Positions sent that may have printed: no printer count confirms them yet (docs/printing.md). */
  unconfirmed: Ranges;
  unconfirmedLabels?: { position: number; text: string }[];
  reason?: string;
  /** Why it stopped, when the record says so (a screen says it in its words). */
  cause?: StopCause;
}

/** The stop reason of a job whose station stopped during it (docs/printing.md, "After an interruption"). */
const STATION_STOPPED = 'the station stopped during the job';

function viewOf(job: StoredPrintJob): PrintJobView {
  const order = expand(job.positions);
  const done = positionsDone(job, order);
  const upTo = unconfirmedUpTo(job, order);
  return {
    jobId: job.jobId,
    printer: job.printer,
    positions: { first: Math.min(...order), last: Math.max(...order), count: order.length },
    state: job.state,
    printed: compress(order.slice(0, done)),
    notPrinted: compress(order.slice(upTo)),
    unconfirmed: compress(order.slice(done, upTo)),
    ...(job.stopReason ? { reason: job.stopReason } : {}),
    // A screen that reads the job later (the Print dialog after a restart) says why in its own words.
    ...(job.state === 'stopped' && job.stopReason === STATION_STOPPED ? { cause: 'station' as const } : {}),
  };
}

/** Where the job's unconfirmed positions end (in print order): a position any of whose copies may have printed. */
function unconfirmedUpTo(job: StoredPrintJob, order: readonly number[]): number {
  if (job.state === 'printing') return positionsDone(job, order);
  return Math.max(positionsDone(job, order), Math.min(order.length, Math.ceil((job.confirmed + job.unconfirmed) / job.copies)));
}

/** How many positions of the job (in print order) the printer confirmed. */
function positionsDone(job: StoredPrintJob, order: readonly number[]): number {
  return Math.min(order.length, Math.floor(job.confirmed / job.copies));
}

/** A job's progress as the `print.progress` event carries it (src-shared/ipc/printers.ts). */
export interface PrintProgressView extends PrintJobView {
  reelId: string;
  current: number | null;
  done: number;
  reasons?: string[];
}

function progressOf(job: StoredPrintJob, ending?: { cause: StopCause; reasons?: string[] | undefined }): PrintProgressView {
  const order = expand(job.positions);
  const done = positionsDone(job, order);
  return {
    ...viewOf(job),
    reelId: job.reelId,
    current: job.state === 'printing' ? (order[done] ?? null) : null,
    done,
    ...(ending && job.state === 'stopped' ? { cause: ending.cause, ...(ending.reasons?.length ? { reasons: ending.reasons } : {}) } : {}),
  };
}

/** Progress reaches the UI at most this often while labels are confirmed (a job's start and end at once). */
const PROGRESS_MS = 100;

function alive(pid: number | null): boolean {
  if (pid === null) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The state of a printer, asked now (never throws: a printer that cannot be asked is `unreachable`). */
export function printerStatus(printer: StoredPrinter, timeoutMs?: number): Promise<PrinterStatus> {
  return printer.kind === 'zpl' ? zplStatus(printer.uri, timeoutMs) : ippStatus(printer.uri);
}

/** The printer's address as the errors name it. */
export function printerAddress(printer: StoredPrinter): string {
  return printer.kind === 'zpl' ? printer.uri.replace(/^zpl:\/\//, '') : printer.uri;
}

/** The rows of the Reel's print data at `positions`; positions without print data are refused, named. */
export function printRows(db: Db, reelId: string, positions: readonly number[]): PrintRunRow[] {
  const first = Math.min(...positions);
  const last = Math.max(...positions);
  const byPosition = new Map(listLabels(db, reelId, { from: first, to: last }).map((l) => [l.position, l]));
  const missing: number[] = [];
  const rows: PrintRunRow[] = [];
  for (const position of positions) {
    const expected = byPosition.get(position)?.expected;
    if (!expected?.TEXT) {
      missing.push(position);
      continue;
    }
    rows.push({
      position,
      serial: expected.TEXT,
      text: expected.TEXT,
      qr: expected.QR as string,
      ...(expected.DATA_MATRIX ? { dataMatrix: expected.DATA_MATRIX } : {}),
      ...(expected.BAR_CODE ? { barCode: expected.BAR_CODE } : {}),
    });
  }
  if (missing.length) {
    throw new StationError({
      code: StationErrorCode.noPrintData,
      message: `Position(s) ${rangesInWords(compress(missing))} have no print data, so there is nothing to print there: import the print data or generate the print run first (Reels → Prepare print run), or print a range that has it.`,
      detail: { positions: compress(missing) },
    });
  }
  return rows;
}

interface Running {
  abort: AbortController;
  ended: Promise<void>;
}

export interface StartJob {
  reelId: string;
  printer: StoredPrinter;
  /** Positions in print order. */
  positions: readonly number[];
  rows: readonly PrintRunRow[];
  copies: number;
  /** A person asked for positions printed before (recorded as reprints). */
  again: boolean;
  reason: string | null;
  resumedFrom: string | null;
  /** The printer's status, asked just before (its formats choose the document). */
  status: PrinterStatus;
  /** A label template's documents, checked before (commands/print-templates.ts); none: the print run's own exports. */
  templated?: { template: string; zpl?: string[]; pdf?: Buffer } | undefined;
}

export class PrintJobs {
  private readonly running = new Map<string, Running>();
  private readonly progressTimers = new Map<string, NodeJS.Timeout>();
  /** The last change of a job this process has told about (jobs of other processes: `othersChanged`). */
  private seenUpdate = new Date().toISOString();
  readonly station = hostname();
  /** The printers watched while a screen shows them and after every job (watch.ts). */
  readonly watch: PrinterWatch;

  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
    private readonly log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
    /** Every job's progress (docs/printing.md, "Progress"); the station emits it as the `print.progress` event. */
    private readonly progress: (view: PrintProgressView) => void = () => undefined,
    /** A printer's state changed while watched; the station emits it as the `printers.changed` event. */
    printerChanged: (printer: StoredPrinter, status: PrinterStatus) => void = () => undefined,
  ) {
    this.watch = new PrinterWatch(
      () => listPrinters(db),
      (printer) => printerStatus(printer, WATCH_TIMEOUT_MS),
      printerChanged,
    );
  }

  /** Tells the job's progress now (its start, its end), or within PROGRESS_MS (labels confirmed). */
  private tell(jobId: string, when: 'now' | 'soon', ending?: { cause: StopCause; reasons?: string[] | undefined }): void {
    const send = () => {
      this.progressTimers.delete(jobId);
      const job = getPrintJob(this.db, jobId);
      if (job) this.progress(progressOf(job, ending));
      // After every job the printers are watched a while: its end may have left one out of paper.
      if (job && job.state !== 'printing') this.watch.watch();
    };
    if (when === 'soon') {
      if (!this.progressTimers.has(jobId)) this.progressTimers.set(jobId, setTimeout(send, PROGRESS_MS));
      return;
    }
    clearTimeout(this.progressTimers.get(jobId));
    send();
  }

  private readonly settling = new Map<string, Promise<void>>();
  /** Jobs whose labels are being checked before they start (docs/print-run.md, "Preflight"), by job id. */
  private readonly checks = new Map<string, AbortController>();

  /** Runs a job's check before it starts, cancelable by `cancelCheck(jobId)` while it runs. */
  async checking<T>(jobId: string, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.checks.has(jobId) || this.running.has(jobId)) {
      throw new StationError({
        code: StationErrorCode.conflict,
        message: `Job ${jobId} is being checked or printed already: follow it ("station print status ${jobId}").`,
      });
    }
    const abort = new AbortController();
    this.checks.set(jobId, abort);
    try {
      return await run(abort.signal);
    } finally {
      this.checks.delete(jobId);
    }
  }

  /** Cancels a job's check before it starts; false when no check of that job runs in this process. */
  cancelCheck(jobId: string): boolean {
    const check = this.checks.get(jobId);
    check?.abort('canceled by a person');
    return check !== undefined;
  }

  /**
   * Jobs left `printing` by a station that is gone end `stopped`, and every stopped job with labels unconfirmed asks
   * its printer what it printed (docs/printing.md, "After an interruption").
   */
  async recover(): Promise<void> {
    const now = () => new Date().toISOString();
    for (const job of printingJobs(this.db)) {
      if (this.running.has(job.jobId) || (job.pid !== process.pid && alive(job.pid))) continue;
      if (!endPrintJob(this.db, job.jobId, 'stopped', STATION_STOPPED, now())) continue;
      setUnconfirmed(this.db, job.jobId, job.sent - job.confirmed, now());
      this.log.warn({ jobId: job.jobId }, 'print job stopped: its station stopped during the job');
      this.tell(job.jobId, 'now', { cause: 'station' });
    }
    await Promise.all(unsettledJobs(this.db).map((job) => this.settle(job.jobId)));
  }

  /** The Reel's positions that may have printed in a stopped job, no printer count confirming them yet. */
  unconfirmedOf(reelId: string): number[] {
    return unsettledJobs(this.db)
      .filter((job) => job.reelId === reelId)
      .flatMap((job) => expand(viewOf(job).unconfirmed));
  }

  /** Asks the printer what it printed of the job's labels sent and not confirmed; its count is the record. */
  private settle(jobId: string, tell = true): Promise<void> {
    const running = this.settling.get(jobId);
    if (running) return running;
    const settling = this.askPrinter(jobId, tell).finally(() => this.settling.delete(jobId));
    this.settling.set(jobId, settling);
    return settling;
  }

  private async askPrinter(jobId: string, tell: boolean): Promise<void> {
    const job = getPrintJob(this.db, jobId);
    const printer = job && getPrinter(this.db, job.printer);
    if (!job || !printer || job.state === 'printing' || job.unconfirmed <= 0) return;
    let answer: { printed: number; unconfirmed: number } | null = null;
    if (printer.kind === 'zpl') {
      if (job.odometerStart !== null) answer = await zplPrinted(printer.uri, job.odometerStart, job.sent);
    } else if (job.printerJob !== null && Number.isSafeInteger(Number(job.printerJob))) {
      const printed = await ippJobPrinted(printer.uri, Number(job.printerJob), job.sent - job.printerJobBase);
      if (printed === 'unknown') answer = { printed: job.confirmed, unconfirmed: 0 };
      else if (printed !== null) answer = { printed: job.printerJobBase + printed, unconfirmed: 0 };
    }
    if (!answer) return;
    const order = expand(job.positions);
    const count = Math.max(job.confirmed, answer.printed);
    const at = new Date().toISOString();
    confirmPrints(this.db, jobId, count, order.slice(positionsDone(job, order), Math.min(order.length, Math.floor(count / job.copies))), at);
    setUnconfirmed(this.db, jobId, Math.min(answer.unconfirmed, job.sent - count), at);
    this.log.info({ jobId, printed: count, was: job.confirmed }, "print job's record settled by the printer's count");
    if (tell) this.tell(jobId, 'now');
  }

  /**
   * Another process on the data folder wrote the database (a CLI `station print` beside this host): the jobs it
   * started, moved on or ended are told as progress too (docs/printing.md, "Progress").
   */
  othersChanged(): void {
    const changed = printJobsUpdatedSince(this.db, this.seenUpdate);
    for (const job of changed) {
      if (job.updatedAt > this.seenUpdate) this.seenUpdate = job.updatedAt;
      // This process's own jobs are told as they go (with why they stopped).
      if (job.pid !== process.pid && !this.running.has(job.jobId)) this.progress(progressOf(job));
    }
  }

  async view(jobId: string): Promise<PrintJobView> {
    await this.recover();
    return this.viewNow(jobId);
  }

  /** The job as the record has it now (no printer asked). */
  viewNow(jobId: string): PrintJobView {
    const job = getPrintJob(this.db, jobId);
    if (!job)
      throw new StationError({
        code: StationErrorCode.notFound,
        message: `No print job ${jobId} on this station: "station print log --reel REEL" lists the prints.`,
      });
    const view = viewOf(job);
    if (!view.unconfirmed.length) return view;
    // Their values, to compare with the last label that came out (docs/printing.md, "After an interruption").
    const unconfirmed = expand(view.unconfirmed);
    const labels = new Map(
      listLabels(this.db, job.reelId, { from: Math.min(...unconfirmed), to: Math.max(...unconfirmed) }).map((l) => [l.position, l.expected?.TEXT ?? '']),
    );
    return { ...view, unconfirmedLabels: unconfirmed.map((position) => ({ position, text: labels.get(position) ?? '' })) };
  }

  /** Resolves when the job has ended (at once when it runs in no process of this station). */
  async wait(jobId: string): Promise<PrintJobView> {
    await this.running.get(jobId)?.ended;
    return this.view(jobId);
  }

  /** Prepares the document (refusing a format the printer does not take), records the job and starts it. */
  async start(request: StartJob, jobId: string): Promise<string> {
    const { printer, status } = request;
    const { templated } = request;
    const useZpl = templated ? templated.zpl !== undefined : printer.kind === 'zpl' || (!status.formats.includes(PDF) && status.formats.includes(ZPL));
    if (printer.kind === 'ipp' && !status.formats.includes(PDF) && !status.formats.includes(ZPL)) {
      throw new StationError({
        code: StationErrorCode.printFormatUnsupported,
        message: `Printer ${printer.name} takes ${status.formats.join(', ') || 'no format it names'}, and the station prints PDF (application/pdf) or ZPL (application/vnd.zebra-zpl): use a printer or queue that takes one of them.`,
        detail: { formats: status.formats },
      });
    }
    const labels = request.rows.length * request.copies;
    const zpl = templated ? (templated.zpl ?? null) : useZpl ? await zplLabels(request.rows, request.copies, printer.stock, printer.dpi as ZplDpi) : null;
    // An IPP printer gets the PDF in parts; the first is made before the job is recorded, so a label the PDF cannot
    // show is refused with nothing on record (docs/printing.md, "What a printer gets").
    const pdfParts = useZpl || templated ? null : labelPdfParts(request.rows, request.copies, printer.stock, join(this.dataDir, 'tmp'));
    const firstPart = pdfParts ? await pdfParts.next() : null;
    const parts: AsyncIterable<IppPart> =
      firstPart && pdfParts
        ? firstPart.done
          ? pdfParts
          : partsFrom(firstPart.value, pdfParts)
        : partsFrom({ bytes: templated?.pdf ?? Buffer.from((zpl ?? []).join(''), 'utf8'), labels });
    const now = new Date().toISOString();
    insertPrintJob(this.db, {
      jobId,
      reelId: request.reelId,
      printer: printer.name,
      positions: compress(request.positions),
      copies: request.copies,
      reprint: request.again,
      reason: request.reason,
      state: 'printing',
      resumedFrom: request.resumedFrom,
      station: this.station,
      pid: process.pid,
      createdAt: now,
    });
    if (templated) setJobTemplate(this.db, jobId, templated.template);
    const order = [...request.positions];
    let done = 0;
    const confirmed = (count: number) => {
      const positions = Math.min(order.length, Math.floor(count / request.copies));
      // Not waited onto the disk: the printer's count settles it after a crash (store/printers.ts, confirmPrints).
      confirmPrints(this.db, jobId, count, order.slice(done, positions), new Date().toISOString(), false);
      done = Math.max(done, positions);
      this.tell(jobId, 'soon');
    };
    const abort = new AbortController();
    const run = async (): Promise<JobOutcome> =>
      printer.kind === 'zpl'
        ? runZplJob(
            printer.uri,
            zpl ?? [],
            {
              started: (odometer) => setOdometerStart(this.db, jobId, odometer, new Date().toISOString()),
              sending: (count) => setSent(this.db, jobId, count, new Date().toISOString()),
              confirmed,
            },
            abort.signal,
          )
        : runIppJob(
            printer.uri,
            { parts, format: useZpl ? ZPL : PDF, name: `Reel ${request.reelId} positions ${rangesInWords(compress(order))}` },
            { started: (id, base, sent) => setPrinterJob(this.db, jobId, id, base, sent, new Date().toISOString()), confirmed },
            abort.signal,
          );
    const ended = run().then(
      async (outcome) => {
        endPrintJob(this.db, jobId, outcome.outcome, outcome.outcome === 'stopped' ? outcome.reason : null, new Date().toISOString());
        this.log.info({ jobId, outcome }, 'print job ended');
        if (outcome.outcome === 'stopped') {
          // What the printer printed of the labels it was sent is its own count (docs/printing.md, "After an interruption").
          const ended = getPrintJob(this.db, jobId);
          if (ended) setUnconfirmed(this.db, jobId, ended.sent - ended.confirmed, new Date().toISOString());
          await this.settle(jobId, false);
        }
        this.tell(jobId, 'now', outcome.outcome === 'stopped' ? { cause: outcome.cause, reasons: outcome.reasons } : undefined);
      },
      (error: unknown) => {
        endPrintJob(this.db, jobId, 'failed', error instanceof Error ? error.message : String(error), new Date().toISOString());
        this.log.warn({ jobId, err: error }, 'print job failed');
        this.tell(jobId, 'now');
      },
    );
    this.running.set(jobId, { abort, ended });
    this.tell(jobId, 'now');
    void ended.finally(() => this.running.delete(jobId));
    return jobId;
  }

  /** Stops a job this process runs (what the printer had not confirmed stays not printed). */
  stop(jobId: string, reason: string): boolean {
    const running = this.running.get(jobId);
    running?.abort.abort(reason);
    return running !== undefined;
  }

  /** Stops every job this process runs and waits for them to end (the station is closing). */
  async close(): Promise<void> {
    for (const check of this.checks.values()) check.abort('the station closed');
    for (const running of this.running.values()) running.abort.abort('the station closed during the job');
    await Promise.all([...this.running.values()].map((r) => r.ended));
    for (const timer of this.progressTimers.values()) clearTimeout(timer);
    this.watch.close();
  }
}
