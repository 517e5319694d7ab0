import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IppClient } from '../../../src-main/printers/ipp-client';
import { startIppEvePrinter, type IppEvePrinter } from '../../helpers/ippeveprinter';
import { openStation } from '../../helpers/peer';
import { repoRoot } from '../../helpers/processes';
import { tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';

// The station killed (-9) while an IPP printer (ippeveprinter) prints its job (docs/printing.md, "After an
// interruption"): the printer prints the job to its end; at the next start the station asks it (Get-Job-Attributes)
// and its answer is the record, so nothing is offered again that came out.

const dir = tempDir('print-ipp-crash-');
afterAll(() => dir.remove());

const SPEC = { count: 20, prefix: 'IPC-', digits: 4, qr: 'https://example.test/{serial}' };
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe('an IPP job across a crash of the station', () => {
  let printer: IppEvePrinter;
  let reelId = '';
  const data = join(dir.path, 'station');
  beforeAll(async () => {
    printer = await startIppEvePrinter(join(dir.path, 'printer'));
    const t = await openStation(data);
    await t.call('profiles.connect', { kind: 'sandbox' });
    ({ reelId } = await t.call('reels.create', {
      name: 'IPP crash',
      expectedIdentifiers: [
        { tagType: 'TEXT', count: 1 },
        { tagType: 'QR', count: 1 },
      ],
    }));
    await t.call('printRun.generate', { reelId, spec: SPEC, expected: true });
    await t.call('printers.add', { name: 'office', ipp: printer.uri, stock: '50x30', dpi: 300 });
    await t.close();
  }, 120_000);
  afterAll(() => printer?.close());

  it('kill -9 mid-job: the printer prints the job to its end, and at the next start its count is the record', async () => {
    printer.pageMs(150);
    const jobId = randomUUID();
    const child = spawn(
      process.execPath,
      [
        join(repoRoot, 'bin', 'station.mjs'),
        '--data',
        data,
        '--json',
        'print',
        '--reel',
        reelId,
        '--printer',
        'office',
        '--positions',
        '1-12',
        '--job-id',
        jobId,
      ],
      {
        cwd: repoRoot,
        stdio: 'ignore',
      },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const client = new IppClient(printer.uri);
    await until(async () => (await client.printerAttributes()).state === 'processing', { what: 'the printer to print the job' });
    child.kill('SIGKILL');
    await exited;
    // Nobody follows the job any more; the printer prints it to its end, as a real one does.
    await until(async () => (await client.printerAttributes()).state === 'idle', { what: 'the printer to finish the job', withinMs: 60_000 });

    const t = await openStation(data);
    try {
      const status = await t.call('print.status', { jobId });
      expect(status).toMatchObject({ state: 'stopped', reason: 'the station stopped during the job', printed: [[1, 12]], notPrinted: [], unconfirmed: [] });
      expect((await t.call('print.log', { reelId })).prints.map((p) => p.position)).toEqual(range(1, 12));
      // Nothing is left to resume: printing 1–12 again would make duplicates.
      await expect(t.call('print.resume', { jobId })).rejects.toThrow(/only a stopped job with positions not printed/);
    } finally {
      await t.close();
    }
  });
});
