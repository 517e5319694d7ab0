import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { StationError, StationErrorCode } from '../../../../src-shared/ipc/envelope';
import type { ReelReport, ShiftSummary } from '../../../../src-shared/ipc/report';
import { distributionWords } from '../../../print-quality/words';
import { writeChunk, writeFileWhole } from '../../../runtime/write-whole';
import { rendererDir } from '../../web/renderer-dir';
import { chromiumReportPrinter, requireChromium } from '../../web/report-pdf';
import type { CliCommand } from '../command';
import { Exit, UsageError, type CliContext } from '../context';
import { parseCommand } from '../flags';

// `station report --reel REEL [--pdf FILE]` and `station report shift [--day DAY] [--pdf FILE]`: the Reel report's
// and a day's shift summary's data, and with --pdf the page printed by Chromium from a web host this command starts
// on 127.0.0.1 for as long as it prints (the same page and printer as the GUI's "Export PDF").

const printer = chromiumReportPrinter();

function summary(report: ReelReport): string {
  const counts = Object.entries(report.counts)
    .map(([state, n]) => `${state} ${n}`)
    .join(', ');
  const v = report.verification;
  return [
    `Reel ${report.reel.name} (${report.reel.reelId}), enrolled ${report.reel.direction === 'down' ? 'downward, from its end' : 'upward'}: ${report.total} position(s) — ${counts || 'none'}`,
    `Saves: ${report.enrollment.saves}${report.takenElsewhere > 0 ? ` (${report.takenElsewhere} taken off their positions by another bench: see "station queue")` : ''}${report.enrollment.timePerLabel.medianSeconds === null ? '' : `, median ${report.enrollment.timePerLabel.medianSeconds.toFixed(1)} s per Label`}`,
    `Attention: ${report.attention.map((a) => `${a.code} ×${a.count}`).join(', ') || 'none'}; gaps and take-backs: ${report.gapsAndVoids.total}; bulk-binds: ${report.bulkBinds.length}`,
    v
      ? `Quality check: ${v.verdict.decision} (${v.verdict.failed} failed of ${v.verdict.inspected} checked; sample ${v.plan.sampleSize}, accept ${v.plan.accept}, reject ${v.plan.reject})`
      : 'Quality check: none',
    printQualityLine(report.printQuality),
    printsLine(report.prints),
  ].join('\n');
}

/** The print grades of the Reel's (or the day's) codes (docs/print-quality.md): a process-control grade, not a certified one. */
function printQualityLine(q: ReelReport['printQuality'] | ShiftSummary['printQuality']): string {
  if (!q || q.graded === 0) return 'Print quality: no graded codes';
  const { grades: dist, worst } = distributionWords(q);
  const below = 'grading' in q ? `${q.flagged} below ${q.grading.minGrade}` : `${q.flagged} below their Reel's accepted grade`;
  return `Print quality (bench camera, process-control grade, not certified): ${dist}${worst ? `; worst: ${worst}` : ''}; ${below}`;
}

/** The Reel's prints and reprints by reason (docs/printing.md, "Reprints at the bench"). */
function printsLine(p: ReelReport['prints'] | ShiftSummary['prints']): string {
  if (!p || p.prints === 0) return 'Prints: none recorded on this station';
  const reasons = Object.entries(p.byReason)
    .filter(([, n]) => n > 0)
    .map(([r, n]) => `${r} ${n}`)
    .join(', ');
  return `Prints: ${p.prints}, of them reprints: ${p.reprints}${reasons ? ` (${reasons})` : ''}`;
}

/** A PDF path that cannot be written to, in words, said before Chromium is started for nothing. */
function cannotWrite(path: string, error: unknown): StationError {
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === 'EISDIR'
      ? 'it is a folder'
      : code === 'ENOENT'
        ? `the folder "${dirname(path)}" does not exist`
        : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
          ? `the station may not write there (${code})`
          : (error as Error).message;
  return new StationError({
    code: StationErrorCode.invalidInput,
    message: `Cannot write the PDF to "${path}": ${why}. Check that the folder exists and the station may write there, then try again.`,
  });
}

/** Fails at once when `path` cannot be written (before Chromium is started for nothing). */
function requireWritable(path: string): void {
  try {
    if (existsSync(path) && statSync(path).isDirectory()) throw Object.assign(new Error('it is a folder'), { code: 'EISDIR' });
    accessSync(dirname(path), constants.W_OK);
    if (existsSync(path)) accessSync(path, constants.W_OK);
  } catch (error) {
    throw cannotWrite(path, error);
  }
}

/** --lang: en (default) or de. */
function langOf(value: string | undefined): 'en' | 'de' {
  if (value !== undefined && value !== 'en' && value !== 'de') throw new UsageError(`--lang is en or de (got "${value}").`);
  return value === 'de' ? 'de' : 'en';
}

/**
 * Prints a report page to `file` (written whole or not at all; its folder checked by the caller before anything
 * else): Chromium and the built UI are each checked before the page is opened, each failure naming what to do.
 */
async function printPdf(ctx: CliContext, file: string, print: () => Promise<{ pdfBase64: string; bytes: number }>): Promise<number> {
  requireChromium();
  const ui = rendererDir();
  if (!existsSync(join(ui, 'index.html'))) {
    throw new StationError({
      code: StationErrorCode.pdfUnavailable,
      message: `The station UI is not built (${ui} has no index.html), and the PDF is printed from its report page: run "npm run build", then try again.`,
    });
  }
  const { startWebHost } = await import('../../web/server');
  const host = await startWebHost({ station: await ctx.station(), port: 0, rendererDir: ui });
  try {
    printer.bind(host);
    const pdf = await print();
    // Whole or not at all, as the print-run exports are written (runtime/write-whole.ts).
    await writeFileWhole(file, (out) => writeChunk(out, Buffer.from(pdf.pdfBase64, 'base64')));
    return pdf.bytes;
  } finally {
    await host.close();
  }
}

export const reportCommand: CliCommand = {
  path: ['report'],
  usage: 'station [--data DIR] [--json] report --reel REEL [--pdf FILE] [--lang en|de]',
  summary: 'The Reel report: counts, enrollment rate, attention, gaps and voids, bulk-binds, the quality check; --pdf prints the report page (needs Chromium).',
  stationOptions: { printReport: printer.print },
  async run(ctx, args) {
    const { values } = parseCommand(args, { command: 'report', options: { reel: { type: 'string' }, pdf: { type: 'string' }, lang: { type: 'string' } } });
    if (!values.reel) throw new UsageError('report needs --reel REEL (or "report shift" for a day\'s shift summary).');
    const locale = langOf(values.lang);
    const reelId = values.reel;
    const file = values.pdf === undefined ? undefined : resolve(values.pdf);
    if (file) requireWritable(file);
    const report = await ctx.call('report.reel', { reelId });
    if (file === undefined) {
      ctx.print(report, summary(report));
      return Exit.ok;
    }
    const bytes = await printPdf(ctx, file, () => ctx.call('report.pdf', { reelId, locale }));
    ctx.print({ ...report, pdf: { path: file, bytes } }, `${summary(report)}\nPDF: ${file} (${bytes} bytes)`);
    return Exit.ok;
  },
};

/** Today on this station's clock, as YYYY-MM-DD. */
function today(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** --day: a calendar day as YYYY-MM-DD that exists (not 2026-02-30). */
function dayOf(value: string | undefined): string {
  if (value === undefined) return today();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== value) throw new UsageError(`--day is a calendar day written YYYY-MM-DD, e.g. ${today()} (got "${value}").`);
  return value;
}

/** --utc-offset: the time zone the day is counted in, minutes east of UTC (60 for CET; a negative one as `--utc-offset=-300`). */
function offsetOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = /^[+-]?[0-9]+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || Math.abs(n) > 14 * 60)
    throw new UsageError(
      `--utc-offset is the time zone in minutes east of UTC, a whole number from -840 to 840, e.g. 60 for CET or --utc-offset=-300 (got "${value}").`,
    );
  return n;
}

/** What the shift summary holds, in the words of the GUI's saved note (i18n shift.holds). */
function shiftHolds(s: ShiftSummary): string {
  return `the shift summary of ${s.day}: ${s.labels} Labels saved, ${s.errors} problem${s.errors === 1 ? '' : 's'}, Reels worked on: ${s.reels.length}; with the problems by kind and the Labels per hour`;
}

function shiftText(s: ShiftSummary): string {
  const p = s.problems;
  return [
    `Shift summary of ${s.day} (${s.from} to ${s.to}), station ${s.station.name}`,
    `Labels saved: ${s.labels}; error rate ${s.errorRate === null ? '–' : `${(s.errorRate * 100).toFixed(1)} %`} (${s.errors} problem${s.errors === 1 ? '' : 's'})`,
    `Problems: misprints ${p.misprints}, misorders ${p.misorders}, duplicates ${p.duplicates}, captures refused ${p.refusedCaptures}, saves refused by the service ${p.attention}, taken back ${p.undone}, gaps ${p.gaps}, voided ${p.voids}`,
    `Reels worked on: ${s.reels.map((r) => `${r.name} (${r.labels} saved${r.finished ? ', finished' : ''})`).join(', ') || 'none'}; finished ${s.reelsFinished}`,
    `Quality checks: ${s.verdicts.map((v) => `${v.name} ${v.decision} (${v.failed} failed of ${v.inspected})`).join(', ') || 'none'}`,
    printsLine(s.prints),
    printQualityLine(s.printQuality),
  ].join('\n');
}

export const reportShiftCommand: CliCommand = {
  path: ['report', 'shift'],
  usage: 'station [--data DIR] [--json] report shift [--day YYYY-MM-DD] [--utc-offset MINUTES] [--pdf FILE] [--lang en|de]',
  summary:
    "A day's shift summary across Reels (default today): Labels per hour, problems by kind, Reels finished, quality-check verdicts, print grades; --pdf prints the shift summary page (needs Chromium).",
  stationOptions: { printReport: printer.print },
  async run(ctx, args) {
    const { values } = parseCommand(args, {
      command: 'report shift',
      options: { day: { type: 'string' }, 'utc-offset': { type: 'string' }, pdf: { type: 'string' }, lang: { type: 'string' } },
    });
    const day = dayOf(values.day);
    const utcOffsetMinutes = offsetOf(values['utc-offset']);
    const locale = langOf(values.lang);
    const zone = utcOffsetMinutes === undefined ? {} : { utcOffsetMinutes };
    const file = values.pdf === undefined ? undefined : resolve(values.pdf);
    if (file) requireWritable(file);
    const summary = await ctx.call('report.shift', { day, ...zone });
    if (file === undefined) {
      ctx.print(summary, shiftText(summary));
      return Exit.ok;
    }
    const bytes = await printPdf(ctx, file, () => ctx.call('report.shiftPdf', { day, ...zone, locale }));
    const holds = shiftHolds(summary);
    ctx.print({ ...summary, pdf: { path: file, bytes, holds } }, `${shiftText(summary)}\nPDF: ${file} (${bytes} bytes): ${holds}`);
    return Exit.ok;
  },
};
