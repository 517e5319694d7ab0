import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStation } from '../../helpers/peer';
import { refusal } from '../../helpers/refusal';
import { tempDir } from '../../helpers/tmp';
import { startFakeZplPrinter, type FakeZplPrinter } from '../../helpers/zpl-printer';
import { startZplStation, type ZplStation } from '../../helpers/zpl-station';

// Printing a Reel on a ZPL printer over TCP (docs/printing.md): the fake printer of test/helpers answers ~HS as the
// ZPL II guide specifies and prints at its own pace. Every print is on record, a position is printed once unless a
// person asks again, and a job the printer stops says what it printed and what not.

const dir = tempDir('print-zpl-');
afterAll(() => dir.remove());

const SPEC = { count: 40, prefix: 'SER-', digits: 4, qr: 'https://example.test/{serial}' };
const serial = (position: number) => `SER-${String(position).padStart(4, '0')}`;

/** The position a format printed carries (its "#N" field) and its TEXT. */
function labelOf(format: string): { position: number; text: string; qr: string } {
  const fields = [...format.matchAll(/\^FD([^^]*)\^FS/g)].map((m) => m[1] as string);
  return { position: Number(fields[0]?.slice(1)), qr: (fields.find((f) => f.startsWith('QA,')) ?? '').slice(3), text: fields.at(-1) ?? '' };
}

describe('printing on a ZPL printer', () => {
  let bench: ZplStation;
  let t: TestStation;
  let printer: FakeZplPrinter;
  let reelId = '';
  beforeAll(async () => {
    // The printer is added by the first test.
    bench = await startZplStation({ dataDir: join(dir.path, 'station'), reel: 'Printed', tagTypes: ['TEXT', 'QR'], spec: SPEC });
    ({ t, printer, reelId } = bench);
  });
  afterAll(() => bench.close());

  it('adds the printer and shows its state from ~HS', async () => {
    const added = await t.call('printers.add', { name: 'zebra', zpl: printer.address, stock: '50x30', dpi: 203 });
    expect(added).toMatchObject({
      name: 'zebra',
      kind: 'zpl',
      uri: `zpl://${printer.address}`,
      state: 'idle',
      reasons: [],
      formats: ['application/vnd.zebra-zpl'],
    });
    expect(printer.statusQueries).toBeGreaterThan(0);
    const duplicate = await refusal(t.call('printers.add', { name: 'zebra', zpl: printer.address }));
    expect(duplicate.code).toBe('STATION_CONFLICT');
  });

  it('prints a range, each label carrying its position’s values, every print on record', async () => {
    const job = await t.call('print.start', { reelId, printer: 'zebra', positions: { first: 1, last: 20 } });
    expect(job).toMatchObject({ state: 'done', positions: { first: 1, last: 20, count: 20 }, printed: [[1, 20]], notPrinted: [] });
    expect(printer.printed.map(labelOf)).toEqual(
      Array.from({ length: 20 }, (_, i) => ({ position: i + 1, text: serial(i + 1), qr: `https://example.test/${serial(i + 1)}` })),
    );
    const log = await t.call('print.log', { reelId });
    expect(log.prints.map((p) => p.position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(log.prints.every((p) => p.jobId === job.jobId && p.printer === 'zebra' && !p.reprint && p.station.length > 0)).toBe(true);
  });

  it('refuses positions printed already, naming them, unless asked again', async () => {
    const before = printer.printed.length;
    const error = await refusal(t.call('print.start', { reelId, printer: 'zebra', positions: { first: 15, last: 25 } }));
    expect(error.code).toBe('STATION_ALREADY_PRINTED');
    expect(error.message).toContain('15–20');
    expect(error.detail).toEqual({ positions: [[15, 20]] });
    expect(printer.printed.length).toBe(before);
  });

  it('a printer out of paper mid-job stops it: printed what the printer confirmed, the rest not, nothing left in its buffer', async () => {
    const before = printer.printed.length;
    printer.paperOutAfter(7);
    const job = await t.call('print.start', { reelId, printer: 'zebra', positions: { first: 21, last: 40 } });
    expect(job).toMatchObject({ state: 'stopped', reason: 'paper out', printed: [[21, 27]], notPrinted: [[28, 40]] });
    expect(printer.printed.slice(before).map((f) => labelOf(f).position)).toEqual([21, 22, 23, 24, 25, 26, 27]);
    expect(printer.buffered()).toBe(0);
    expect((await t.call('print.log', { reelId })).prints.filter((p) => p.position > 20).map((p) => p.position)).toEqual([21, 22, 23, 24, 25, 26, 27]);
    expect(await t.call('print.status', { jobId: job.jobId })).toEqual(job);

    const listed = (await t.call('printers.list', {})).printers[0];
    expect(listed).toMatchObject({ state: 'stopped', reasons: ['media-empty'], message: 'paper out' });
    const notReady = await refusal(t.call('print.resume', { jobId: job.jobId }));
    expect(notReady.code).toBe('STATION_PRINTER_NOT_READY');
    expect(notReady.message).toContain('paper out');

    printer.loadPaper();
    const resumed = await t.call('print.resume', { jobId: job.jobId });
    expect(resumed).toMatchObject({ state: 'done', printed: [[28, 40]], notPrinted: [] });
    const positions = printer.printed.map((f) => labelOf(f).position);
    expect(positions).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const again = await refusal(t.call('print.resume', { jobId: job.jobId }));
    expect(again.code).toBe('STATION_CONFLICT');
  });

  it('a head opened or a pause is said in words before anything is recorded', async () => {
    printer.setHeadOpen(true);
    printer.setPaused(true);
    const error = await refusal(t.call('print.reprint', { reelId, position: 3, printer: 'zebra', reason: 'damaged' }));
    expect(error.code).toBe('STATION_PRINTER_NOT_READY');
    expect(error.message).toContain('head open, paused');
    printer.setHeadOpen(false);
    printer.setPaused(false);
  });

  it('reprints one position with its reason, recorded as a reprint', async () => {
    const before = printer.printed.length;
    const job = await t.call('print.reprint', { reelId, position: 7, printer: 'zebra', reason: 'misprint' });
    expect(job).toMatchObject({ state: 'done', printed: [[7, 7]] });
    expect(printer.printed.slice(before).map((f) => labelOf(f).text)).toEqual([serial(7)]);
    const log = await t.call('print.log', { reelId, position: 7 });
    expect(log.prints.map((p) => ({ reprint: p.reprint, reason: p.reason }))).toEqual([
      { reprint: false, reason: undefined },
      { reprint: true, reason: 'misprint' },
    ]);
  });

  it('a printer restarted mid-job: stopped, and its odometer says exactly what it printed', async () => {
    const before = printer.printed.length;
    printer.restartAfter(4);
    const job = await t.call('print.start', { reelId, printer: 'zebra', positions: { first: 1, last: 12 }, again: true, reason: 'other' });
    expect(job.state).toBe('stopped');
    expect(job.reason).toMatch(/connection/);
    const printedNow = printer.printed.slice(before).map((f) => labelOf(f).position);
    expect(printedNow).toEqual([1, 2, 3, 4]);
    // The printer's count is the record: exactly what came out, the rest not printed, nothing unconfirmed.
    expect(job).toMatchObject({ printed: [[1, 4]], notPrinted: [[5, 12]], unconfirmed: [] });
  });

  it('copies print each position that many times, one after the other', async () => {
    const before = printer.printed.length;
    const job = await t.call('print.start', { reelId, printer: 'zebra', positions: { first: 38, last: 39 }, copies: 2, again: true, reason: 'lost' });
    expect(job).toMatchObject({ state: 'done', printed: [[38, 39]] });
    expect(printer.printed.slice(before).map((f) => labelOf(f).position)).toEqual([38, 38, 39, 39]);
  });

  it('names positions without print data, and an unreachable printer by its address', async () => {
    const none = await refusal(t.call('print.start', { reelId, printer: 'zebra', positions: { first: 39, last: 45 }, again: true }));
    expect(none.code).toBe('STATION_NO_PRINT_DATA');
    expect(none.message).toContain('41–45');

    const gone = await startFakeZplPrinter();
    const address = gone.address;
    await gone.close();
    await t.call('printers.add', { name: 'gone', zpl: address });
    const unreachable = await refusal(t.call('print.start', { reelId, printer: 'gone', positions: { first: 1, last: 1 }, again: true }));
    expect(unreachable.code).toBe('STATION_PRINTER_UNREACHABLE');
    expect(unreachable.message).toContain(address);
    expect((await t.call('printers.list', {})).printers.find((p) => p.name === 'gone')).toMatchObject({ state: 'unreachable' });
    expect(await t.call('printers.remove', { name: 'gone' })).toEqual({ removed: 'gone' });
    expect((await refusal(t.call('printers.remove', { name: 'gone' }))).code).toBe('STATION_NOT_FOUND');
  });

  it('prints a test label naming the station, the printer and the time', async () => {
    const before = printer.printed.length;
    const out = await t.call('printers.test', { name: 'zebra' });
    expect(out).toMatchObject({ printer: 'zebra', state: 'done' });
    expect(out.text).toMatch(/station .+, printer zebra, \d{4}-\d\d-\d\dT/);
    expect(labelOf(printer.printed[before] as string).qr).toBe(out.text);
  });
});
