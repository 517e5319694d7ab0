import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/tmp';
import { StationError } from '../../src-shared/ipc/envelope';
import { printRunZpl, writePrintRunZpl, zplFieldData } from './export-zpl';
import { generateRows, type PrintRunRow, type PrintRunSpecInput } from './generate';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => (dir = tempDir('print-run-zpl-')));
afterEach(() => dir.remove());

// --- a small ZPL reader: what a printer would take from each format ---------------------------------

interface ZplLabel {
  width: number;
  height: number;
  /** Text fields in order: the position, then TEXT. */
  texts: string[];
  qr?: string;
  qrMagnification?: number;
  dataMatrix?: string;
  dataMatrixModule?: number;
  barCode?: string;
  barModule?: number;
}

/** ^FH field data back to text: each _XX is one byte. */
function undoFieldHex(data: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < data.length;) {
    if (data[i] === '_' && /^[0-9A-Fa-f]{2}$/.test(data.slice(i + 1, i + 3))) {
      bytes.push(parseInt(data.slice(i + 1, i + 3), 16));
      i += 3;
    } else {
      const char = String.fromCodePoint(data.codePointAt(i) as number);
      bytes.push(...Buffer.from(char, 'utf8'));
      i += char.length;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function parseZpl(zpl: string): ZplLabel[] {
  // A format is ^XA … ^XZ; no data byte can be a ^ or ~, so splitting on commands is safe.
  expect(zpl).not.toMatch(/~/);
  const blocks = zpl.split('^XZ');
  expect(blocks.pop()?.trim()).toBe('');
  return blocks.map((block) => {
    expect(block.trim().startsWith('^XA')).toBe(true);
    const commands = block
      .split('^')
      .slice(1)
      .map((c) => c.replace(/\n$/, ''));
    const label: ZplLabel = { width: 0, height: 0, texts: [] };
    let field: { kind: 'text' | 'qr' | 'dataMatrix' | 'barCode'; hex: boolean } = { kind: 'text', hex: false };
    let barModule = 0;
    for (const command of commands) {
      const name = command.slice(0, 2);
      const args = command.slice(2);
      if (name === 'XA') expect(args.trim()).toBe('');
      else if (name === 'PW') label.width = Number(args);
      else if (name === 'LL') label.height = Number(args);
      else if (name === 'A0') field = { kind: 'text', hex: false };
      else if (name === 'BQ') {
        field = { kind: 'qr', hex: false };
        label.qrMagnification = Number(args.split(',')[2]);
      } else if (name === 'BX') {
        field = { kind: 'dataMatrix', hex: false };
        label.dataMatrixModule = Number(args.split(',')[1]);
        expect(args.split(',')[2]).toBe('200');
      } else if (name === 'BY') barModule = Number(args);
      else if (name === 'BC') {
        field = { kind: 'barCode', hex: false };
        label.barModule = barModule;
      } else if (name === 'FH') field.hex = true;
      else if (name === 'FD') {
        const data = field.hex ? undoFieldHex(args) : args;
        if (field.kind === 'text') label.texts.push(data);
        else if (field.kind === 'qr') {
          expect(data.startsWith('QA,')).toBe(true);
          label.qr = data.slice(3);
        } else if (field.kind === 'dataMatrix') label.dataMatrix = data;
        else {
          // Subset B start, and `><` for a literal `>`.
          expect(data.startsWith('>:')).toBe(true);
          label.barCode = data.slice(2).replace(/></g, '>');
        }
      } else if (name === 'FS') field = { kind: 'text', hex: false };
    }
    return label;
  });
}

function expectLabelsMatch(labels: ZplLabel[], rows: PrintRunRow[]): void {
  expect(labels.map((l) => ({ texts: l.texts, qr: l.qr, dataMatrix: l.dataMatrix, barCode: l.barCode }))).toEqual(
    rows.map((row) => ({ texts: [`#${row.position}`, row.text], qr: row.qr, dataMatrix: row.dataMatrix, barCode: row.barCode })),
  );
}

// Values made to break out of their fields: ZPL command prefixes, the ^FH escape itself, `>` for Code 128.
const HOSTILE: PrintRunSpecInput = {
  start: 41,
  count: 12,
  digits: 4,
  prefix: '^XZ~JA_',
  suffix: '>^',
  qr: 'https://example.test/{serial}',
  dataMatrix: '~{serial}^FS`|{position}',
  barCode: '>{number}^~_',
};

describe('ZPL export', () => {
  it('one ^XA…^XZ format per label; each field reads back as its row, however hostile the data', () => {
    const rows = [...generateRows(HOSTILE)];
    const zpl = printRunZpl(rows, { stock: '50x30' });
    const labels = parseZpl(zpl);
    expect(labels).toHaveLength(12);
    expectLabelsMatch(labels, rows);
    // The data only reaches the printer as hex escapes: a raw ^XZ or ~JA would end the label or cancel the job.
    expect(zpl.match(/\^XZ/g)).toHaveLength(12);
    expect(zpl).toContain('_5EXZ_7EJA_5F');
    // The Data Matrix value holds ` and |: the escape character the printer is given is one it does not.
    expect(zpl).toMatch(/\^BXN,\d+,200,,,,\{\^FH/);
  });

  it('^PW/^LL are the label in dots at 203 and 300 dpi; modules stay at 0.25 mm or more', () => {
    const rows = [...generateRows({ count: 3, qr: 'https://example.test/{serial}', dataMatrix: '{serial}', barCode: '{serial}' })];
    const at203 = parseZpl(printRunZpl(rows, { stock: '50x30' }));
    expect(at203.map((l) => [l.width, l.height])).toEqual([
      [400, 240],
      [400, 240],
      [400, 240],
    ]);
    const at300 = parseZpl(printRunZpl(rows, { stock: '70x37', dpi: 300 }));
    expect(at300.map((l) => [l.width, l.height])).toEqual([
      [827, 437],
      [827, 437],
      [827, 437],
    ]);
    const letter = parseZpl(printRunZpl(generateRows({ count: 1, qr: 'https://e.test/{serial}' }), { stock: '2x1in', dpi: 300 }));
    expect([letter[0]?.width, letter[0]?.height]).toEqual([600, 300]);
    for (const [labels, dpi] of [
      [at203, 203],
      [at300, 300],
    ] as const) {
      for (const label of labels) {
        for (const dots of [label.qrMagnification, label.dataMatrixModule, label.barModule]) {
          expect((dots as number) * (25.4 / dpi)).toBeGreaterThanOrEqual(0.25 - 1e-9);
        }
      }
    }
    expectLabelsMatch(at300, rows);
  });

  it('streams a file with the same formats (1,200 labels, several writes), whole or not at all', async () => {
    const spec: PrintRunSpecInput = { ...HOSTILE, count: 1200 };
    const path = join(dir.path, 'run.zpl');
    const written = await writePrintRunZpl(generateRows(spec), path, { stock: '70x37', dpi: 300 });
    expect(written.labels).toBe(1200);
    const zpl = readFileSync(path, 'utf8');
    expect(written.bytes).toBe(Buffer.byteLength(zpl));
    expect(zpl).toBe(printRunZpl(generateRows(spec), { stock: '70x37', dpi: 300 }));
    expectLabelsMatch(parseZpl(zpl), [...generateRows(spec)]);

    writeFileSync(path, 'earlier export');
    const failing = (function* () {
      yield* generateRows(spec);
      throw new Error('the store went away');
    })();
    await expect(writePrintRunZpl(failing, path, { stock: '70x37' })).rejects.toThrow('the store went away');
    expect(readFileSync(path, 'utf8')).toBe('earlier export');
    expect(readdirSync(dir.path)).toEqual(['run.zpl']);
  });

  it('refuses codes under 0.25 mm modules and an unknown dpi, saying what to do', () => {
    const rows = generateRows({ count: 2, prefix: 'A-LONG-PREFIX-', qr: 'https://example.test/a/long/path/{serial}', barCode: '{serial}' });
    const error = (() => {
      try {
        printRunZpl(rows, { stock: '2x1in', dpi: 300 });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(StationError);
    expect((error as StationError).message).toMatch(
      /^Position 1: the (QR code|Code 128 bar code) of ".+" \(\d+ modules wide\) needs [\d.]+ mm for modules of 3 dots \(0.25 mm or more\), and a 2x1in label leaves it [\d.]+ mm: use a larger label, fewer codes per label, or a shorter value\.$/,
    );
    // 600 dpi printers (Zebra ZT610 and the like): the label in dots at 600 dpi.
    expect(
      parseZpl(printRunZpl(generateRows({ count: 1, qr: 'https://e.test/{serial}' }), { stock: '50x30', dpi: 600 })).map((l) => [l.width, l.height]),
    ).toEqual([[1181, 709]]);
    expect(() => printRunZpl([], { stock: '50x30', dpi: 400 as 300 })).toThrow(
      'dpi 400 is not a Zebra print resolution this export knows: use 203, 300 or 600.',
    );
  });

  it('field data escapes exactly _, ^ and ~', () => {
    expect(zplFieldData('a_b^c~d>e,f')).toBe('a_5Fb_5Ec_7Ed>e,f');
    expect(undoFieldHex(zplFieldData('Größe_^~'))).toBe('Größe_^~');
  });
});
