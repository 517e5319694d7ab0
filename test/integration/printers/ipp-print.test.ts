import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIppEvePrinter, type IppEvePrinter } from '../../helpers/ippeveprinter';
import { openStation, type TestStation } from '../../helpers/peer';
import { refusal } from '../../helpers/refusal';
import { tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';
import { codesShown, zplFormats } from '../../helpers/zpl-image';
import { loadZxing } from '../../helpers/zxing';

// Printing on a real IPP Everywhere printer (docs/printing.md, "IPP printers"): CUPS's ippeveprinter with a marking
// engine that reports each page, so job-impressions-completed is the printer's own count. Every page it received is
// rendered (pdftoppm) and its QR decoded (zxing-wasm): each carries its position's value, in order.

const dir = tempDir('print-ipp-');
afterAll(() => dir.remove());

const SPEC = { count: 30, prefix: 'IPP-', digits: 4, qr: 'https://example.test/{serial}' };
const qrOf = (position: number) => `https://example.test/IPP-${String(position).padStart(4, '0')}`;
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

/** The QR of each page of a PDF, in page order. */
async function pageQrs(pdf: string, out: string): Promise<string[]> {
  execFileSync('pdftoppm', ['-r', '300', '-png', pdf, join(out, 'page')]);
  const pages = readdirSync(out)
    .filter((f) => /^page-\d+\.png$/.test(f))
    .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]));
  const read = await loadZxing();
  const qrs: string[] = [];
  for (const page of pages) {
    const found = await read(new Blob([readFileSync(join(out, page))]), { formats: ['QRCode'] });
    qrs.push(found[0]?.text ?? '');
  }
  return qrs;
}

describe('printing on an IPP printer (ippeveprinter)', () => {
  let t: TestStation;
  let printer: IppEvePrinter;
  let reelId = '';
  beforeAll(async () => {
    printer = await startIppEvePrinter(join(dir.path, 'printer'));
    t = await openStation(join(dir.path, 'station'));
    await t.call('profiles.connect', { kind: 'sandbox' });
    ({ reelId } = await t.call('reels.create', {
      name: 'IPP',
      expectedIdentifiers: [
        { tagType: 'TEXT', count: 1 },
        { tagType: 'QR', count: 1 },
      ],
    }));
    await t.call('printRun.generate', { reelId, spec: SPEC, expected: true });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await printer?.close();
  });

  it('adds the printer with what Get-Printer-Attributes says it takes', async () => {
    const added = await t.call('printers.add', { name: 'office', ipp: printer.uri, stock: '50x30', dpi: 300 });
    expect(added).toMatchObject({ kind: 'ipp', state: 'idle', reasons: [] });
    expect(added.formats).toEqual(expect.arrayContaining(['application/pdf', 'application/vnd.zebra-zpl']));
  });

  it('prints a range as one label per page at the stock size, followed to completion; each page decodes to its position', async () => {
    const job = await t.call('print.start', { reelId, printer: 'office', positions: { first: 1, last: 6 } });
    expect(job).toMatchObject({ state: 'done', printed: [[1, 6]], notPrinted: [] });
    const [pdf] = printer.received();
    expect(pdf).toBeDefined();
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(execFileSync('pdfinfo', [pdf as string], { encoding: 'utf8' }));
    // 50 × 30 mm in points.
    expect([Math.round(Number(size?.[1])), Math.round(Number(size?.[2]))]).toEqual([142, 85]);
    const pages = join(dir.path, 'pages-1');
    mkdirSync(pages);
    expect(await pageQrs(pdf as string, pages)).toEqual(range(1, 6).map(qrOf));
    expect((await t.call('print.log', { reelId })).prints.map((p) => p.position)).toEqual(range(1, 6));
  });

  it('paper out mid-job: stopped with the impressions the printer completed; refused while out; resumed with exactly the rest', async () => {
    printer.paperOutAfter(3);
    const job = await t.call('print.start', { reelId, printer: 'office', positions: { first: 7, last: 14 } });
    expect(job).toMatchObject({ state: 'stopped', printed: [[7, 9]], notPrinted: [[10, 14]] });
    expect(job.reason).toContain('paper out');
    const listed = (await t.call('printers.list', {})).printers[0];
    expect(listed).toMatchObject({ state: 'stopped', message: 'paper out' });
    expect(listed?.reasons).toContain('media-empty');
    expect((await refusal(t.call('print.resume', { jobId: job.jobId }))).code).toBe('STATION_PRINTER_NOT_READY');

    // Paper loaded: the printer starts afresh.
    await printer.kill();
    await printer.restart();
    const resumed = await t.call('print.resume', { jobId: job.jobId });
    expect(resumed).toMatchObject({ state: 'done', printed: [[10, 14]] });
    const log = (await t.call('print.log', { reelId })).prints.map((p) => p.position);
    expect(log).toEqual(range(1, 14));
  });

  it('a printer killed mid-job: stopped with the confirmed split; resume completes it with no position twice', async () => {
    printer.pageMs(250);
    const job = await t.call('print.start', { reelId, printer: 'office', positions: { first: 15, last: 24 }, wait: false });
    expect(job.state).toBe('printing');
    await until(async () => (await t.call('print.status', { jobId: job.jobId })).printed.length > 0, { what: 'the first page confirmed' });
    await printer.kill();
    const stopped = await until(async () => {
      const s = await t.call('print.status', { jobId: job.jobId });
      return s.state === 'printing' ? undefined : s;
    });
    expect(stopped.state).toBe('stopped');
    expect(stopped.reason).toMatch(/unreachable/);
    const printed = stopped.printed.flatMap(([a, b]) => range(a, b));
    expect(printed[0]).toBe(15);
    // The printer cannot be asked what it printed of the rest it was sent: unconfirmed, not "not printed".
    expect(stopped.unconfirmed.at(-1)?.[1]).toBe(24);
    expect(stopped.notPrinted).toEqual([]);

    await printer.restart();
    printer.pageMs(10);
    // Restarted, it no longer knows the job: what it confirmed is what it printed, the rest is not printed.
    const after = await t.call('print.status', { jobId: stopped.jobId });
    expect(after).toMatchObject({ printed: stopped.printed, unconfirmed: [] });
    expect(after.notPrinted.at(-1)?.[1]).toBe(24);
    const resumed = await t.call('print.resume', { jobId: stopped.jobId });
    expect(resumed.state).toBe('done');
    expect(resumed.printed).toEqual(after.notPrinted);
    const log = (await t.call('print.log', { reelId })).prints.map((p) => p.position);
    expect(log).toEqual(range(1, 24));
  });

  it('a long job goes in parts, each its own Print-Job, made while the last one prints; paper out in the second part keeps the split', async () => {
    const { reelId: longReel } = await t.call('reels.create', {
      name: 'IPP long',
      expectedIdentifiers: [
        { tagType: 'TEXT', count: 1 },
        { tagType: 'QR', count: 1 },
      ],
    });
    await t.call('printRun.generate', { reelId: longReel, spec: { ...SPEC, prefix: 'LNG-' }, expected: true });
    const longQr = (position: number) => `https://example.test/LNG-${String(position).padStart(4, '0')}`;
    const seen = new Set(printer.received());
    const newFiles = () => {
      const files = printer.received().filter((f) => !seen.has(f));
      files.forEach((f) => seen.add(f));
      return files.sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
    };
    printer.paperOutAfter(27);
    const job = await t.call('print.start', { reelId: longReel, printer: 'office', positions: { first: 1, last: 30 } });
    expect(job).toMatchObject({ state: 'stopped', printed: [[1, 27]], notPrinted: [[28, 30]] });
    // Two Print-Jobs: positions 1–25, then 26–30 (stopped in it by the paper).
    const parts = newFiles();
    expect(parts.map((f) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [f], { encoding: 'utf8' }))?.[1]))).toEqual([25, 5]);
    const second = join(dir.path, 'pages-long-2');
    mkdirSync(second);
    expect(await pageQrs(parts[1] as string, second)).toEqual(range(26, 30).map(longQr));

    await printer.kill();
    await printer.restart();
    const resumed = await t.call('print.resume', { jobId: job.jobId });
    expect(resumed).toMatchObject({ state: 'done', printed: [[28, 30]] });
    const [resumedFile] = newFiles();
    const third = join(dir.path, 'pages-long-3');
    mkdirSync(third);
    expect(await pageQrs(resumedFile as string, third)).toEqual(range(28, 30).map(longQr));
    expect((await t.call('print.log', { reelId: longReel })).prints.map((p) => p.position)).toEqual(range(1, 30));
  });

  it('prints a test label whose QR names the station, the printer and the time', async () => {
    const out = await t.call('printers.test', { name: 'office' });
    expect(out).toMatchObject({ printer: 'office', state: 'done' });
    const pages = join(dir.path, 'pages-test');
    mkdirSync(pages);
    // The job the printer received last.
    const newest = printer
      .received()
      .map((f) => ({ f, at: statSync(f).mtimeMs }))
      .sort((a, b) => b.at - a.at)[0]?.f as string;
    expect(await pageQrs(newest, pages)).toEqual([out.text]);
  });

  it('refuses an address that is not IPP, saying what one looks like', async () => {
    const error = await refusal(t.call('printers.add', { name: 'bad', ipp: 'http://localhost/x' }));
    expect(error.code).toBe('STATION_INVALID_INPUT');
    expect(error.message).toContain('ipp://');
  });
});

describe('an IPP printer that takes ZPL and no PDF', () => {
  let t: TestStation;
  let printer: IppEvePrinter;
  let reelId = '';
  beforeAll(async () => {
    printer = await startIppEvePrinter(join(dir.path, 'zpl-printer'), 'Station ZPL Queue', 'application/vnd.zebra-zpl');
    t = await openStation(join(dir.path, 'zpl-station'));
    await t.call('profiles.connect', { kind: 'sandbox' });
    ({ reelId } = await t.call('reels.create', {
      name: 'IPP ZPL',
      expectedIdentifiers: [
        { tagType: 'TEXT', count: 1 },
        { tagType: 'QR', count: 1 },
      ],
    }));
    await t.call('printRun.generate', { reelId, spec: { ...SPEC, count: 5, prefix: 'IZ-' }, expected: true });
    await t.call('printers.add', { name: 'zpl queue', ipp: printer.uri });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await printer?.close();
  });

  it('is sent the ZPL formats over IPP, one per label, each carrying its position', async () => {
    const job = await t.call('print.start', { reelId, printer: 'zpl queue', positions: { first: 1, last: 5 } });
    expect(job).toMatchObject({ state: 'done', printed: [[1, 5]] });
    // ippeveprinter keeps a document of a format it has no extension for as .dat.
    const [file] = printer.received();
    expect(file).toMatch(/\.dat$/);
    // Each format drawn as the printer would (50x30, the default stock, at 203 dpi) shows its position's QR.
    const qrs: (string | undefined)[] = [];
    for (const format of zplFormats(readFileSync(file as string, 'utf8'))) qrs.push((await codesShown(format, { widthMm: 50, heightMm: 30 })).qr);
    expect(qrs).toEqual(range(1, 5).map((p) => `https://example.test/IZ-${String(p).padStart(4, '0')}`));
    expect(await t.call('printers.test', { name: 'zpl queue' })).toMatchObject({ state: 'done' });
    expect(printer.received()).toHaveLength(2);
  });
});
