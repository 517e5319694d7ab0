import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { TemplateDrawer, preflight, type PrintRunRow } from '../../src-main/print-run';
import { openStation } from '../helpers/peer';
import { tempDir } from '../helpers/tmp';
import { startFakeZplPrinter, type FakeZplPrinter } from '../helpers/zpl-printer';
import type { Bench } from './harness';

// Label templates (docs/print-run.md, "Templates", "Preflight"): the preflight of 1,000 labels of a ZebraDesigner
// template (each drawn by zpl-renderer-js and its QR and Data Matrix decoded by zxing-wasm), and its share of the time
// a 6 labels/s printer takes for them; then 1,000 labels printed with the template on the ZPL printer of test/helpers
// (preflight, job, every label confirmed) beside the same bytes written to its socket at once, in the same run.

const LABELS = 1_000;
const LABEL_MS = 4;
const PRINTER_LABELS_PER_S = 6;
const TEMPLATE = readFileSync(join(import.meta.dirname, '../fixtures/templates/zebradesigner.zpl'), 'utf8');
const SPEC = { count: LABELS, prefix: 'T-', digits: 6, qr: 'https://example.test/{serial}', dataMatrix: 'DM{serial}' };

async function rawPrint(printer: FakeZplPrinter, bytes: string, formats: number): Promise<number> {
  const before = printer.printed.length;
  const started = performance.now();
  const socket = connect({ host: '127.0.0.1', port: printer.port });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(bytes);
  while (printer.printed.length < before + formats) await new Promise((r) => setTimeout(r, 5));
  const ms = performance.now() - started;
  socket.destroy();
  return ms;
}

export const printTemplateBench: Bench = {
  name: 'print template',
  async run() {
    const dir = tempDir('station-bench-template-');
    const printer = await startFakeZplPrinter({ labelMs: LABEL_MS });
    const t = await openStation(join(dir.path, 'station'));
    try {
      await t.call('profiles.connect', { kind: 'sandbox' });
      const { reelId } = await t.call('reels.create', {
        name: 'Bench template',
        expectedIdentifiers: [
          { tagType: 'TEXT', count: 1 },
          { tagType: 'QR', count: 1 },
          { tagType: 'DATA_MATRIX', count: 1 },
        ],
      });
      await t.call('printRun.generate', { reelId, spec: SPEC, expected: true });
      await t.call('printRun.templateAdd', { name: 'designer', body: TEMPLATE });
      await t.call('printers.add', { name: 'zebra', zpl: printer.address, stock: '50x30', dpi: 203 });

      // The preflight alone, on the rows the job prints (the print run's own rows).
      const rows: PrintRunRow[] = Array.from({ length: LABELS }, (_, i) => {
        const serial = `T-${String(i + 1).padStart(6, '0')}`;
        return { position: i + 1, serial, text: serial, qr: `https://example.test/${serial}`, dataMatrix: `DM${serial}` };
      });
      const report = await preflight(new TemplateDrawer(TEMPLATE, { stock: '50x30', dpi: 203 }), rows);
      if (report.findings.length) throw new Error(`the preflight found ${report.findings.length} problems: ${report.findings[0]?.why ?? ''}`);
      const printMs = (LABELS / PRINTER_LABELS_PER_S) * 1000;

      const started = performance.now();
      const job = await t.call('print.start', { reelId, printer: 'zebra', template: 'designer' });
      const stationMs = performance.now() - started;
      if (job.state !== 'done') throw new Error(`the job ended ${job.state}: ${job.reason ?? ''}`);
      const formats = printer.printed.slice(-LABELS - 1);
      const rawMs = await rawPrint(printer, formats.join(''), formats.length);
      return [
        { name: `preflight of ${LABELS} labels (ZPL template, QR + Data Matrix decoded), ms`, value: report.ms, unit: 'ms', better: 'lower' },
        {
          name: `preflight's share of printing ${LABELS} labels at ${PRINTER_LABELS_PER_S} labels/s, %`,
          value: (report.ms / printMs) * 100,
          unit: '%',
          better: 'lower',
        },
        {
          name: `${LABELS} labels with a template to the ZPL printer (${LABEL_MS} ms a label), preflight included, labels/s`,
          value: (LABELS / stationMs) * 1000,
          unit: 'labels/s',
          better: 'higher',
          baseline: { name: 'the same bytes written to its socket at once', value: (LABELS / rawMs) * 1000 },
          target: '≥ 0.9 of raw',
        },
        {
          // The job must not start before every label passed, so the preflight cannot overlap the printing: this row is
          // the job's own part, the whole less the preflight measured above on the same rows.
          name: `${LABELS} labels with a template, the job after its preflight (whole − preflight above), labels/s`,
          value: (LABELS / Math.max(1, stationMs - report.ms)) * 1000,
          unit: 'labels/s',
          better: 'higher',
          baseline: { name: 'the same bytes written to its socket at once', value: (LABELS / rawMs) * 1000 },
          target: '≥ 0.9 of raw',
        },
      ];
    } finally {
      await t.close();
      await printer.close();
      dir.remove();
    }
  },
};
