// An IPP printer or CUPS queue (docs/printing.md, "IPP printers"): its state from Get-Printer-Attributes, a job sent
// with Print-Job and followed with Get-Job-Attributes until it ends; stopped with Cancel-Job.
//
// What "printed" means here: `job-impressions-completed`, the pages (one label each) the printer says it marked; a
// job the printer reports `completed` has printed all of them.

import { IppClient, IppStatusError, IppUnreachable } from './ipp-client';
import { blockingReasons, cleanReasons, reasonsInWords } from './reasons';
import type { JobOutcome, PrinterStatus, StopCause } from './types';

const POLL_MS = 150;
/** Polls in a row that may fail (a printer restarting its listener) before the job counts as stopped. */
const UNREACHABLE_POLLS = 4;

export const PDF = 'application/pdf';
export const ZPL = 'application/vnd.zebra-zpl';

export async function ippStatus(uri: string): Promise<PrinterStatus> {
  try {
    const a = await new IppClient(uri).printerAttributes();
    // A printer that takes nothing the station sends (PDF, ZPL) cannot print its jobs: it says what it takes
    // (docs/printing.md, "Printer states").
    if (a.formats.length && !a.formats.includes(PDF) && !a.formats.includes(ZPL)) {
      return {
        state: 'stopped',
        reasons: ['document-format-not-supported'],
        message: `takes only ${a.formats.join(', ')}, and the station sends PDF or ZPL`,
        formats: a.formats,
      };
    }
    const reasons = cleanReasons(a.reasons);
    const blocking = blockingReasons(a.reasons);
    const state = a.state === 'stopped' || blocking.length ? 'stopped' : a.state === 'processing' ? 'printing' : 'idle';
    const message = blocking.length ? reasonsInWords(blocking) : a.message || (state === 'printing' ? 'printing' : 'ready');
    return { state, reasons, message, formats: a.formats };
  } catch (error) {
    const said = error instanceof IppUnreachable ? `not reachable at ${error.message}` : error instanceof Error ? error.message : String(error);
    return { state: 'unreachable', reasons: ['offline'], message: said, formats: [] };
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One Print-Job of a station's job: its bytes and how many labels (pages) they hold. */
export interface IppPart {
  bytes: Buffer;
  labels: number;
}

/** The parts of a job: `first`, made already, then the rest as they are made. */
export async function* partsFrom(first: IppPart, rest?: AsyncIterable<IppPart>): AsyncGenerator<IppPart> {
  yield first;
  if (rest) yield* rest;
}

/**
 * Prints `document` (`format`, one label per page), made in parts, each its own Print-Job in order, and reports the
 * impressions the printer confirmed over all of them. The next part is made while the printer prints the current
 * one, so the first label comes out without waiting for the whole document (docs/printing.md, "IPP printers").
 * `started` gets the printer's job id of each part as soon as it took it.
 */
export async function runIppJob(
  uri: string,
  document: { parts: AsyncIterable<IppPart>; format: string; name: string },
  callbacks: { started(printerJob: string, base: number, sent: number): void; confirmed(count: number): void },
  signal: AbortSignal,
): Promise<JobOutcome> {
  const client = new IppClient(uri);
  const parts = document.parts[Symbol.asyncIterator]();
  const ahead = () => {
    const next = parts.next();
    // Handled where it is awaited; a part made for a job that stopped meanwhile is dropped.
    next.catch(() => undefined);
    return next;
  };
  let next = ahead();
  let printed = 0;
  try {
    for (let n = 1; ; n += 1) {
      const part = await next;
      if (part.done) return { outcome: 'done' };
      if (signal.aborted) return { outcome: 'stopped', cause: 'stopped', reason: String(signal.reason ?? 'stopped') };
      next = ahead();
      const outcome = await runIppPart(
        client,
        part.value,
        { ...document, name: n > 1 ? `${document.name} (part ${n})` : document.name },
        printed,
        callbacks,
        signal,
      );
      if (outcome) return outcome;
      printed += part.value.labels;
    }
  } finally {
    void parts.return?.().catch(() => undefined);
  }
}

/** Prints one part, `before` labels of the job confirmed already: undefined when the printer completed it. */
async function runIppPart(
  client: IppClient,
  part: IppPart,
  document: { format: string; name: string },
  before: number,
  callbacks: { started(printerJob: string, base: number, sent: number): void; confirmed(count: number): void },
  signal: AbortSignal,
): Promise<JobOutcome | undefined> {
  let jobId: number;
  try {
    jobId = await client.printJob(part.bytes, document.format, document.name);
  } catch (error) {
    if (error instanceof IppUnreachable) return { outcome: 'stopped', cause: 'unreachable', reason: `printer unreachable: ${error.message}` };
    throw error;
  }
  callbacks.started(String(jobId), before, before + part.labels);
  let confirmed = 0;
  let failures = 0;
  const confirm = (n: number) => {
    const count = Math.min(part.labels, n);
    if (count > confirmed) {
      confirmed = count;
      callbacks.confirmed(before + confirmed);
    }
  };
  const stop = async (reason: string, cause: StopCause, reasons?: string[]): Promise<JobOutcome> => {
    await client.cancelJob(jobId).catch(() => undefined);
    // The count after the cancel: pages marked meanwhile are printed.
    await client
      .jobStatus(jobId)
      .then((s) => confirm(s.impressionsCompleted))
      .catch(() => undefined);
    return { outcome: 'stopped', reason, cause, ...(reasons ? { reasons } : {}) };
  };
  for (;;) {
    if (signal.aborted) return stop(String(signal.reason ?? 'stopped'), 'stopped');
    try {
      const job = await client.jobStatus(jobId);
      failures = 0;
      confirm(job.impressionsCompleted);
      if (job.state === 'completed') {
        confirm(part.labels);
        return undefined;
      }
      const printer = await client.printerAttributes();
      const blocking = blockingReasons(printer.reasons);
      if (job.state === 'aborted' || job.state === 'canceled') {
        const reasons = blocking.length ? blocking : cleanReasons(job.reasons);
        return {
          outcome: 'stopped',
          cause: 'printer',
          reason: `the printer ${job.state} the job${reasons.length ? `: ${reasonsInWords(reasons)}` : ''}`,
          reasons,
        };
      }
      if (blocking.length || job.state === 'processing-stopped' || printer.state === 'stopped') {
        const reasons = blocking.length ? blocking : cleanReasons([...printer.reasons, ...job.reasons]);
        return stop(reasonsInWords(reasons) || 'the printer stopped', 'printer', reasons);
      }
    } catch (error) {
      if (!(error instanceof IppUnreachable)) {
        if (error instanceof IppStatusError) return { outcome: 'stopped', cause: 'printer', reason: `the printer refused: ${error.message}` };
        throw error;
      }
      failures += 1;
      if (failures >= UNREACHABLE_POLLS) return { outcome: 'stopped', cause: 'unreachable', reason: `printer unreachable: ${error.message}` };
    }
    await delay(POLL_MS);
  }
}

/**
 * What the printer printed of its job `printerJob` (docs/printing.md, "After an interruption"): asked with
 * Get-Job-Attributes, its answer the record. A job that has not ended is canceled first (nobody follows it any more),
 * so what it says after is final. `labels`: how many labels the job held. `unknown`: the printer no longer knows the
 * job (it restarted). Null when the printer cannot be asked.
 */
export async function ippJobPrinted(uri: string, printerJob: number, labels: number): Promise<number | 'unknown' | null> {
  const client = new IppClient(uri);
  try {
    let job = await client.jobStatus(printerJob);
    if (job.state !== 'completed' && job.state !== 'canceled' && job.state !== 'aborted') {
      await client.cancelJob(printerJob);
      job = await client.jobStatus(printerJob);
      if (job.state !== 'completed' && job.state !== 'canceled' && job.state !== 'aborted') return null;
    }
    return job.state === 'completed' ? labels : Math.min(labels, job.impressionsCompleted);
  } catch (error) {
    // A printer that restarted and no longer knows the job prints nothing more of it: what it confirmed is all.
    if (error instanceof IppStatusError && error.status === 'client-error-not-found') return 'unknown';
    return null;
  }
}
