import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StationError, StationErrorCode, StationErrorShape } from '../../../../src-shared/ipc/envelope';
import type { PrintJobView, PrinterView } from '../../../../src-shared/ipc/printers';
import { randomUUID } from '../../../runtime/node-crypto';
import { READS_ONLY, type CliCommand } from '../command';
import { Exit, UsageError, type CliContext } from '../context';
import { parseCommand } from '../flags';
import { followPreflight } from '../preflight-progress';

// Printers and printing from the command line (docs/printing.md): the shop's printers, a Reel's print data printed,
// reprints with their reason, jobs followed, stopped jobs resumed, and the record of every print. A job that stopped
// (paper out, printer gone) exits 3; one the station could not run exits 1.

const REASONS = ['misprint', 'damaged', 'lost', 'other'] as const;
type Reason = (typeof REASONS)[number];

function reasonOf(value: string | undefined): Reason | undefined {
  if (value === undefined) return undefined;
  if (!(REASONS as readonly string[]).includes(value)) throw new UsageError(`--reason is one of ${REASONS.join(', ')} (got "${value}").`);
  return value as Reason;
}

/** `A-B` (or one position `A`). */
function positionsOf(value: string): { first: number; last: number } {
  const match = /^(\d+)(?:-(\d+))?$/.exec(value.trim());
  const first = Number(match?.[1]);
  const last = match?.[2] === undefined ? first : Number(match[2]);
  if (!match || !Number.isSafeInteger(first) || !Number.isSafeInteger(last) || last < first)
    throw new UsageError(`--positions is a range A-B of whole numbers with A ≤ B, e.g. 1-500 (got "${value}").`);
  return { first, last };
}

function ranges(r: [number, number][]): string {
  return r.map(([a, b]) => (a === b ? String(a) : `${a}-${b}`)).join(', ') || 'none';
}

function jobLine(job: PrintJobView): string {
  return [
    `Job ${job.jobId} on ${job.printer}: ${job.state}${job.reason ? ` (${job.reason})` : ''}.`,
    `Positions ${job.positions.first}-${job.positions.last} (${job.positions.count}); printed: ${ranges(job.printed)}; not printed: ${ranges(job.notPrinted)}.`,
    ...(job.unconfirmed.length
      ? [
          `Unconfirmed (may have printed; the printer could not say): ${ranges(job.unconfirmed)}. Compare with the last label that came out: ${(job.unconfirmedLabels ?? []).map((l) => `${l.position} ${l.text}`).join(', ')}. Those that did not come out: "print resume JOB --not-out"; those that did are printed.`,
        ]
      : []),
  ].join('\n');
}

function jobExit(job: PrintJobView): number {
  return job.state === 'stopped' ? Exit.attention : job.state === 'failed' ? Exit.failed : Exit.ok;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `--no-wait` from a one-shot command: the job must outlive this process, so it is handed to a process of its own
 * (this command again, waiting, with the job's id chosen here), detached; this one answers once the job is recorded
 * (docs/printing.md, "Jobs"). A refusal before the job is recorded is this command's answer.
 */
async function handOff(ctx: CliContext, path: readonly string[], args: string[], idFlag: string): Promise<PrintJobView> {
  // node:child_process loads here, not with every command (docs/architecture.md, "Start-up").
  const { spawn } = await import('node:child_process');
  const jobId = randomUUID();
  const dir = join(ctx.dataDir, 'tmp');
  mkdirSync(dir, { recursive: true });
  const outPath = join(dir, `print-${jobId}.out`);
  const out = openSync(outPath, 'w');
  const entry = process.argv[1] as string;
  const child = spawn(
    process.execPath,
    [...process.execArgv, entry, '--data', ctx.dataDir, '--json', ...path, ...args.filter((a) => a !== '--no-wait'), idFlag, jobId],
    {
      detached: true,
      stdio: ['ignore', out, out],
    },
  );
  closeSync(out);
  let exited = false;
  child.once('exit', () => (exited = true));
  child.unref();
  for (;;) {
    try {
      return await ctx.call('print.status', { jobId });
    } catch (error) {
      if (!(error instanceof StationError) || error.code !== StationErrorCode.notFound) throw error;
    }
    if (exited) {
      const said = readFileSync(outPath, 'utf8');
      const shape = StationErrorShape.safeParse((JSON.parse(said.split('\n').find((line) => line.startsWith('{')) ?? '{}') as { error?: unknown }).error);
      throw shape.success ? new StationError(shape.data) : new Error(`The print job's process ended before it started the job: ${said.slice(0, 500)}`);
    }
    await delay(50);
  }
}

function printerLine(p: PrinterView): string {
  return `${p.name} (${p.kind}, ${p.uri}, ${p.stock} at ${p.dpi} dpi): ${p.state}, ${p.message}${p.formats.length ? `; takes ${p.formats.join(', ')}` : ''}`;
}

export const printersCommand: CliCommand = {
  path: ['printers'],
  usage: 'station [--data DIR] [--json] printers',
  summary: "The station's printers, each with its state, reasons and message in words, and the formats it takes.",
  stationOptions: READS_ONLY,
  async run(ctx, args) {
    parseCommand(args, { command: 'printers', options: {} });
    const out = await ctx.call('printers.list', {});
    ctx.print(out, out.printers.length ? out.printers.map(printerLine).join('\n') : 'No printers yet: "station printer add NAME --ipp URI | --zpl HOST:PORT".');
    return Exit.ok;
  },
};

export const printerAddCommand: CliCommand = {
  path: ['printer', 'add'],
  usage: 'station [--data DIR] [--json] printer add NAME (--ipp URI | --zpl HOST:PORT) [--stock WxH] [--dpi 203|300|600]',
  summary: 'Add a printer: an IPP printer or CUPS queue by URI, or a ZPL label printer on raw TCP by HOST:PORT; stock in mm.',
  async run(ctx, args) {
    const { values, positionals } = parseCommand(args, {
      command: 'printer add',
      options: { ipp: { type: 'string' }, zpl: { type: 'string' }, stock: { type: 'string' }, dpi: { type: 'number', min: 203, max: 600 } },
      positionals: ['NAME'],
    });
    if ((values.ipp === undefined) === (values.zpl === undefined)) throw new UsageError('printer add needs one address: --ipp URI or --zpl HOST:PORT.');
    const { dpi } = values;
    if (dpi !== undefined && dpi !== 203 && dpi !== 300 && dpi !== 600) throw new UsageError(`--dpi is 203, 300 or 600 (got ${dpi}).`);
    const out = await ctx.call('printers.add', {
      name: positionals[0] as string,
      ...(values.ipp === undefined ? {} : { ipp: values.ipp }),
      ...(values.zpl === undefined ? {} : { zpl: values.zpl }),
      ...(values.stock === undefined ? {} : { stock: values.stock }),
      ...(dpi === undefined ? {} : { dpi }),
    });
    ctx.print(out, `Added ${printerLine(out)}`);
    return Exit.ok;
  },
};

export const printerRemoveCommand: CliCommand = {
  path: ['printer', 'remove'],
  usage: 'station [--data DIR] [--json] printer remove NAME',
  summary: 'Remove a printer (its prints stay on record).',
  async run(ctx, args) {
    const { positionals } = parseCommand(args, { command: 'printer remove', options: {}, positionals: ['NAME'] });
    const out = await ctx.call('printers.remove', { name: positionals[0] as string });
    ctx.print(out, `Removed printer ${out.removed}.`);
    return Exit.ok;
  },
};

export const printerTestCommand: CliCommand = {
  path: ['printer', 'test'],
  usage: 'station [--data DIR] [--json] printer test NAME',
  summary: 'Print one test label naming the station, the printer and the time.',
  async run(ctx, args) {
    const { positionals } = parseCommand(args, { command: 'printer test', options: {}, positionals: ['NAME'] });
    const out = await ctx.call('printers.test', { name: positionals[0] as string });
    ctx.print(out, out.state === 'done' ? `Printed: ${out.text}` : `The test label did not print: ${out.reason ?? 'stopped'}.`);
    return out.state === 'done' ? Exit.ok : Exit.attention;
  },
};

export const printCommand: CliCommand = {
  path: ['print'],
  usage:
    'station [--data DIR] [--json] print --reel REEL --printer NAME [--positions A-B] [--copies N] [--again] [--reason misprint|damaged|lost|other] [--template NAME] [--no-wait]',
  summary: "Print a Reel's print data (all of it, or a range); a position printed before needs --again (recorded as a reprint).",
  async run(ctx, args) {
    const { values } = parseCommand(args, {
      command: 'print',
      options: {
        reel: { type: 'string' },
        printer: { type: 'string' },
        positions: { type: 'string' },
        copies: { type: 'number', min: 1, max: 100 },
        again: { type: 'boolean' },
        reason: { type: 'string' },
        'no-wait': { type: 'boolean' },
        'job-id': { type: 'string' },
        template: { type: 'string' },
      },
      hint: 'Also: "print status JOB", "print resume JOB", "print stop JOB", "print log --reel REEL".',
    });
    if (!values.reel) throw new UsageError('print needs --reel REEL.');
    if (!values.printer) throw new UsageError('print needs --printer NAME ("station printers" lists them).');
    const reason = reasonOf(values.reason);
    if (values['no-wait']) {
      const job = await handOff(ctx, ['print'], args, '--job-id');
      ctx.print(job, jobLine(job));
      return jobExit(job);
    }
    // A label template's labels are checked before the job starts: that check's progress on stderr.
    const unfollow = await followPreflight(ctx);
    const job = await ctx
      .call('print.start', {
        reelId: values.reel,
        printer: values.printer,
        ...(values.positions === undefined ? {} : { positions: positionsOf(values.positions) }),
        ...(values.copies === undefined ? {} : { copies: values.copies }),
        again: values.again ?? false,
        ...(reason ? { reason } : {}),
        ...(values['job-id'] === undefined ? {} : { jobId: values['job-id'] }),
        ...(values.template === undefined ? {} : { template: values.template }),
      })
      .finally(unfollow);
    ctx.print(job, jobLine(job));
    return jobExit(job);
  },
};

export const printStatusCommand: CliCommand = {
  path: ['print', 'status'],
  usage: 'station [--data DIR] [--json] print status JOB',
  summary: 'Where a print job stands: its state, the positions printed and not printed.',
  stationOptions: READS_ONLY,
  async run(ctx, args) {
    const { positionals } = parseCommand(args, { command: 'print status', options: {}, positionals: ['JOB'] });
    const job = await ctx.call('print.status', { jobId: positionals[0] as string });
    ctx.print(job, jobLine(job));
    return jobExit(job);
  },
};

export const printResumeCommand: CliCommand = {
  path: ['print', 'resume'],
  usage: 'station [--data DIR] [--json] print resume JOB [--not-out] [--no-wait]',
  summary:
    'Print exactly the positions of a stopped job that its printer did not print, as a new job; --not-out: the unconfirmed ones did not come out either (a person looked).',
  async run(ctx, args) {
    const { values, positionals } = parseCommand(args, {
      command: 'print resume',
      options: { 'no-wait': { type: 'boolean' }, 'job-id': { type: 'string' }, 'not-out': { type: 'boolean' } },
      positionals: ['JOB'],
    });
    const job = values['no-wait']
      ? await handOff(ctx, ['print', 'resume'], args, '--job-id')
      : await ctx.call('print.resume', {
          jobId: positionals[0] as string,
          ...(values['not-out'] ? { unconfirmedNotOut: true } : {}),
          ...(values['job-id'] === undefined ? {} : { newJobId: values['job-id'] }),
        });
    ctx.print(job, jobLine(job));
    return jobExit(job);
  },
};

export const printStopCommand: CliCommand = {
  path: ['print', 'stop'],
  usage: 'station [--data DIR] [--json] print stop JOB',
  summary: 'Stop a print job this station runs; what the printer did not confirm stays not printed.',
  async run(ctx, args) {
    const { positionals } = parseCommand(args, { command: 'print stop', options: {}, positionals: ['JOB'] });
    const job = await ctx.call('print.stop', { jobId: positionals[0] as string });
    ctx.print(job, jobLine(job));
    return jobExit(job);
  },
};

export const printLogCommand: CliCommand = {
  path: ['print', 'log'],
  usage: 'station [--data DIR] [--json] print log --reel REEL [--position N]',
  summary: 'Every print of a Reel (or one position): when, which job, printer and station, reprints with their reason.',
  stationOptions: READS_ONLY,
  async run(ctx, args) {
    const { values } = parseCommand(args, { command: 'print log', options: { reel: { type: 'string' }, position: { type: 'number' } } });
    if (!values.reel) throw new UsageError('print log needs --reel REEL.');
    const out = await ctx.call('print.log', { reelId: values.reel, ...(values.position === undefined ? {} : { position: values.position }) });
    ctx.print(
      out,
      out.prints.length
        ? out.prints
            .map(
              (p) =>
                `${p.position}\t${p.at}\t${p.printer}\t${p.station}\t${p.reprint ? `reprint (${p.reason ?? 'other'})` : 'print'}\tjob ${p.jobId}${p.template ? `\ttemplate ${p.template}` : ''}`,
            )
            .join('\n')
        : 'Nothing printed yet.',
    );
    return Exit.ok;
  },
};

export const reprintCommand: CliCommand = {
  path: ['reprint'],
  usage: 'station [--data DIR] [--json] reprint --reel REEL --position N [--printer NAME] --reason misprint|damaged|lost|other',
  summary: "Print one position's replacement Label (on the bench's printer unless named), recorded as a reprint with its reason.",
  async run(ctx, args) {
    const { values } = parseCommand(args, {
      command: 'reprint',
      options: { reel: { type: 'string' }, position: { type: 'number' }, printer: { type: 'string' }, reason: { type: 'string' } },
    });
    if (!values.reel) throw new UsageError('reprint needs --reel REEL.');
    if (values.position === undefined) throw new UsageError('reprint needs --position N.');
    const reason = reasonOf(values.reason);
    if (!reason) throw new UsageError(`reprint needs --reason (${REASONS.join(', ')}).`);
    const job = await ctx.call('print.reprint', {
      reelId: values.reel,
      position: values.position,
      reason,
      ...(values.printer === undefined ? {} : { printer: values.printer }),
    });
    ctx.print(job, jobLine(job));
    return jobExit(job);
  },
};
