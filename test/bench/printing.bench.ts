import { execFile } from 'node:child_process';
import { copyFileSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startIppEvePrinter, type IppEvePrinter } from '../helpers/ippeveprinter';
import { openStation, type TestStation } from '../helpers/peer';
import { tempDir } from '../helpers/tmp';
import { startFakeZplPrinter, type FakeZplPrinter } from '../helpers/zpl-printer';
import type { Bench } from './harness';

// 1,000 labels printed on the ZPL printer of test/helpers (docs/printing.md, "Jobs"): the station's job (window of
// formats ahead of what ~HS confirms, every label recorded as confirmed) beside the same bytes written to its socket
// at once and waited for, in the same run. The printer's own pace (LABEL_MS) bounds both.
//
// 200 labels as PDF to a real IPP Everywhere printer (ippeveprinter, its marking engine PAGE_MS a page): the station's
// job (the proof PDF made for the stock, Print-Job, Get-Job-Attributes every 150 ms, each page recorded as confirmed)
// beside CUPS's `ipptool` sending the same file with Print-Job and polling Get-Job-Attributes at the same interval
// until the job completed, in the same run.

const LABELS = 1_000;
const LABEL_MS = 4;
const IPP_LABELS = 200;
const PAGE_MS = 20;

// ipptool's Print-Job, then Get-Job-Attributes every 0.15 s (the station's poll) until the job ended.
const IPPTOOL_TEST = `{
  NAME "Print-Job"
  OPERATION Print-Job
  GROUP operation-attributes-tag
  ATTR charset attributes-charset utf-8
  ATTR language attributes-natural-language en
  ATTR uri printer-uri $uri
  ATTR name requesting-user-name bench
  ATTR mimeMediaType document-format application/pdf
  FILE $filename
  STATUS successful-ok
  EXPECT job-id
}
{
  NAME "Wait for the job to complete"
  OPERATION Get-Job-Attributes
  DELAY "0,0.15"
  GROUP operation-attributes-tag
  ATTR charset attributes-charset utf-8
  ATTR language attributes-natural-language en
  ATTR uri printer-uri $uri
  ATTR integer job-id $job-id
  ATTR name requesting-user-name bench
  STATUS successful-ok
  EXPECT job-state WITH-VALUE 9 REPEAT-NO-MATCH REPEAT-LIMIT 100000
}
`;

/** The station's 200-label PDF job, then ipptool's print of the same file; ms each. */
async function ippFigures(t: TestStation, printer: IppEvePrinter, dir: string): Promise<{ stationMs: number; rawMs: number }> {
  const { reelId } = await t.call('reels.create', {
    name: 'Bench IPP',
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  });
  await t.call('printRun.generate', { reelId, spec: { count: IPP_LABELS, prefix: 'I-', digits: 6, qr: 'https://example.test/{serial}' }, expected: true });
  await t.call('printers.add', { name: 'ipp', ipp: printer.uri });
  printer.pageMs(PAGE_MS);
  const started = performance.now();
  const job = await t.call('print.start', { reelId, printer: 'ipp' });
  const stationMs = performance.now() - started;
  if (job.state !== 'done') throw new Error(`the IPP job ended ${job.state}: ${job.reason ?? ''}`);
  // The station sent the labels in parts (docs/printing.md, "What a printer gets"): the baseline prints the same pages
  // as one file, as a person would print the exported PDF.
  const parts = printer
    .received()
    .map((f) => ({ f, at: statSync(f).mtimeMs }))
    .sort((a, b) => a.at - b.at)
    .map((r) => r.f);
  if (!parts.length) throw new Error('the IPP printer kept no file of the job');
  const whole = join(dir, 'labels.pdf');
  if (parts.length > 1) await promisify(execFile)('pdfunite', [...parts, whole]);
  else copyFileSync(parts[0] as string, whole);
  const pages = Number(/Pages:\s+(\d+)/.exec((await promisify(execFile)('pdfinfo', [whole])).stdout)?.[1]);
  if (pages !== IPP_LABELS) throw new Error(`the printer received ${pages} pages, not ${IPP_LABELS}`);
  const test = join(dir, 'print-and-wait.test');
  writeFileSync(test, IPPTOOL_TEST);
  const rawStarted = performance.now();
  const { stdout } = await promisify(execFile)('ipptool', ['-t', '-T', '60', '-f', whole, printer.uri, test]);
  const rawMs = performance.now() - rawStarted;
  // ipptool may end 0 on a test file it could not read: only its summary says both requests passed.
  if (!/2 passed, 0 failed/.test(stdout)) throw new Error(`ipptool did not print and wait: ${stdout}`);
  return { stationMs, rawMs };
}

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
    let ipp: IppEvePrinter | undefined;
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
      ipp = await startIppEvePrinter(join(dir.path, 'ipp'));
      const figures = await ippFigures(t, ipp, dir.path);
      return [
        {
          name: `${LABELS} labels to the ZPL printer (${LABEL_MS} ms a label), labels/s`,
          value: (LABELS / stationMs) * 1000,
          unit: 'labels/s',
          better: 'higher',
          baseline: { name: 'the same bytes written to its socket at once', value: (LABELS / rawMs) * 1000 },
          target: '≥ 0.9 of raw',
        },
        {
          name: `${IPP_LABELS} labels as PDF to ippeveprinter (${PAGE_MS} ms a page), labels/s`,
          value: (IPP_LABELS / figures.stationMs) * 1000,
          unit: 'labels/s',
          better: 'higher',
          baseline: { name: 'ipptool print-job of the same file, polled as often', value: (IPP_LABELS / figures.rawMs) * 1000 },
          target: '≥ 0.8 of raw',
        },
      ];
    } finally {
      await t.close();
      await ipp?.close();
      await printer.close();
      dir.remove();
    }
  },
};
