import { connect } from 'node:net';
import { join } from 'node:path';
import { openStation } from '../helpers/peer';
import { tempDir } from '../helpers/tmp';
import { startFakeZplPrinter, type FakeZplPrinter } from '../helpers/zpl-printer';
import type { Bench } from './harness';

// 1,000 labels printed on the ZPL printer of test/helpers (docs/printing.md, "Jobs"): the station's job (window of
// formats ahead of what ~HS confirms, every label recorded as confirmed) beside the same bytes written to its socket
// at once and waited for, in the same run. The printer's own pace (LABEL_MS) bounds both.

const LABELS = 1_000;
const LABEL_MS = 4;

async function rawPrint(printer: FakeZplPrinter, formats: string[]): Promise<number> {
  const before = printer.printed.length;
  const started = performance.now();
  const socket = connect({ host: '127.0.0.1', port: printer.port });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(formats.join(''));
  while (printer.printed.length < before + formats.length) await new Promise((r) => setTimeout(r, 5));
  const ms = performance.now() - started;
  socket.destroy();
  return ms;
}

export const printingBench: Bench = {
  name: 'printing',
  async run() {
    const dir = tempDir('station-bench-printing-');
    const printer = await startFakeZplPrinter({ labelMs: LABEL_MS });
    const t = await openStation(join(dir.path, 'station'));
    try {
      await t.call('profiles.connect', { kind: 'sandbox' });
      const { reelId } = await t.call('reels.create', {
        name: 'Bench',
        expectedIdentifiers: [
          { tagType: 'TEXT', count: 1 },
          { tagType: 'QR', count: 1 },
        ],
      });
      await t.call('printRun.generate', { reelId, spec: { count: LABELS, prefix: 'B-', digits: 6, qr: 'https://example.test/{serial}' }, expected: true });
      await t.call('printers.add', { name: 'zebra', zpl: printer.address });

      const started = performance.now();
      const job = await t.call('print.start', { reelId, printer: 'zebra' });
      const stationMs = performance.now() - started;
      if (job.state !== 'done') throw new Error(`the job ended ${job.state}: ${job.reason ?? ''}`);
      const formats = printer.printed.slice(-LABELS);
      const rawMs = await rawPrint(printer, formats);
      return [
        {
          name: `${LABELS} labels to the ZPL printer (${LABEL_MS} ms a label), labels/s`,
          value: (LABELS / stationMs) * 1000,
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
