import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStation } from '../../helpers/peer';
import { refusal } from '../../helpers/refusal';
import { tempDir } from '../../helpers/tmp';
import type { FakeZplPrinter } from '../../helpers/zpl-printer';
import { codesShown } from '../../helpers/zpl-image';
import { startZplStation, type ZplStation } from '../../helpers/zpl-station';

// Label templates on a ZPL printer (docs/print-run.md, "Templates", "Preflight"): a ZebraDesigner template printed on
// the test ZPL printer. Each position's format is the template's fixed parts as they stand with that position's values
// between them; its drawing decodes to them; a caret, tilde or underscore in a value stays data; an unknown
// placeholder is refused and nothing prints; a label whose code would not read is refused before the job starts.

const dir = tempDir('templates-zpl-');
afterAll(() => dir.remove());

const TEMPLATE = readFileSync(join(import.meta.dirname, '../../fixtures/templates/zebradesigner.zpl'), 'utf8');
// Serials carry ^, ~ and _: each must reach the printer as data, never as a command.
const SPEC = { count: 12, prefix: 'W^~_', digits: 4, qr: 'https://example.test/{serial}', dataMatrix: 'DM{serial}' };
const serial = (position: number) => `W^~_${String(position).padStart(4, '0')}`;
const qrOf = (position: number) => `https://example.test/${encodeURIComponent(serial(position))}`;

/** The label formats the printer received (a format with field data; the template's settings format has none). */
const labels = (printer: FakeZplPrinter) => printer.printed.filter((f) => f.includes('^FD'));

/** ^FH field data with `\` as its indicator, decoded. */
const unhex = (data: string) => data.replace(/\\([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

describe('label templates on a ZPL printer', () => {
  let bench: ZplStation;
  let t: TestStation;
  let printer: FakeZplPrinter;
  let reelId = '';
  beforeAll(async () => {
    bench = await startZplStation({
      dataDir: join(dir.path, 'station'),
      reel: 'Templated',
      tagTypes: ['TEXT', 'QR', 'DATA_MATRIX'],
      spec: SPEC,
      zebra: { stock: '50x30', dpi: 203 },
    });
    ({ t, printer, reelId } = bench);
  }, 60_000);
  afterAll(() => bench.close());

  it('adds a ZebraDesigner template: what it places, its codes, and the command that saves the printer’s settings', async () => {
    const added = await t.call('printRun.templateAdd', { name: 'designer', body: TEMPLATE, reelId });
    expect(added).toMatchObject({ name: 'designer', kind: 'zpl', codes: ['qr', 'dataMatrix'], missing: [] });
    expect(added.placeholders.sort()).toEqual(['data_matrix', 'position', 'qr', 'text']);
    expect(added.printerCommands).toEqual([{ command: '^JUS', what: expect.stringContaining('saves') as string }]);
    expect((await t.call('printRun.templates', {})).templates.map((x) => x.name)).toEqual(['designer']);
    expect((await t.call('printRun.templateShow', { name: 'designer' })).body).toBe(TEMPLATE);
  });

  it('names the values the Reel prints that a template has no place for', async () => {
    const added = await t.call('printRun.templateAdd', { name: 'no-dm', body: TEMPLATE.replace(/\^FO236.*\n/, ''), reelId });
    expect(added.missing).toEqual(['data_matrix']);
    expect(await t.call('printRun.templateRemove', { name: 'no-dm' })).toEqual({ removed: 'no-dm' });
  });

  it('refuses an unknown placeholder, naming it, and nothing prints', async () => {
    const error = await refusal(t.call('printRun.templateAdd', { name: 'lot', body: TEMPLATE.replace('LOT 7', 'LOT {lot}') }));
    expect(error.code).toBe('STATION_TEMPLATE_UNKNOWN_PLACEHOLDER');
    expect(error.detail).toEqual({ placeholder: 'lot' });
    expect(error.message).toContain('{lot}');
    const missing = await refusal(t.call('print.start', { reelId, printer: 'zebra', positions: { first: 1, last: 2 }, template: 'lot' }));
    expect(missing.code).toBe('STATION_NOT_FOUND');
    expect(printer.printed).toEqual([]);
  });

  it('prints with the template: each position’s fixed parts unchanged, its values as data, its drawing decoding to them', async () => {
    const job = await t.call('print.start', { reelId, printer: 'zebra', positions: { first: 1, last: 6 }, template: 'designer' });
    expect(job).toMatchObject({ state: 'done', printed: [[1, 6]] });
    // The setup (ZebraDesigner's prefix reset and settings format) went once, ahead of the first label, as it stands.
    const settings = printer.printed.filter((f) => !f.includes('^FD'));
    expect(settings).toEqual([/\^XA~TA000[\s\S]*?\^XZ/.exec(TEMPLATE)?.[0]]);
    const formats = labels(printer);
    expect(formats).toHaveLength(6);
    const fixed = /\^XA\n\^MMT[\s\S]*\^XZ/.exec(TEMPLATE)?.[0] as string;
    const pieces = fixed.split(/\{[a-z_]+\}/);
    for (const [i, format] of formats.entries()) {
      const position = i + 1;
      // The template's fixed parts, byte for byte, in order; between them this position's values, ^FH-escaped.
      let at = 0;
      const between: string[] = [];
      for (const [k, piece] of pieces.entries()) {
        const found = format.indexOf(piece, at);
        expect(found, `fixed part ${k} of position ${position}`).toBe(k === 0 ? 0 : found);
        if (k > 0) between.push(format.slice(at, found));
        at = found + piece.length;
      }
      expect(between.map(unhex)).toEqual([serial(position), qrOf(position), `DM${serial(position)}`, String(position)]);
      // No raw caret, tilde or underscore of a value reached the printer.
      expect(between.join('')).not.toMatch(/[\^~_]/);
      expect(await codesShown(format, { widthMm: 50, heightMm: 30 })).toMatchObject({ qr: qrOf(position), dataMatrix: `DM${serial(position)}` });
    }
    const log = await t.call('print.log', { reelId });
    expect(log.prints.map((p) => [p.position, p.template])).toEqual([1, 2, 3, 4, 5, 6].map((p) => [p, 'designer']));
  }, 60_000);

  it('a Reel keeps a template as its own: its reprint prints with it', async () => {
    expect(await t.call('printRun.reelTemplate', { reelId, template: 'designer' })).toEqual({ template: 'designer', missing: [] });
    const before = labels(printer).length;
    const job = await t.call('print.reprint', { reelId, position: 2, printer: 'zebra', reason: 'damaged' });
    expect(job.state).toBe('done');
    const [format] = labels(printer).slice(before);
    expect(format).toContain('^FH\\^FDPos 2^FS');
    expect((await t.call('print.log', { reelId, position: 2 })).prints.map((p) => p.template)).toEqual(['designer', 'designer']);
    await t.call('printRun.reelTemplate', { reelId, template: null });
  });

  it('preflight: a code that runs off the label is refused before the job, naming the position and why; nothing prints', async () => {
    // The Data Matrix moved to the label's right edge: the printer would cut it off.
    await t.call('printRun.templateAdd', { name: 'off-edge', body: TEMPLATE.replace('^FO236,60', '^FO380,60') });
    const before = printer.printed.length;
    const error = await refusal(t.call('print.start', { reelId, printer: 'zebra', positions: { first: 7, last: 8 }, template: 'off-edge' }));
    expect(error.code).toBe('STATION_PREFLIGHT_FAILED');
    expect(error.detail).toMatchObject({ position: 7, template: 'off-edge' });
    expect(error.message).toContain('Position 7: its Data Matrix could not be read');
    expect(printer.printed.length).toBe(before);
    expect((await t.call('print.log', { reelId })).prints.some((p) => p.position === 7)).toBe(false);
  });

  it('preflight: a module under 3 dots at the printer’s dpi is refused', async () => {
    await t.call('printRun.templateAdd', { name: 'tiny-qr', body: TEMPLATE.replace('^BQN,2,4', '^BQN,2,2') });
    const error = await refusal(t.call('print.start', { reelId, printer: 'zebra', positions: { first: 7, last: 8 }, template: 'tiny-qr' }));
    expect(error.code).toBe('STATION_PREFLIGHT_FAILED');
    expect(error.message).toContain("Position 7: its QR code's modules are 2.0 dots at 203 dpi, under 3");
  });

  it('preflight: a code carrying another value than the position’s print data is refused, naming both', async () => {
    await t.call('printRun.templateAdd', { name: 'serial-qr', body: TEMPLATE.replace('QA,{qr}', 'QA,{serial}') });
    const error = await refusal(t.call('print.start', { reelId, printer: 'zebra', positions: { first: 9, last: 9 }, template: 'serial-qr' }));
    expect(error.code).toBe('STATION_PREFLIGHT_FAILED');
    expect(error.message).toContain(`Position 9: its QR code reads ${JSON.stringify(serial(9))}, not ${JSON.stringify(qrOf(9))}`);
  });

  it('the preflight is a phase of the job: its progress as events under the job’s id, before the job’s own', async () => {
    const jobId = randomUUID();
    const seen: { name: string; state: string; checked?: number; count?: number }[] = [];
    const unsubscribe = t.station.subscribe((name, payload) => {
      const event = payload as { jobId?: string; state: string; checked?: number; count?: number };
      if ((name === 'print.preflight' || name === 'print.progress') && event.jobId === jobId) seen.push({ name, ...event });
    });
    try {
      const job = await t.call('print.start', { reelId, printer: 'zebra', positions: { first: 10, last: 12 }, template: 'designer', jobId });
      expect(job.state).toBe('done');
    } finally {
      unsubscribe();
    }
    const checks = seen.filter((e) => e.name === 'print.preflight');
    expect(checks[0]).toMatchObject({ state: 'checking', checked: 0, count: 3 });
    expect(checks.at(-1)).toMatchObject({ state: 'passed', checked: 3, count: 3 });
    const counts = checks.map((e) => e.checked ?? 0);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    // The job starts only once every label passed: its first progress comes after the check's end.
    expect(seen.findIndex((e) => e.name === 'print.progress')).toBe(checks.length);
  }, 60_000);

  it('the preflight is canceled by the job’s id: the job never starts, nothing is recorded or printed', async () => {
    const jobId = randomUUID();
    const before = printer.printed.length;
    const ends: { state: string; checked: number; count: number }[] = [];
    let canceled: Promise<{ canceled: boolean }> | undefined;
    const unsubscribe = t.station.subscribe((name, payload) => {
      const event = payload as { jobId?: string; state: string; checked: number; count: number };
      if (name !== 'print.preflight' || event.jobId !== jobId) return;
      // A person presses Cancel as soon as the check shows.
      canceled ??= t.call('print.cancelCheck', { jobId });
      if (event.state !== 'checking') ends.push(event);
    });
    try {
      const error = await refusal(t.call('print.start', { reelId, printer: 'zebra', template: 'designer', again: true, reason: 'other', jobId }));
      expect(error.code).toBe('STATION_PREFLIGHT_FAILED');
      expect(error.detail).toMatchObject({ case: 'canceled', template: 'designer' });
    } finally {
      unsubscribe();
    }
    expect(await canceled).toEqual({ canceled: true });
    expect(ends).toHaveLength(1);
    expect(ends[0]?.state).toBe('canceled');
    expect(ends[0]?.checked).toBeLessThan(12);
    expect(printer.printed.length).toBe(before);
    expect((await refusal(t.call('print.status', { jobId }))).code).toBe('STATION_NOT_FOUND');
    expect((await t.call('print.log', { reelId })).prints.some((p) => p.jobId === jobId)).toBe(false);
    // Nothing runs under that id any more.
    expect(await t.call('print.cancelCheck', { jobId })).toEqual({ canceled: false });
  }, 60_000);

  it('a cancel that lands as the check ends still keeps the job from starting: canceled means nothing prints', async () => {
    const jobId = randomUUID();
    const before = printer.printed.length;
    const states: string[] = [];
    let canceled: Promise<{ canceled: boolean }> | undefined;
    const unsubscribe = t.station.subscribe((name, payload) => {
      const event = payload as { jobId?: string; state: string; checked: number; count: number };
      if (name !== 'print.preflight' || event.jobId !== jobId) return;
      states.push(event.state);
      // Cancel pressed as the last label's check is told: after it no label is left to check before the job starts.
      if (event.state === 'checking' && event.checked === event.count) canceled ??= t.call('print.cancelCheck', { jobId });
    });
    try {
      const error = await refusal(
        t.call('print.start', { reelId, printer: 'zebra', positions: { first: 1, last: 1 }, template: 'designer', again: true, reason: 'other', jobId }),
      );
      expect(error.code).toBe('STATION_PREFLIGHT_FAILED');
      expect(error.detail).toMatchObject({ case: 'canceled', checked: 1 });
    } finally {
      unsubscribe();
    }
    expect(await canceled).toEqual({ canceled: true });
    expect(states.at(-1)).toBe('canceled');
    expect(states).not.toContain('passed');
    expect(printer.printed.length).toBe(before);
    expect((await t.call('print.log', { reelId })).prints.some((p) => p.jobId === jobId)).toBe(false);
  }, 60_000);
});
