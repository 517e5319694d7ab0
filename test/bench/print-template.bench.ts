import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { openStation } from '../helpers/peer';
import { tempDir } from '../helpers/tmp';
import { startFakeZplPrinter, type FakeZplPrinter } from '../helpers/zpl-printer';
import type { Bench } from './harness';

// Label templates (docs/print-run.md, "Templates", "Preflight"): the preflight of 1,000 labels inside a job of a ZebraDesigner
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

      // The job's phases from its own events (docs/print-run.md, "Preflight"): the check of every label, then the job,
      // which starts only once every label passed, so the two are measured apart.
      const jobId = randomUUID();
      let checkStarted = 0;
      let checkEnded = 0;
      let jobEnded = 0;
      let cpuAtStart = process.cpuUsage();
      let checkCpuMs = 0;
      const unsubscribe = t.station.subscribe((name, payload) => {
        const event = payload as { jobId?: string; state: string };
        if (event.jobId !== jobId) return;
        if (name === 'print.preflight' && event.state === 'checking' && !checkStarted) {
          checkStarted = performance.now();
          cpuAtStart = process.cpuUsage();
        }
        if (name === 'print.preflight' && event.state === 'passed') {
          checkEnded = performance.now();
          const used = process.cpuUsage(cpuAtStart);
          checkCpuMs = (used.user + used.system) / 1000;
        }
        if (name === 'print.progress' && event.state !== 'printing') jobEnded = performance.now();
      });
      const printMs = (LABELS / PRINTER_LABELS_PER_S) * 1000;
      const started = performance.now();
      const job = await t.call('print.start', { reelId, printer: 'zebra', template: 'designer', jobId });
      const stationMs = performance.now() - started;
      unsubscribe();
      if (job.state !== 'done') throw new Error(`the job ended ${job.state}: ${job.reason ?? ''}`);
      if (!checkEnded || !jobEnded) throw new Error('the job told no end of its preflight or of itself');
      const preflightMs = checkEnded - checkStarted;
      const jobMs = jobEnded - checkEnded;
      const formats = printer.printed.slice(-LABELS - 1);
      const rawMs = await rawPrint(printer, formats.join(''), formats.length);
      return [
        { name: `preflight of ${LABELS} labels (ZPL template, QR + Data Matrix decoded), ms`, value: preflightMs, unit: 'ms', better: 'lower' },
        {
          // CPU time of the process during the preflight: what the preflight costs, less swayed than its wall time by the
          // other work of a shared machine.
          name: `preflight's CPU time per label (this process), ms`,
          value: checkCpuMs / LABELS,
          unit: 'ms',
          better: 'lower',
        },
        {
          name: `preflight's share of printing ${LABELS} labels at ${PRINTER_LABELS_PER_S} labels/s, %`,
          value: (preflightMs / printMs) * 100,
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
          // the job's own part, from its preflight's end to its own (its events), every label confirmed by the printer.
          name: `${LABELS} labels with a template, the job after its preflight (its events), labels/s`,
          value: (LABELS / jobMs) * 1000,
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
