import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printEvents, type PrintProgress } from '../../../src-shared/ipc';
import { runStationAsync as cli, type TestStation } from '../../helpers/peer';
import { tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';
import type { FakeZplPrinter } from '../../helpers/zpl-printer';
import { startZplStation, type ZplStation } from '../../helpers/zpl-station';

// A print job's progress as the UI gets it (docs/printing.md, "Progress"): `print.progress` events, each valid against
// the contract, as the printer confirms labels; the stop with its cause and the printer's reason keywords; and a job a
// CLI process runs on the same data folder, seen by a host that watches the folder.

const dir = tempDir('print-progress-');
afterAll(() => dir.remove());

describe('print progress events', () => {
  let bench: ZplStation;
  let t: TestStation;
  let printer: FakeZplPrinter;
  let reelId = '';
  const events: PrintProgress[] = [];
  beforeAll(async () => {
    bench = await startZplStation({
      dataDir: join(dir.path, 'station'),
      station: { watchOtherProcesses: true },
      reel: 'Progress',
      tagTypes: ['TEXT', 'QR'],
      spec: { count: 80, prefix: 'P-', digits: 4, qr: 'https://example.test/{serial}' },
      zebra: {},
      labelMs: 15,
    });
    ({ t, printer, reelId } = bench);
    t.station.subscribe((name, payload) => {
      if (name === 'print.progress') events.push(printEvents['print.progress'].parse(payload));
    });
  }, 60_000);
  afterAll(() => bench.close());

  it('tells the start, the positions as they print, and the end with the split', async () => {
    events.length = 0;
    const job = await t.call('print.start', { reelId, printer: 'zebra', positions: { first: 1, last: 30 } });
    expect(job.state).toBe('done');
    const mine = events.filter((e) => e.jobId === job.jobId);
    expect(mine[0]).toMatchObject({ state: 'printing', reelId, current: 1, done: 0, printed: [], notPrinted: [[1, 30]] });
    const moving = mine.filter((e) => e.state === 'printing' && e.done > 0);
    expect(moving.length).toBeGreaterThan(0);
    // The position printing is the first one not confirmed, and the count only grows.
    for (const e of moving) expect(e.current).toBe(e.done + 1);
    expect(moving.map((e) => e.done)).toEqual([...moving.map((e) => e.done)].sort((a, b) => a - b));
    expect(mine.at(-1)).toMatchObject({ state: 'done', current: null, done: 30, printed: [[1, 30]], notPrinted: [] });
  });

  it('a stop says its cause and the printer’s reasons', async () => {
    events.length = 0;
    printer.paperOutAfter(4);
    const job = await t.call('print.start', { reelId, printer: 'zebra', positions: { first: 31, last: 40 } });
    expect(job.state).toBe('stopped');
    expect(events.filter((e) => e.jobId === job.jobId).at(-1)).toMatchObject({
      state: 'stopped',
      cause: 'printer',
      reasons: ['media-empty'],
      printed: [[31, 34]],
      notPrinted: [[35, 40]],
    });
    printer.loadPaper();
    // Slow labels: the person's stop comes while the resumed job prints.
    printer.labelMs = 300;
    events.length = 0;
    const running = await t.call('print.resume', { jobId: job.jobId, wait: false });
    const stopped = await t.call('print.stop', { jobId: running.jobId });
    printer.labelMs = 15;
    expect(stopped.state).toBe('stopped');
    expect(events.filter((e) => e.jobId === running.jobId).at(-1)).toMatchObject({ state: 'stopped', cause: 'stopped' });
  });

  it('a job a CLI process runs on the data folder is told too', async () => {
    events.length = 0;
    const answer = await cli(['--data', join(dir.path, 'station'), '--json', 'print', '--reel', reelId, '--printer', 'zebra', '--positions', '61-80']);
    expect(answer.code).toBe(0);
    const { jobId } = answer.json() as { jobId: string };
    const last = await until(() => events.filter((e) => e.jobId === jobId).find((e) => e.state === 'done'), { what: 'the CLI job told done' });
    expect(last).toMatchObject({ state: 'done', printed: [[61, 80]], done: 20 });
  });
});
