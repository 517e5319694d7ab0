import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printCounts } from '../../../src-main/reports/print-counts';
import { runStationAsync } from '../../helpers/peer';
import { tempDir } from '../../helpers/tmp';
import { startZplStation, type ZplStation } from '../../helpers/zpl-station';

// Prints and reprints counted (docs/printing.md, "Reprints at the bench"): the Reel report and the shift summary count
// every confirmed print, the reprints, and the reprints by reason, by one rule (src-main/reports/print-counts.ts).

const dir = tempDir('print-counts-');
afterAll(() => dir.remove());

describe('print counts', () => {
  it('counts a reprint by its reason, a reason it does not know as other', () => {
    expect(
      printCounts([
        { reprint: false, reason: null },
        { reprint: true, reason: 'misprint' },
        { reprint: true, reason: 'lost' },
        { reprint: true, reason: 'something else' },
        { reprint: false, reason: null },
      ]),
    ).toEqual({ prints: 5, reprints: 3, byReason: { misprint: 1, damaged: 0, lost: 1, other: 1 } });
  });

  describe('in the Reel report and the shift summary, from what the printer confirmed', () => {
    let bench: ZplStation;
    beforeAll(async () => {
      bench = await startZplStation({
        dataDir: join(dir.path, 'station'),
        reel: 'Counted',
        tagTypes: ['TEXT', 'QR'],
        spec: { count: 12, prefix: 'CNT-', digits: 4, qr: 'https://example.test/{serial}' },
        zebra: {},
        benchPrinter: true,
      });
    });
    afterAll(() => bench.close());

    it('a fresh Reel counts nothing', async () => {
      const report = await bench.t.call('report.reel', { reelId: bench.reelId });
      expect(report.prints).toEqual({ prints: 0, reprints: 0, byReason: { misprint: 0, damaged: 0, lost: 0, other: 0 }, reprintedPositions: [] });
    });

    it('ten prints, then reprints of 7 (misprint, twice) and 3 (damaged): counted by reason, the positions marked', async () => {
      expect(await bench.t.call('print.start', { reelId: bench.reelId, printer: 'zebra', positions: { first: 1, last: 10 } })).toMatchObject({ state: 'done' });
      for (const [position, reason] of [
        [7, 'misprint'],
        [7, 'misprint'],
        [3, 'damaged'],
      ] as const) {
        expect(await bench.t.call('print.reprint', { reelId: bench.reelId, position, reason })).toMatchObject({ state: 'done' });
      }
      // A position printed for the first time is a print, whatever reason the caller gave.
      expect(await bench.t.call('print.reprint', { reelId: bench.reelId, position: 11, reason: 'lost' })).toMatchObject({ state: 'done' });
      expect(bench.printer.printed).toHaveLength(14);

      const report = await bench.t.call('report.reel', { reelId: bench.reelId });
      expect(report.prints).toEqual({ prints: 14, reprints: 3, byReason: { misprint: 2, damaged: 1, lost: 0, other: 0 }, reprintedPositions: [3, 7] });

      const today = new Date();
      const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
      const shift = await bench.t.call('report.shift', { day, utcOffsetMinutes: -today.getTimezoneOffset() });
      expect(shift.prints).toEqual({ prints: 14, reprints: 3, byReason: { misprint: 2, damaged: 1, lost: 0, other: 0 } });
      // Another day counts none of them.
      const other = await bench.t.call('report.shift', { day: '2001-01-01', utcOffsetMinutes: 0 });
      expect(other.prints).toEqual({ prints: 0, reprints: 0, byReason: { misprint: 0, damaged: 0, lost: 0, other: 0 } });
    });

    it('station report --reel says them, as JSON and in words', async () => {
      const json = await runStationAsync(['--data', join(dir.path, 'station'), '--json', 'report', '--reel', bench.reelId]);
      expect(json.code).toBe(0);
      expect((json.json() as { prints: unknown }).prints).toMatchObject({ prints: 14, reprints: 3, byReason: { misprint: 2, damaged: 1 } });
      const text = await runStationAsync(['--data', join(dir.path, 'station'), 'report', '--reel', bench.reelId]);
      expect(text.stdout).toContain('Prints: 14, of them reprints: 3 (misprint 2, damaged 1)');
    });
  });
});
