import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { StationError } from '../../../../src-shared/ipc/envelope';
import { PDF_UNAVAILABLE, type ReelReport } from '../../../../src-shared/ipc/report';
import { rendererDir } from '../../web/renderer-dir';
import { chromiumReportPrinter, requireChromium } from '../../web/report-pdf';
import type { CliCommand } from '../command';
import { Exit, UsageError } from '../context';
import { parseCommand } from '../flags';

// `station report --reel REEL [--pdf FILE]`: the Reel report's data, and with --pdf the report page printed by
// Chromium from a web host this command starts on 127.0.0.1 for as long as it prints.

const printer = chromiumReportPrinter();

function summary(report: ReelReport): string {
  const counts = Object.entries(report.counts)
    .map(([state, n]) => `${state} ${n}`)
    .join(', ');
  const v = report.verification;
  return [
    `Reel ${report.reel.name} (${report.reel.reelId}): ${report.total} position(s) — ${counts || 'none'}`,
    `Saves: ${report.enrollment.saves}${report.enrollment.timePerLabel.medianSeconds === null ? '' : `, median ${report.enrollment.timePerLabel.medianSeconds.toFixed(1)} s per Label`}`,
    `Attention: ${report.attention.map((a) => `${a.code} ×${a.count}`).join(', ') || 'none'}; gaps and take-backs: ${report.gapsAndVoids.total}; bulk-binds: ${report.bulkBinds.length}`,
    v
      ? `Quality check: ${v.verdict.decision} (${v.verdict.failed} failed of ${v.verdict.inspected} checked; sample ${v.plan.sampleSize}, accept ${v.plan.accept}, reject ${v.plan.reject})`
      : 'Quality check: none',
  ].join('\n');
}

export const reportCommand: CliCommand = {
  path: ['report'],
  usage: 'station [--data DIR] [--json] report --reel REEL [--pdf FILE] [--lang en|de]',
  summary: 'The Reel report: counts, enrollment rate, attention, gaps and voids, bulk-binds, the quality check; --pdf prints the report page (needs Chromium).',
  stationOptions: { printReport: printer.print },
  async run(ctx, args) {
    const { values } = parseCommand(args, { command: 'report', options: { reel: { type: 'string' }, pdf: { type: 'string' }, lang: { type: 'string' } } });
    if (!values.reel) throw new UsageError('report needs --reel REEL.');
    if (values.lang !== undefined && values.lang !== 'en' && values.lang !== 'de') throw new UsageError(`--lang is en or de (got "${values.lang}").`);
    const report = await ctx.call('report.reel', { reelId: values.reel });
    if (values.pdf === undefined) {
      ctx.print(report, summary(report));
      return Exit.ok;
    }
    const file = resolve(values.pdf);
    // Both checked before anything starts, each naming what to do.
    requireChromium();
    const ui = rendererDir();
    if (!existsSync(join(ui, 'index.html'))) {
      throw new StationError({
        code: PDF_UNAVAILABLE,
        message: `The station UI is not built (${ui} has no index.html), and the PDF is printed from its report page: run "npm run build", then try again.`,
      });
    }
    const { startWebHost } = await import('../../web/server');
    const host = await startWebHost({ station: await ctx.station(), port: 0, rendererDir: ui });
    let bytes: number;
    try {
      printer.bind(host);
      const pdf = await ctx.call('report.pdf', { reelId: values.reel, locale: values.lang === 'de' ? 'de' : 'en' });
      writeFileSync(file, Buffer.from(pdf.pdfBase64, 'base64'));
      bytes = pdf.bytes;
    } finally {
      await host.close();
    }
    ctx.print({ ...report, pdf: { path: file, bytes } }, `${summary(report)}\nPDF: ${file} (${bytes} bytes)`);
    return Exit.ok;
  },
};
