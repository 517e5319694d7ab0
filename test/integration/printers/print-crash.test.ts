import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintJobView } from '../../../src-shared/ipc';
import { runStationAsync as cli, openStation } from '../../helpers/peer';
import { repoRoot } from '../../helpers/processes';
import { tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';
import type { FakeZplPrinter } from '../../helpers/zpl-printer';
import { startZplStation } from '../../helpers/zpl-station';

// The station killed (-9) during a 500-label ZPL job, and a job handed off with --no-wait (docs/printing.md, "Jobs",
// "After an interruption"): the printer prints on what it holds; after the restart the job is stopped with the split
// the printer's odometer gives, so resume prints exactly the rest: each position came out once, and the print log
// equals what came out.

const dir = tempDir('print-crash-');
afterAll(() => dir.remove());

const positionOf = (format: string) => Number(/\^FD#(\d+)\^FS/.exec(format)?.[1]);
const expand = (ranges: [number, number][]) => ranges.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i));

describe('a print job across a crash of the station', () => {
  let printer: FakeZplPrinter;
  let reelId = '';
  const data = join(dir.path, 'station');
  beforeAll(async () => {
    const bench = await startZplStation({
      dataDir: data,
      reel: 'Crash',
      tagTypes: ['TEXT', 'QR'],
      spec: { count: 520, prefix: 'K-', digits: 5, qr: 'https://example.test/{serial}' },
      zebra: {},
      labelMs: 6,
    });
    ({ printer, reelId } = bench);
    // The printing is the CLI's, in processes of their own: this station only set the folder up.
    await bench.t.close();
  }, 60_000);
  afterAll(() => printer.close());

  it('kill -9 mid-job: the printer finishes its buffer; the record is what it printed, and after resume each position came out once', async () => {
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'bin', 'station.mjs'), '--data', data, '--json', 'print', '--reel', reelId, '--printer', 'zebra', '--positions', '1-500'],
      {
        cwd: repoRoot,
        stdio: 'ignore',
      },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await until(() => printer.printed.length >= 120, { what: 'the printer to print 120 labels' });
    child.kill('SIGKILL');
    await exited;
    // What the printer had received when the station died it prints still, as a real one does (docs/printing.md).
    await until(() => printer.idle(), { what: 'the printer to finish what it holds' });

    const t = await openStation(data);
    try {
      const jobs = (await t.call('print.log', { reelId })).prints;
      const jobId = jobs[0]?.jobId as string;
      const stopped = await t.call('print.status', { jobId });
      expect(stopped).toMatchObject({ state: 'stopped', reason: 'the station stopped during the job', cause: 'station' });
      const recorded = expand(stopped.printed);
      const printedByPeer = printer.printed.map(positionOf);
      expect(recorded.length).toBeGreaterThan(0);
      // The record is exactly what the printer printed, its buffer after the station died included.
      expect(recorded).toEqual(printedByPeer);
      expect(stopped.unconfirmed).toEqual([]);
      expect((await t.call('print.log', { reelId })).prints.map((p) => p.position)).toEqual(recorded);
      expect([...recorded, ...expand(stopped.notPrinted)]).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));

      // The Print dialog shows it after the restart, with its split and Resume.
      expect(await t.call('print.interrupted', { reelId })).toMatchObject({ jobId, printed: stopped.printed, notPrinted: stopped.notPrinted });
      const before = printer.printed.length;
      const resumed = await t.call('print.resume', { jobId });
      expect(resumed).toMatchObject({ state: 'done', printed: stopped.notPrinted, notPrinted: [] });
      expect(printer.printed.slice(before).map(positionOf)).toEqual(expand(stopped.notPrinted));
      // Each position came out exactly once, and the log says so.
      expect(printer.printed.map(positionOf)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
      expect(await t.call('print.interrupted', { reelId })).toBeNull();
      expect((await t.call('print.log', { reelId })).prints.map((p) => p.position)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    } finally {
      await t.close();
    }
  });

  it('--no-wait answers at once with the job printing; the job ends done in a process of its own', async () => {
    const answer = await cli(['--data', data, '--json', 'print', '--reel', reelId, '--printer', 'zebra', '--positions', '501-520', '--no-wait']);
    expect(answer.code).toBe(0);
    const job = answer.json() as PrintJobView;
    expect(job).toMatchObject({ state: 'printing', positions: { first: 501, last: 520, count: 20 } });
    const done = await until(async () => {
      const status = await cli(['--data', data, '--json', 'print', 'status', job.jobId]);
      const view = status.json() as PrintJobView;
      return view.state === 'printing' ? undefined : view;
    });
    expect(done).toMatchObject({ state: 'done', printed: [[501, 520]] });

    const refused = await cli(['--data', data, '--json', 'print', '--reel', reelId, '--printer', 'zebra', '--positions', '520-520', '--no-wait']);
    expect(refused.code).toBe(1);
    expect((refused.json() as { error: { code: string } }).error.code).toBe('STATION_ALREADY_PRINTED');
  });
});
