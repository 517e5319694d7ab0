import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ZplRenderer from 'zpl-renderer-js';
import type { readBarcodes as ReadBarcodes } from 'zxing-wasm/reader';
import { openStation, type TestStation } from '../../helpers/peer';
import { tempDir } from '../../helpers/tmp';
import { startFakeZplPrinter, type FakeZplPrinter } from '../../helpers/zpl-printer';

// What a ZPL printer received, looked at as a printer would draw it (docs/testing.md, "Real parts", the ZPL label
// printer): each format is rendered to an image by zpl-renderer-js (Zebrash, ZPL drawn in Go's wasm, run in Node)
// and its codes decoded by zxing-wasm, so a label is checked by what it shows, not by the text of its fields.
// Each label's QR, Data Matrix and Code 128 carry its own position's values (docs/printing.md, "ZPL printers").

const dir = tempDir('print-zpl-image-');
afterAll(() => dir.remove());

const STOCK = { name: '70x37', widthMm: 70, heightMm: 37 };
const DOTS_PER_MM = 8; // 203 dpi
const LABELS = 6;
const SPEC = { count: LABELS, prefix: 'IMG-', digits: 4, qr: 'https://example.test/{serial}', dataMatrix: '{serial}/{position}', barCode: '{number}' };
const number = (position: number) => String(position).padStart(4, '0');
const valuesOf = (position: number): Codes => ({
  qr: `https://example.test/IMG-${number(position)}`,
  dataMatrix: `IMG-${number(position)}/${String(position)}`,
  barCode: number(position),
});

interface Codes {
  qr: string;
  dataMatrix: string;
  barCode: string;
}

let zxing: Promise<typeof ReadBarcodes> | undefined;
function loadZxing(): Promise<typeof ReadBarcodes> {
  zxing ??= (async () => {
    const { prepareZXingModule, readBarcodes } = await import('zxing-wasm/reader');
    const bytes = await readFile(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    await prepareZXingModule({ overrides: { wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) }, fireImmediately: true });
    return readBarcodes;
  })();
  return zxing;
}

/**
 * The renderer, loaded by Node's own require: its one file inlines an 8 MB wasm that Vite's transform would only slow
 * down (and look for a source map it lacks).
 */
function renderer(): typeof ZplRenderer {
  return createRequire(import.meta.url)('zpl-renderer-js') as typeof ZplRenderer;
}

/** The codes one `^XA … ^XZ` format shows once drawn: rendered to a PNG at the printer's resolution, then decoded. */
async function codesShown(format: string): Promise<Partial<Codes>> {
  const { zplToBase64Async } = renderer();
  const png = Buffer.from(await zplToBase64Async(format, STOCK.widthMm, STOCK.heightMm, DOTS_PER_MM), 'base64');
  const read = await loadZxing();
  const found = await read(new Blob([png]), { formats: ['QRCode', 'DataMatrix', 'Code128'], tryHarder: true, maxNumberOfSymbols: 3 });
  const codes: Partial<Codes> = {};
  for (const code of found) {
    if (code.format === 'QRCode') codes.qr = code.text;
    else if (code.format === 'DataMatrix') codes.dataMatrix = code.text;
    else if (code.format === 'Code128') codes.barCode = code.text;
  }
  return codes;
}

describe('a ZPL label drawn and decoded', () => {
  let t: TestStation;
  let printer: FakeZplPrinter;
  let reelId = '';
  beforeAll(async () => {
    printer = await startFakeZplPrinter({ labelMs: 4 });
    t = await openStation(join(dir.path, 'station'));
    await t.call('profiles.connect', { kind: 'sandbox' });
    ({ reelId } = await t.call('reels.create', {
      name: 'Drawn',
      expectedIdentifiers: [
        { tagType: 'TEXT', count: 1 },
        { tagType: 'QR', count: 1 },
        { tagType: 'DATA_MATRIX', count: 1 },
        { tagType: 'BAR_CODE', count: 1 },
      ],
    }));
    await t.call('printRun.generate', { reelId, spec: SPEC, expected: true });
    await t.call('printers.add', { name: 'zebra', zpl: printer.address, stock: STOCK.name, dpi: 203 });
  });
  afterAll(async () => {
    await t.close();
    await printer.close();
  });

  it('each label received shows its own position’s QR, Data Matrix and Code 128', async () => {
    const job = await t.call('print.start', { reelId, printer: 'zebra', positions: { first: 1, last: LABELS } });
    expect(job).toMatchObject({ state: 'done', printed: [[1, LABELS]] });
    expect(printer.printed).toHaveLength(LABELS);
    const shown: Partial<Codes>[] = [];
    for (const format of printer.printed) shown.push(await codesShown(format));
    expect(shown).toEqual(Array.from({ length: LABELS }, (_, i) => valuesOf(i + 1)));
  });

  it('a label carrying another position’s value is seen as such', async () => {
    // The check above reads the drawing, not the fields: the third label with the fourth's QR shows the fourth's.
    const third = printer.printed[2] as string;
    const swapped = third.replace(`IMG-${number(3)}`, `IMG-${number(4)}`);
    expect(swapped).not.toBe(third);
    const shown = await codesShown(swapped);
    expect(shown.qr).toBe(valuesOf(4).qr);
    expect(shown).not.toEqual(valuesOf(3));
  });
});
