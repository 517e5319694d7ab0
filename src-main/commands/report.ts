import type { CommandHandlers } from '../../src-shared/ipc/contract';
import { StationError } from '../../src-shared/ipc/envelope';
import { PDF_UNAVAILABLE, type reportCommands } from '../../src-shared/ipc/report';
import { requireReel } from '../changes/context';
import { reelReport, shiftSummary } from '../reports/reel-report';
import { localOffsetMinutes, dayBounds } from '../reports/series';
import { listReels } from '../store/reels';
import { refreshReel } from './reels';
import type { CommandContext } from './context';

// The Reel report, the shift summary and the report's PDF (src-shared/ipc/report.ts).

/** A page of the host's own UI that prints to PDF: the Reel report or a day's shift summary. */
type PrintPage = { page: 'reel'; reelId: string } | { page: 'shift'; day: string; utcOffsetMinutes: number };

/** Prints a report page of the host's own UI to PDF (the same page, the same charts). */
export type ReportPrinter = (request: PrintPage & { locale: 'en' | 'de' }) => Promise<Uint8Array>;

const NO_PRINTER =
  'This station host cannot print pages to PDF. Export the report from the station window, "station serve", "station report --reel REEL --pdf FILE" or "station report shift --pdf FILE".';

/** A file name for the Reel's report: its name in safe characters and the day. */
function reportFilename(reelName: string, at = new Date()): string {
  const safe =
    reelName
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'reel';
  return `reel-report-${safe}-${at.toISOString().slice(0, 10)}.pdf`;
}

/** The time zone a day is counted in: the one asked for, else the station's own at noon of that day (a day with a
 * clock change keeps the offset it had then). */
function offsetOf(day: string, utcOffsetMinutes: number | undefined): number {
  return utcOffsetMinutes ?? localOffsetMinutes(new Date(dayBounds(day, 0).from.getTime() + 12 * 3_600_000));
}

export function reportHandlers(ctx: CommandContext, printer: ReportPrinter | undefined): CommandHandlers<keyof typeof reportCommands> {
  const { changes } = ctx;
  return {
    // The Reel read from the service first when it can be asked (docs/sync.md, "Benches sharing a Reel": on a Reel
    // shared between benches the counts are the service's and include the Labels enrolled elsewhere; one request when
    // nothing moved); a failed read reports from what was last read, as reels.show does.
    'report.reel': async ({ reelId }) => {
      const reel = requireReel(changes, reelId);
      try {
        await refreshReel(ctx, reel);
      } catch {
        // Reported from the last read; the report shows when that was (serviceCounts as last read).
      }
      return reelReport(ctx.db, ctx.dataDir, requireReel(changes, reelId));
    },
    'report.shift': ({ day, utcOffsetMinutes }) =>
      shiftSummary(ctx.db, ctx.dataDir, listReels(ctx.db, changes.profileId()), day, offsetOf(day, utcOffsetMinutes)),
    'report.pdf': async ({ reelId, locale }) => {
      const reel = requireReel(changes, reelId);
      if (!printer) throw new StationError({ code: PDF_UNAVAILABLE, message: NO_PRINTER });
      const pdf = await printer({ page: 'reel', reelId: reel.reelId, locale: locale ?? 'en' });
      return { filename: reportFilename(reel.name), bytes: pdf.byteLength, pdfBase64: Buffer.from(pdf).toString('base64') };
    },
    'report.shiftPdf': async ({ day, utcOffsetMinutes, locale }) => {
      if (!printer) throw new StationError({ code: PDF_UNAVAILABLE, message: NO_PRINTER });
      const pdf = await printer({ page: 'shift', day, utcOffsetMinutes: offsetOf(day, utcOffsetMinutes), locale: locale ?? 'en' });
      return { filename: `shift-summary-${day}.pdf`, bytes: pdf.byteLength, pdfBase64: Buffer.from(pdf).toString('base64') };
    },
  };
}
