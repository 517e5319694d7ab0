import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/tmp';
import { codesShown, type CodesShown } from '../../helpers/zpl-image';
import { startZplStation, type ZplStation } from '../../helpers/zpl-station';

// What a ZPL printer received, looked at as the printer draws it (test/helpers/zpl-image.ts): each format rendered
// to an image and its codes decoded. Each label's QR, Data Matrix and Code 128 carry its own position's values
// (docs/printing.md, "ZPL printers"), in the order printed.

const dir = tempDir('print-zpl-image-');
afterAll(() => dir.remove());

const MEDIA = { widthMm: 70, heightMm: 37 };
const LABELS = 6;
const SPEC = { count: LABELS, prefix: 'IMG-', digits: 4, qr: 'https://example.test/{serial}', dataMatrix: '{serial}/{position}', barCode: '{number}' };
const number = (position: number) => String(position).padStart(4, '0');
const valuesOf = (position: number): CodesShown => ({
  qr: `https://example.test/IMG-${number(position)}`,
  dataMatrix: `IMG-${number(position)}/${String(position)}`,
  barCode: number(position),
});

describe('a ZPL label drawn and decoded', () => {
  let bench: ZplStation;
  beforeAll(async () => {
    bench = await startZplStation({
      dataDir: join(dir.path, 'station'),
      reel: 'Drawn',
      tagTypes: ['TEXT', 'QR', 'DATA_MATRIX', 'BAR_CODE'],
      spec: SPEC,
      zebra: { stock: `${String(MEDIA.widthMm)}x${String(MEDIA.heightMm)}`, dpi: 203 },
    });
  });
  afterAll(() => bench.close());

  it('each label received shows its own position’s QR, Data Matrix and Code 128', async () => {
    const job = await bench.t.call('print.start', { reelId: bench.reelId, printer: 'zebra', positions: { first: 1, last: LABELS } });
    expect(job).toMatchObject({ state: 'done', printed: [[1, LABELS]] });
    expect(bench.printer.printed).toHaveLength(LABELS);
    const shown: CodesShown[] = [];
    for (const format of bench.printer.printed) shown.push(await codesShown(format, MEDIA));
    expect(shown).toEqual(Array.from({ length: LABELS }, (_, i) => valuesOf(i + 1)));
  });

  it('a label carrying another position’s value is seen as such', async () => {
    // The check above reads the drawing, not the fields: the third label with the fourth's serial shows the fourth's.
    const third = bench.printer.printed[2] as string;
    const swapped = third.replace(`IMG-${number(3)}`, `IMG-${number(4)}`);
    expect(swapped).not.toBe(third);
    const shown = await codesShown(swapped, MEDIA);
    expect(shown.qr).toBe(valuesOf(4).qr);
    expect(shown).not.toEqual(valuesOf(3));
  });
});
