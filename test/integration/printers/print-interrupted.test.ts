import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintJobView } from '../../../src-shared/ipc';
import { refusal } from '../../helpers/refusal';
import { tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';
import { startFakeZplPrinter, type FakeZplPrinter } from '../../helpers/zpl-printer';
import { startZplStation, type ZplStation } from '../../helpers/zpl-station';

// A ZPL job interrupted while the printer holds formats it prints on (docs/printing.md, "After an interruption"): a
// dropped connection and a stop, on a printer with a label odometer; and a printer without one. The record is what
// came out: after resume each position came out exactly once (none twice, none never) and the print log equals the
// printer's output. Without an odometer the positions that may have printed are unconfirmed, named with their
// values, and printed again only on a person's word.

const dir = tempDir('print-interrupted-');
afterAll(() => dir.remove());

const SPEC = { count: 200, prefix: 'INT-', digits: 4, qr: 'https://example.test/{serial}' };
const positionOf = (format: string) => Number(/\^FD#(\d+)\^FS/.exec(format)?.[1]);
const expand = (ranges: [number, number][]) => ranges.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i));
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe('a ZPL job interrupted while the printer prints on (odometer)', () => {
  let bench: ZplStation;
  let printer: FakeZplPrinter;
  let reelId = '';
  beforeAll(async () => {
    bench = await startZplStation({ dataDir: join(dir.path, 'station'), reel: 'Interrupted', tagTypes: ['TEXT', 'QR'], spec: SPEC, zebra: {}, labelMs: 5 });
    ({ printer, reelId } = bench);
  }, 60_000);
  afterAll(() => bench?.close());

  const log = async () => (await bench.t.call('print.log', { reelId })).prints.map((p) => p.position);

  it('a dropped connection: the printer prints what it holds, the record is what came out, resume prints each of the rest once', async () => {
    printer.dropAfter(10);
    const job = await bench.t.call('print.start', { reelId, printer: 'zebra', positions: { first: 1, last: 80 } });
    expect(job.state).toBe('stopped');
    expect(job.reason).toMatch(/connection/);
    await until(() => printer.idle(), { what: 'the printer to finish its buffer' });
    const out = printer.printed.map(positionOf);
    // The printer printed more than the 10 before the drop (its buffer), and the record says exactly that.
    expect(out.length).toBeGreaterThan(10);
    expect(expand(job.printed)).toEqual(out);
    expect(job.unconfirmed).toEqual([]);
    expect([...expand(job.printed), ...expand(job.notPrinted)]).toEqual(range(1, 80));
    const resumed = await bench.t.call('print.resume', { jobId: job.jobId });
    expect(resumed).toMatchObject({ state: 'done', printed: job.notPrinted, notPrinted: [], unconfirmed: [] });
    expect(printer.printed.map(positionOf)).toEqual(range(1, 80));
    expect(await log()).toEqual(range(1, 80));
  });

  it('a stop: what the printer had started comes out, the rest is dropped; after resume each position came out once', async () => {
    const before = printer.printed.length;
    const started = await bench.t.call('print.start', { reelId, printer: 'zebra', positions: { first: 81, last: 160 }, wait: false });
    await until(() => printer.printed.length - before >= 15, { what: 'the printer to print 15 labels' });
    const stopped = await bench.t.call('print.stop', { jobId: started.jobId });
    expect(stopped.state).toBe('stopped');
    await until(() => printer.idle(), { what: 'the printer to finish' });
    expect(expand(stopped.printed)).toEqual(printer.printed.slice(before).map(positionOf));
    expect(stopped.unconfirmed).toEqual([]);
    await bench.t.call('print.resume', { jobId: started.jobId });
    expect(printer.printed.map(positionOf)).toEqual(range(1, 160));
    expect(await log()).toEqual(range(1, 160));
  });
});

describe('a ZPL printer without an odometer', () => {
  let bench: ZplStation;
  let printer: FakeZplPrinter;
  let reelId = '';
  beforeAll(async () => {
    bench = await startZplStation({ dataDir: join(dir.path, 'station-2'), reel: 'No odometer', tagTypes: ['TEXT', 'QR'], spec: SPEC, labelMs: 5 });
    ({ reelId } = bench);
    // The bench's printer is replaced by one that ignores the odometer's getvar, as an older printer does.
    printer = await startFakeZplPrinter({ labelMs: 5, odometer: false });
    await bench.t.call('printers.add', { name: 'old', zpl: printer.address });
  }, 60_000);
  afterAll(async () => {
    await bench?.close();
    await printer?.close();
  });

  it('a dropped connection: what may have printed is unconfirmed, named with its values, never "not printed"; printed again only on a person\'s word', async () => {
    printer.dropAfter(10);
    const job: PrintJobView = await bench.t.call('print.start', { reelId, printer: 'old', positions: { first: 1, last: 60 } });
    expect(job.state).toBe('stopped');
    await until(() => printer.idle(), { what: 'the printer to finish its buffer' });
    const out = printer.printed.map(positionOf);
    const status = await bench.t.call('print.status', { jobId: job.jobId });
    const unconfirmed = expand(status.unconfirmed);
    // Everything that came out is printed or unconfirmed; nothing that came out is called not printed.
    expect(out.every((p) => !expand(status.notPrinted).includes(p))).toBe(true);
    expect([...expand(status.printed), ...unconfirmed, ...expand(status.notPrinted)]).toEqual(range(1, 60));
    expect(unconfirmed.length).toBeGreaterThan(0);
    // The window is what the printer needs at full speed, not the 32 of a printer whose odometer tells.
    expect(unconfirmed.length).toBeLessThan(16);
    expect(status.unconfirmedLabels).toEqual(unconfirmed.map((position) => ({ position, text: `INT-${String(position).padStart(4, '0')}` })));

    // A new job over them is refused; resume prints only what was not printed.
    const refused = await refusal(
      bench.t.call('print.start', { reelId, printer: 'old', positions: { first: unconfirmed[0] as number, last: unconfirmed[0] as number } }),
    );
    expect(refused.code).toBe('STATION_ALREADY_PRINTED');
    expect(refused.message).toContain('may have printed');
    const before = printer.printed.length;
    const resumed = await bench.t.call('print.resume', { jobId: job.jobId });
    expect(resumed).toMatchObject({ state: 'done', printed: status.notPrinted });
    expect(printer.printed.slice(before).map(positionOf)).toEqual(expand(status.notPrinted));
    // No position came out twice without a person's word.
    const all = printer.printed.map(positionOf);
    expect(new Set(all).size).toBe(all.length);
  });
});
