import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { CommandHandlers } from '../../src-shared/ipc/contract';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { printerCommands } from '../../src-shared/ipc/printers';
import { requireReel } from '../changes/context';
import { parseLabelStock } from '../print-run/layout';
import { labelPdf, zplLabels } from '../printers/documents';
import { PDF, ZPL, partsFrom, runIppJob } from '../printers/ipp-printer';
import { compress, expand, rangesInWords } from '../../src-shared/domain/position-ranges';
import { PrintJobs, printRows, printerAddress, printerStatus, type PrintJobView } from '../printers/jobs';
import { blockingReasons, reasonsInWords } from '../printers/reasons';
import type { PrinterStatus } from '../printers/types';
import { WATCH_MS } from '../printers/watch';
import { runZplJob } from '../printers/zpl-printer';
import { listLabels } from '../store/labels';
import {
  deletePrinter,
  getPrintJob,
  getPrinter,
  insertPrinter,
  listPrinters,
  listPrints,
  printedAmong,
  printingJobs,
  resumesOf,
  stoppedJobsOf,
  type StoredPrinter,
} from '../store/printers';
import { jobTemplates } from '../store/print-templates';
import { readSetting, writeSetting } from '../store/settings';
import type { CommandContext } from './context';
import { templatedDocuments } from './print-templates';

// Printers and print jobs (docs/printing.md): the handlers of src-shared/ipc/printers.ts. The printers room
// (src-main/printers) talks to the printers and runs the jobs; this file checks what is asked against the Reel and
// the record of prints.

const DEFAULT_STOCK = '50x30';
const BENCH_PRINTER = 'benchPrinter';

function notFound(db: CommandContext['db'], name: string): StationError {
  const names = listPrinters(db).map((p) => p.name);
  return new StationError({
    code: StationErrorCode.notFound,
    message: `No printer named "${name}" on this station (${names.length ? `it has ${names.join(', ')}` : 'it has none yet'}): add it with "station printer add ${name} --ipp URI" or "--zpl HOST:PORT".`,
  });
}

function invalid(message: string): StationError {
  return new StationError({ code: StationErrorCode.invalidInput, message });
}

/** An IPP URI as given, checked: ipp:// or ipps:// with a host. */
function ippUri(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(`"${value}" is not an IPP address: give the printer's URI, e.g. ipp://printer.local:631/ipp/print or ipp://cups-host:631/printers/QUEUE.`);
  }
  if ((url.protocol !== 'ipp:' && url.protocol !== 'ipps:') || !url.hostname) {
    throw invalid(`"${value}" is not an IPP address (it must start ipp:// or ipps:// and name a host): e.g. ipp://printer.local:631/ipp/print.`);
  }
  return url.toString();
}

/** A ZPL printer's HOST:PORT (port 9100 when left out), as `zpl://HOST:PORT`. */
function zplUri(value: string): string {
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(value);
  const port = match?.[2] === undefined ? 9100 : Number(match[2]);
  if (!match || port < 1 || port > 65535) {
    throw invalid(`"${value}" is not a ZPL printer's address: give HOST:PORT, e.g. 192.168.1.40:9100 (the port is 9100 unless the printer says otherwise).`);
  }
  return `zpl://${match[1] as string}:${port}`;
}

function view(printer: StoredPrinter, status: PrinterStatus) {
  return { name: printer.name, kind: printer.kind, uri: printer.uri, stock: printer.stock, dpi: printer.dpi, ...status };
}

/** Refuses a printer that cannot print now, in words, before any job is recorded. */
function requireReady(printer: StoredPrinter, status: PrinterStatus): void {
  if (status.state === 'unreachable') {
    throw new StationError({
      code: StationErrorCode.printerUnreachable,
      message: `Printer ${printer.name} is not reachable at ${printerAddress(printer)} (${status.message}): check that it is on, connected and at that address, then try again.`,
      detail: { printer: printer.name, address: printerAddress(printer) },
    });
  }
  if (status.reasons.includes('document-format-not-supported')) {
    throw new StationError({
      code: StationErrorCode.printFormatUnsupported,
      message: `Printer ${printer.name} ${status.message}: use a printer or queue that takes PDF (application/pdf) or ZPL (application/vnd.zebra-zpl).`,
      detail: { formats: status.formats },
    });
  }
  const blocking = blockingReasons(status.reasons);
  if (status.state === 'stopped' || blocking.length) {
    const words = reasonsInWords(blocking) || status.message || 'stopped';
    throw new StationError({
      code: StationErrorCode.printerNotReady,
      message: `Printer ${printer.name} cannot print now: ${words}. Fix that at the printer, then print again.`,
      detail: { printer: printer.name, reasons: blocking },
    });
  }
}

export function printerHandlers(ctx: CommandContext, jobs: PrintJobs): CommandHandlers<keyof typeof printerCommands> {
  const { db, changes } = ctx;
  const requirePrinter = (name: string) =>
    getPrinter(db, name) ??
    (() => {
      throw notFound(db, name);
    })();

  /** Checks a job against the record and the printer, then starts it. */
  const startJob = async (input: {
    reelId: string;
    printer: StoredPrinter;
    positions: number[];
    copies: number;
    again: boolean;
    reason: string | null;
    resumedFrom: string | null;
    /** A person said the unconfirmed positions of the job resumed did not come out. */
    resumesUnconfirmed?: boolean;
    wait: boolean;
    jobId?: string | undefined;
    template?: string | undefined;
  }): Promise<PrintJobView> => {
    requireReel(changes, input.reelId);
    await jobs.recover();
    const first = Math.min(...input.positions);
    const last = Math.max(...input.positions);
    const busy = printingJobs(db).find((job) => job.reelId === input.reelId && expand(job.positions).some((p) => p >= first && p <= last));
    if (busy) {
      throw new StationError({
        code: StationErrorCode.busy,
        message: `Job ${busy.jobId} is printing positions of this range on ${busy.printer} now: wait for it to end ("station print status ${busy.jobId}"), or stop it.`,
        detail: { jobId: busy.jobId },
      });
    }
    if (!input.again) {
      const wanted = new Set(input.positions);
      const printed = printedAmong(db, input.reelId, first, last).filter((p) => wanted.has(p));
      if (printed.length) {
        const ranges = compress(printed);
        throw new StationError({
          code: StationErrorCode.alreadyPrinted,
          message: `Position(s) ${rangesInWords(ranges)} were printed already, and a position is printed once unless a person asks again: print them again with --again (recorded as reprints), or print a range without them.`,
          detail: { positions: ranges },
        });
      }
    }
    if (!input.again && !input.resumesUnconfirmed) {
      // A position that may have printed is printed again only on a person's word (docs/printing.md, "After an interruption").
      const wanted = new Set(input.positions);
      const unconfirmed = jobs.unconfirmedOf(input.reelId).filter((p) => wanted.has(p));
      if (unconfirmed.length) {
        const ranges = compress(unconfirmed);
        throw new StationError({
          code: StationErrorCode.alreadyPrinted,
          message: `Position(s) ${rangesInWords(ranges)} may have printed in a stopped job and the printer could not say: compare with the last label that came out, then resume that job with --not-out for those that did not come out, or print them again with --again (recorded as reprints).`,
          detail: { positions: ranges },
        });
      }
    }
    const rows = printRows(db, input.reelId, input.positions);
    const status = await printerStatus(input.printer);
    requireReady(input.printer, status);
    // A label template's labels, each drawn and its codes decoded before the job starts (docs/print-run.md, "Preflight"):
    // a phase of the job, told as `print.preflight` events under the job's id and cancelable (print.cancelCheck).
    const newJobId = input.jobId ?? randomUUID();
    const templated = await jobs.checking(newJobId, (signal) =>
      templatedDocuments(
        db,
        { reelId: input.reelId, template: input.template, printer: input.printer, status, rows, copies: input.copies },
        { jobId: newJobId, events: ctx.events, signal },
      ),
    );
    const jobId = await jobs.start(
      {
        reelId: input.reelId,
        printer: input.printer,
        positions: input.positions,
        rows,
        copies: input.copies,
        again: input.again,
        reason: input.reason,
        resumedFrom: input.resumedFrom,
        status,
        templated,
      },
      newJobId,
    );
    return input.wait ? jobs.wait(jobId) : jobs.view(jobId);
  };

  /** Every position of the Reel that has print data, first to last. */
  const printDataRange = (reelId: string): number[] => {
    const positions = listLabels(db, reelId)
      .filter((l) => l.expected?.TEXT)
      .map((l) => l.position);
    if (!positions.length) {
      throw new StationError({
        code: StationErrorCode.noPrintData,
        message:
          'This Reel has no print data, so there is nothing to print: import its print data or generate its print run first (Reels → Prepare print run).',
      });
    }
    const first = Math.min(...positions);
    const last = Math.max(...positions);
    return Array.from({ length: last - first + 1 }, (_, i) => first + i);
  };

  return {
    'printers.list': async () => {
      const printers = listPrinters(db);
      const statuses = await Promise.all(printers.map((p) => printerStatus(p)));
      return { printers: printers.map((p, i) => view(p, statuses[i] as PrinterStatus)) };
    },
    'printers.watch': () => {
      jobs.watch.watch(WATCH_MS);
      return { watchingMs: WATCH_MS };
    },
    'printers.add': async ({ name, ipp, zpl, stock, dpi }) => {
      const kind = ipp === undefined ? 'zpl' : 'ipp';
      const uri = ipp === undefined ? zplUri(zpl as string) : ippUri(ipp);
      const stockName = parseLabelStock(stock || DEFAULT_STOCK).name;
      const printer = { name, kind, uri, stock: stockName, dpi: dpi ?? 203 } as const;
      if (!insertPrinter(db, printer, new Date().toISOString())) {
        throw new StationError({
          code: StationErrorCode.conflict,
          message: `A printer named "${name}" exists already: choose another name, or remove it first ("station printer remove ${name}").`,
        });
      }
      const stored = requirePrinter(name);
      return view(stored, await printerStatus(stored));
    },
    'printers.remove': ({ name }) => {
      if (!deletePrinter(db, name)) throw notFound(db, name);
      if (readSetting(db, BENCH_PRINTER, z.string()) === name) writeSetting(db, BENCH_PRINTER, null);
      return { removed: name };
    },
    'printers.test': async ({ name }) => {
      const printer = requirePrinter(name);
      const status = await printerStatus(printer);
      requireReady(printer, status);
      const at = new Date();
      const text = `Test label: station ${jobs.station}, printer ${printer.name}, ${at.toISOString()}`;
      const row = { position: 0, serial: 'TEST', text: `TEST ${at.toISOString().slice(11, 16)}`, qr: text };
      const signal = new AbortController().signal;
      // An IPP printer that takes no PDF gets the ZPL over IPP (docs/printing.md, "What a printer gets").
      const asZpl = printer.kind === 'ipp' && !status.formats.includes(PDF);
      const outcome =
        printer.kind === 'zpl'
          ? await runZplJob(
              printer.uri,
              await zplLabels([row], 1, printer.stock, printer.dpi),
              { started: () => undefined, sending: () => undefined, confirmed: () => undefined },
              signal,
            )
          : await runIppJob(
              printer.uri,
              {
                parts: partsFrom({
                  bytes: asZpl
                    ? Buffer.from((await zplLabels([row], 1, printer.stock, printer.dpi)).join(''), 'utf8')
                    : await labelPdf([row], 1, printer.stock, join(ctx.dataDir, 'tmp')),
                  labels: 1,
                }),
                format: asZpl ? ZPL : PDF,
                name: 'Test label',
              },
              { started: () => undefined, confirmed: () => undefined },
              signal,
            );
      return { printer: printer.name, state: outcome.outcome, ...(outcome.outcome === 'stopped' ? { reason: outcome.reason } : {}), text };
    },
    'print.start': async ({ reelId, printer: name, positions, copies, again, reason, wait, jobId, template }) => {
      const printer = requirePrinter(name);
      requireReel(changes, reelId);
      const wanted = positions ? Array.from({ length: positions.last - positions.first + 1 }, (_, i) => positions.first + i) : printDataRange(reelId);
      return startJob({ reelId, printer, positions: wanted, copies, again, reason: reason ?? null, resumedFrom: null, wait, jobId, template });
    },
    'print.reprint': async ({ reelId, position, printer: name, reason, wait, jobId }) => {
      const chosen = name ?? readSetting(db, BENCH_PRINTER, z.string().nullable()) ?? null;
      if (!chosen) throw invalid("Name the printer for the reprint (--printer NAME), or set the bench's printer in the Bench's settings.");
      return startJob({ reelId, printer: requirePrinter(chosen), positions: [position], copies: 1, again: true, reason, resumedFrom: null, wait, jobId });
    },
    'print.status': async ({ jobId }) => jobs.view(jobId),
    'print.resume': async ({ jobId, unconfirmedNotOut, wait, newJobId }) => {
      const stopped = await jobs.view(jobId);
      const job = getPrintJob(db, jobId);
      // Unconfirmed positions may have printed: only a person who looked says they did not (docs/printing.md, "After an interruption").
      const positions = [...expand(stopped.notPrinted), ...(unconfirmedNotOut ? expand(stopped.unconfirmed) : [])];
      if (!job || stopped.state === 'printing' || stopped.state === 'done' || positions.length === 0) {
        throw new StationError({
          code: StationErrorCode.conflict,
          message: stopped.unconfirmed.length
            ? `Job ${jobId}: position(s) ${rangesInWords(stopped.unconfirmed)} may have printed and the printer could not say: compare with the last label that came out, then resume with --not-out for those that did not come out, or reprint one with a reason.`
            : `Job ${jobId} is ${stopped.state}${stopped.notPrinted.length ? '' : ' with every position printed'}: only a stopped job with positions not printed can be resumed.`,
          detail: { unconfirmed: stopped.unconfirmed },
        });
      }
      const resumed = resumesOf(db, jobId).find((r) => r.state === 'printing' || r.state === 'done');
      if (resumed) {
        throw new StationError({
          code: StationErrorCode.conflict,
          message: `Job ${jobId} was resumed already as job ${resumed.jobId} (${resumed.state}): follow that one ("station print status ${resumed.jobId}").`,
          detail: { jobId: resumed.jobId },
        });
      }
      return startJob({
        reelId: job.reelId,
        printer: requirePrinter(job.printer),
        positions: [...positions].sort((a, b) => expand(job.positions).indexOf(a) - expand(job.positions).indexOf(b)),
        copies: job.copies,
        again: job.reprint,
        reason: job.reason,
        resumedFrom: jobId,
        resumesUnconfirmed: unconfirmedNotOut,
        wait,
        jobId: newJobId,
        template: jobTemplates(db, job.reelId).get(jobId),
      });
    },
    'print.interrupted': async ({ reelId }) => {
      requireReel(changes, reelId);
      await jobs.recover();
      for (const job of stoppedJobsOf(db, reelId)) {
        if (resumesOf(db, job.jobId).length) continue;
        const view = jobs.viewNow(job.jobId);
        if (view.notPrinted.length || view.unconfirmed.length) return view;
      }
      return null;
    },
    'print.cancelCheck': ({ jobId }) => ({ canceled: jobs.cancelCheck(jobId) }),
    'print.stop': async ({ jobId }) => {
      if (!jobs.stop(jobId, 'stopped by a person')) return jobs.view(jobId);
      return jobs.wait(jobId);
    },
    'print.log': ({ reelId, position }) => {
      requireReel(changes, reelId);
      const templates = jobTemplates(db, reelId);
      return {
        prints: listPrints(db, reelId, position).map((p) => ({
          position: p.position,
          jobId: p.jobId,
          printer: p.printer,
          at: p.at,
          station: p.station,
          reprint: p.reprint,
          ...(p.reprint && p.reason ? { reason: p.reason } : {}),
          ...(templates.has(p.jobId) ? { template: templates.get(p.jobId) } : {}),
        })),
      };
    },
    'print.benchPrinter': ({ name }) => {
      if (name === undefined) return { name: readSetting(db, BENCH_PRINTER, z.string().nullable()) ?? null };
      if (name !== null) requirePrinter(name);
      writeSetting(db, BENCH_PRINTER, name);
      return { name };
    },
  };
}
