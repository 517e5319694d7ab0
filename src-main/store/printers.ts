import { statement, unsyncedTransaction, type Db } from './database';

// Printers, print jobs and prints (migration 11; docs/printing.md). A job keeps the positions it holds in print order
// (ranges) and `confirmed`, how many labels the printer confirmed so far; each position the printer confirmed has one
// row in `prints`, written in the same transaction as the job's new count, so the record never runs ahead of the
// printer.

type PrinterKind = 'ipp' | 'zpl';
export type PrintJobState = 'printing' | 'done' | 'stopped' | 'failed';
/** Inclusive ranges of positions, in print order. */
export type Ranges = [number, number][];

export interface StoredPrinter {
  name: string;
  kind: PrinterKind;
  /** `ipp://…`/`ipps://…`, or `zpl://HOST:PORT`. */
  uri: string;
  stock: string;
  dpi: 203 | 300 | 600;
  createdAt: string;
}

export interface StoredPrintJob {
  jobId: string;
  reelId: string;
  printer: string;
  positions: Ranges;
  copies: number;
  reprint: boolean;
  reason: string | null;
  state: PrintJobState;
  stopReason: string | null;
  confirmed: number;
  printerJob: string | null;
  /** Labels of the job handed to the printer (ZPL formats written; IPP: the labels of the parts sent). */
  sent: number;
  /** The ZPL printer's label odometer when the job started (null: it has none, or IPP). */
  odometerStart: number | null;
  /** Labels of the job before the IPP printer job `printerJob`. */
  printerJobBase: number;
  /** Labels after the confirmed ones that may have printed: the printer has not told yet (docs/printing.md). */
  unconfirmed: number;
  resumedFrom: string | null;
  station: string;
  pid: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface StoredPrint {
  position: number;
  jobId: string;
  printer: string;
  at: string;
  station: string;
  reprint: boolean;
  reason: string | null;
}

interface PrinterRow {
  name: string;
  kind: PrinterKind;
  uri: string;
  stock: string;
  dpi: 203 | 300 | 600;
  created_at: string;
}

interface JobRow {
  job_id: string;
  reel_id: string;
  printer: string;
  positions: string;
  copies: number;
  reprint: number;
  reason: string | null;
  state: PrintJobState;
  stop_reason: string | null;
  confirmed: number;
  printer_job: string | null;
  sent: number;
  odometer_start: number | null;
  printer_job_base: number;
  unconfirmed: number;
  resumed_from: string | null;
  station: string;
  pid: number | null;
  created_at: string;
  updated_at: string;
}

const printerOf = (r: PrinterRow): StoredPrinter => ({ name: r.name, kind: r.kind, uri: r.uri, stock: r.stock, dpi: r.dpi, createdAt: r.created_at });

const jobOf = (r: JobRow): StoredPrintJob => ({
  jobId: r.job_id,
  reelId: r.reel_id,
  printer: r.printer,
  positions: JSON.parse(r.positions) as Ranges,
  copies: r.copies,
  reprint: r.reprint === 1,
  reason: r.reason,
  state: r.state,
  stopReason: r.stop_reason,
  confirmed: r.confirmed,
  printerJob: r.printer_job,
  sent: r.sent,
  odometerStart: r.odometer_start,
  printerJobBase: r.printer_job_base,
  unconfirmed: r.unconfirmed,
  resumedFrom: r.resumed_from,
  station: r.station,
  pid: r.pid,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function listPrinters(db: Db): StoredPrinter[] {
  return (statement(db, 'SELECT * FROM printers ORDER BY name').all() as PrinterRow[]).map(printerOf);
}

export function getPrinter(db: Db, name: string): StoredPrinter | undefined {
  const row = statement(db, 'SELECT * FROM printers WHERE name = ?').get(name) as PrinterRow | undefined;
  return row ? printerOf(row) : undefined;
}

/** Adds the printer; false when one of that name exists. */
export function insertPrinter(db: Db, printer: Omit<StoredPrinter, 'createdAt'>, now: string): boolean {
  const result = statement(db, 'INSERT INTO printers (name, kind, uri, stock, dpi, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(name) DO NOTHING').run(
    printer.name,
    printer.kind,
    printer.uri,
    printer.stock,
    printer.dpi,
    now,
  );
  return result.changes === 1;
}

export function deletePrinter(db: Db, name: string): boolean {
  return statement(db, 'DELETE FROM printers WHERE name = ?').run(name).changes === 1;
}

export function insertPrintJob(
  db: Db,
  job: Omit<StoredPrintJob, 'confirmed' | 'printerJob' | 'stopReason' | 'updatedAt' | 'sent' | 'odometerStart' | 'printerJobBase' | 'unconfirmed'>,
): void {
  statement(
    db,
    `INSERT INTO print_jobs (job_id, reel_id, printer, positions, copies, reprint, reason, state, confirmed, resumed_from, station, pid, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
  ).run(
    job.jobId,
    job.reelId,
    job.printer,
    JSON.stringify(job.positions),
    job.copies,
    job.reprint ? 1 : 0,
    job.reason,
    job.state,
    job.resumedFrom,
    job.station,
    job.pid,
    job.createdAt,
    job.createdAt,
  );
}

export function getPrintJob(db: Db, jobId: string): StoredPrintJob | undefined {
  const row = statement(db, 'SELECT * FROM print_jobs WHERE job_id = ?').get(jobId) as JobRow | undefined;
  return row ? jobOf(row) : undefined;
}

export function printingJobs(db: Db): StoredPrintJob[] {
  return (statement(db, "SELECT * FROM print_jobs WHERE state = 'printing'").all() as JobRow[]).map(jobOf);
}

/** Jobs changed (started, confirmed labels, ended) after `since` (an ISO time), by any process. */
export function printJobsUpdatedSince(db: Db, since: string): StoredPrintJob[] {
  return (statement(db, 'SELECT * FROM print_jobs WHERE updated_at > ? ORDER BY updated_at').all(since) as JobRow[]).map(jobOf);
}

/** Resumes of a job (a job is resumed at most once while its resume is not stopped). */
export function resumesOf(db: Db, jobId: string): StoredPrintJob[] {
  return (statement(db, 'SELECT * FROM print_jobs WHERE resumed_from = ? ORDER BY created_at').all(jobId) as JobRow[]).map(jobOf);
}

/** The printer's label odometer as the job started (ZPL; null: the printer has none). */
export function setOdometerStart(db: Db, jobId: string, odometer: number | null, now: string): void {
  statement(db, 'UPDATE print_jobs SET odometer_start = ?, updated_at = ? WHERE job_id = ?').run(odometer, now, jobId);
}

/** `sent` labels of the job are handed to the printer (written before the bytes go, so the record never says less). */
export function setSent(db: Db, jobId: string, sent: number, now: string): void {
  statement(db, 'UPDATE print_jobs SET sent = MAX(sent, ?), updated_at = ? WHERE job_id = ?').run(sent, now, jobId);
}

/** How many labels after the confirmed ones may have printed (0: the printer's count is the record). */
export function setUnconfirmed(db: Db, jobId: string, unconfirmed: number, now: string): void {
  statement(db, 'UPDATE print_jobs SET unconfirmed = ?, updated_at = ? WHERE job_id = ?').run(Math.max(0, unconfirmed), now, jobId);
}

/** Stopped jobs whose printer has not told yet what it printed of the labels sent. */
export function unsettledJobs(db: Db): StoredPrintJob[] {
  return (statement(db, "SELECT * FROM print_jobs WHERE state <> 'printing' AND unconfirmed > 0").all() as JobRow[]).map(jobOf);
}

/** The printer took labels `base + 1 … sent` of the job as its job `printerJob` (IPP). */
/** The Reel's stopped jobs, newest first. */
export function stoppedJobsOf(db: Db, reelId: string): StoredPrintJob[] {
  return (statement(db, "SELECT * FROM print_jobs WHERE reel_id = ? AND state = 'stopped' ORDER BY created_at DESC").all(reelId) as JobRow[]).map(jobOf);
}

export function setPrinterJob(db: Db, jobId: string, printerJob: string, base: number, sent: number, now: string): void {
  statement(db, 'UPDATE print_jobs SET printer_job = ?, printer_job_base = ?, sent = ?, updated_at = ? WHERE job_id = ?').run(
    printerJob,
    base,
    sent,
    now,
    jobId,
  );
}

/**
 * The printer confirmed `confirmed` labels of the job: the positions newly confirmed get their print rows (a reprint
 * when the position was printed before), and the count is saved, in one transaction. A count lower than the saved
 * one changes nothing.
 *
 * `durable: false` (a running job's confirmations, several a second): the commit is not waited onto the disk
 * (`unsyncedTransaction`). What it records can be had again: after a crash the printer's own count settles every label
 * sent and not confirmed (docs/printing.md, "After an interruption"), and the job's next `setSent`, which is waited onto
 * the disk before its bytes leave, puts it there too.
 */
export function confirmPrints(db: Db, jobId: string, confirmed: number, newlyPrinted: readonly number[], now: string, durable = true): void {
  const write = () => {
    const job = getPrintJob(db, jobId);
    if (!job || confirmed <= job.confirmed) return;
    // A position printed before (by any job) is a reprint, with the job's reason.
    const insert = statement(
      db,
      `INSERT INTO prints (reel_id, position, job_id, printer, at, station, reprint, reason)
       SELECT @reelId, @position, @jobId, @printer, @at, @station, e, CASE WHEN e = 1 THEN @reason END
       FROM (SELECT EXISTS (SELECT 1 FROM prints WHERE reel_id = @reelId AND position = @position AND job_id <> @jobId) AS e) WHERE true
       ON CONFLICT(job_id, position) DO NOTHING`,
    );
    for (const position of newlyPrinted) {
      insert.run({ reelId: job.reelId, position, jobId, printer: job.printer, at: now, station: job.station, reason: job.reason ?? 'other' });
    }
    statement(db, 'UPDATE print_jobs SET confirmed = ?, updated_at = ? WHERE job_id = ?').run(confirmed, now, jobId);
  };
  if (durable) db.transaction(write)();
  else unsyncedTransaction(db, write);
}

/** Ends a job that is still printing; false when it had ended already. */
export function endPrintJob(db: Db, jobId: string, state: Exclude<PrintJobState, 'printing'>, stopReason: string | null, now: string): boolean {
  return (
    statement(db, "UPDATE print_jobs SET state = ?, stop_reason = ?, updated_at = ? WHERE job_id = ? AND state = 'printing'").run(state, stopReason, now, jobId)
      .changes === 1
  );
}

/** The positions among `positions` of the Reel that were printed (confirmed) at least once. */
export function printedAmong(db: Db, reelId: string, first: number, last: number): number[] {
  return (
    statement(db, 'SELECT DISTINCT position FROM prints WHERE reel_id = ? AND position BETWEEN ? AND ? ORDER BY position').all(reelId, first, last) as {
      position: number;
    }[]
  ).map((r) => r.position);
}

export function listPrints(db: Db, reelId: string, position?: number): StoredPrint[] {
  const rows = (
    position === undefined
      ? statement(db, 'SELECT * FROM prints WHERE reel_id = ? ORDER BY position, at').all(reelId)
      : statement(db, 'SELECT * FROM prints WHERE reel_id = ? AND position = ? ORDER BY at').all(reelId, position)
  ) as { position: number; job_id: string; printer: string; at: string; station: string; reprint: number; reason: string | null }[];
  return rows.map((r) => ({
    position: r.position,
    jobId: r.job_id,
    printer: r.printer,
    at: r.at,
    station: r.station,
    reprint: r.reprint === 1,
    reason: r.reason,
  }));
}

/** Prints recorded in [from, to) (ISO times) on the given Reels: whether each was a reprint and its reason. */
export function printsBetween(db: Db, from: string, to: string): { reelId: string; reprint: boolean; reason: string | null }[] {
  return (
    statement(db, 'SELECT reel_id, reprint, reason FROM prints WHERE at >= ? AND at < ?').all(from, to) as {
      reel_id: string;
      reprint: number;
      reason: string | null;
    }[]
  ).map((r) => ({ reelId: r.reel_id, reprint: r.reprint === 1, reason: r.reason }));
}
