import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIppEvePrinter, type IppEvePrinter } from '../../helpers/ippeveprinter';
import { openStation, type TestStation } from '../../helpers/peer';
import { refusal } from '../../helpers/refusal';
import { tempDir } from '../../helpers/tmp';
import { loadZxing } from '../../helpers/zxing';

// An SVG label template on a real IPP Everywhere printer (docs/print-run.md, "Templates"): ippeveprinter receives the
// PDF, one page per label at the stock's size; every page (pdftoppm) decodes to its position's QR value. An SVG that
// would run a script, load another file or declare entities is refused when added.

const dir = tempDir('templates-svg-');
afterAll(() => dir.remove());

const TEMPLATE = readFileSync(join(import.meta.dirname, '../../fixtures/templates/label.svg'), 'utf8');
const SPEC = { count: 10, prefix: 'SVG<&>', digits: 4, qr: 'https://example.test/{serial}' };
const serial = (position: number) => `SVG<&>${String(position).padStart(4, '0')}`;
const qrOf = (position: number) => `https://example.test/${encodeURIComponent(serial(position))}`;

async function pageQrs(pdf: string, out: string): Promise<string[]> {
  execFileSync('pdftoppm', ['-r', '300', '-png', pdf, join(out, 'page')]);
  const pages = readdirSync(out)
    .filter((f) => /^page-\d+\.png$/.test(f))
    .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]));
  const read = await loadZxing();
  const qrs: string[] = [];
  for (const page of pages) qrs.push((await read(new Blob([readFileSync(join(out, page))]), { formats: ['QRCode'] }))[0]?.text ?? '');
  return qrs;
}

describe('an SVG label template on an IPP printer (ippeveprinter)', () => {
  let t: TestStation;
  let printer: IppEvePrinter;
  let reelId = '';
  beforeAll(async () => {
    printer = await startIppEvePrinter(join(dir.path, 'printer'));
    t = await openStation(join(dir.path, 'station'));
    await t.call('profiles.connect', { kind: 'sandbox' });
    ({ reelId } = await t.call('reels.create', {
      name: 'Brand',
      expectedIdentifiers: [
        { tagType: 'TEXT', count: 1 },
        { tagType: 'QR', count: 1 },
      ],
    }));
    await t.call('printRun.generate', { reelId, spec: SPEC, expected: true });
    await t.call('printers.add', { name: 'press', ipp: printer.uri, stock: '50x30', dpi: 300 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await printer?.close();
  });

  it.each([
    ['a script', TEMPLATE.replace('</svg>', '<script>fetch("http://x.test")</script></svg>'), '<script>'],
    ['an event handler', TEMPLATE.replace('<rect x="0"', '<rect onload="alert(1)" x="0"'), 'onload'],
    ['an image linked from a file', TEMPLATE.replace('</svg>', '<image href="file:///etc/passwd" width="1" height="1"/></svg>'), 'file:///etc/passwd'],
    ['an image from an address', TEMPLATE.replace('</svg>', '<image xlink:href="http://x.test/a.png"/></svg>'), 'http://x.test/a.png'],
    ['a style loading from outside', TEMPLATE.replace('</svg>', '<style>@import url(http://x.test/a.css);</style></svg>'), '@import'],
    ['an entity declaration', TEMPLATE.replace('<svg', '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg'), 'entities'],
  ])('refuses %s when added', async (_, body, named) => {
    const error = await refusal(t.call('printRun.templateAdd', { name: 'unsafe', body }));
    expect(error.code).toBe('STATION_TEMPLATE_UNSAFE');
    expect(error.message).toContain(named);
    expect((await t.call('printRun.templates', {})).templates).toEqual([]);
  });

  it('adds the SVG template: its placeholders and the code drawn into <rect id="qr">', async () => {
    const added = await t.call('printRun.templateAdd', { name: 'brand', body: TEMPLATE, reelId });
    expect(added).toMatchObject({ kind: 'svg', codes: ['qr'], printerCommands: [], missing: [] });
    expect(added.placeholders.sort()).toEqual(['position', 'text']);
  });

  it('prints one page per label at the stock size; each page decodes to its position’s value', async () => {
    const job = await t.call('print.start', { reelId, printer: 'press', positions: { first: 1, last: 5 }, template: 'brand' });
    expect(job).toMatchObject({ state: 'done', printed: [[1, 5]] });
    const [pdf] = printer.received();
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(execFileSync('pdfinfo', [pdf as string], { encoding: 'utf8' }));
    expect([Math.round(Number(size?.[1])), Math.round(Number(size?.[2]))]).toEqual([142, 85]);
    const pages = join(dir.path, 'pages');
    mkdirSync(pages);
    expect(await pageQrs(pdf as string, pages)).toEqual([1, 2, 3, 4, 5].map(qrOf));
    expect((await t.call('print.log', { reelId })).prints.map((p) => p.template)).toEqual(Array(5).fill('brand'));
  }, 60_000);

  it('the preview draws the first labels as they will print, the values XML-escaped into the text', async () => {
    const preview = await t.call('printRun.templatePreview', { reelId, template: 'brand', printer: 'press', count: 2 });
    expect(preview).toMatchObject({ kind: 'svg', stock: '50x30', dpi: 300 });
    expect(preview.labels.map((l) => [l.position, l.findings])).toEqual([
      [1, []],
      [2, []],
    ]);
    const read = await loadZxing();
    const found = await read(new Blob([Buffer.from(preview.labels[0]?.png ?? '', 'base64')]), { formats: ['QRCode'] });
    expect(found[0]?.text).toBe(qrOf(1));
  });

  it('preflight: a code box too small for modules of 3 dots is refused, naming the position', async () => {
    await t.call('printRun.templateAdd', { name: 'small', body: TEMPLATE.replace('width="21" height="21"', 'width="7" height="7"') });
    const error = await refusal(t.call('print.start', { reelId, printer: 'press', positions: { first: 6, last: 7 }, template: 'small' }));
    expect(error.code).toBe('STATION_PREFLIGHT_FAILED');
    expect(error.message).toMatch(/Position 6: its QR code's modules are [\d.]+ dots at 300 dpi, under 3/);
    expect(printer.received()).toHaveLength(1);
  });
});
