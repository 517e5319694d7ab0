import { REPRINT_REASONS, type PrintCounts, type ReprintReason } from '../../src-shared/ipc/printers';
import type { Db } from '../store/database';
import { listPrints, printsBetween } from '../store/printers';

// Prints and reprints counted, one rule for the Reel report and the shift summary (docs/printing.md, "Reprints at
// the bench"): every print the printer confirmed counts once; a reprint (a position printed before) counts by its
// reason, a reason the record does not know as "other".

function reasonOf(reason: string | null): ReprintReason {
  return (REPRINT_REASONS as readonly string[]).includes(reason ?? '') ? (reason as ReprintReason) : 'other';
}

export function printCounts(prints: readonly { reprint: boolean; reason: string | null }[]): PrintCounts {
  const byReason = Object.fromEntries(REPRINT_REASONS.map((r) => [r, 0])) as Record<ReprintReason, number>;
  let reprints = 0;
  for (const print of prints) {
    if (!print.reprint) continue;
    reprints += 1;
    byReason[reasonOf(print.reason)] += 1;
  }
  return { prints: prints.length, reprints, byReason };
}

/** A Reel's counts, and the positions printed more than once (the Reel map's mark). */
export function reelPrintCounts(db: Db, reelId: string): PrintCounts {
  const prints = listPrints(db, reelId);
  const reprintedPositions = [...new Set(prints.filter((p) => p.reprint).map((p) => p.position))].sort((a, b) => a - b);
  return { ...printCounts(prints), reprintedPositions };
}

/** The day's counts on the given Reels. */
export function printCountsBetween(db: Db, reelIds: ReadonlySet<string>, from: string, to: string): PrintCounts {
  return printCounts(printsBetween(db, from, to).filter((p) => reelIds.has(p.reelId)));
}
