import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printEvents, type PrinterView } from '../../../src-shared/ipc';
import { tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';
import type { FakeZplPrinter } from '../../helpers/zpl-printer';
import { startZplStation, type ZplStation } from '../../helpers/zpl-station';

// Printer states that are live (docs/printing.md, "Printer states"): while watched (printers.watch, as a screen that
// shows printers renews it) each change of a printer's state comes as the `printers.changed` event, valid against the
// contract, within 5 s: paper out, paper back, and a printer gone.

const dir = tempDir('printer-watch-');
afterAll(() => dir.remove());

describe('printers watched', () => {
  let bench: ZplStation;
  let printer: FakeZplPrinter;
  const events: PrinterView[] = [];
  beforeAll(async () => {
    bench = await startZplStation({
      dataDir: join(dir.path, 'station'),
      reel: 'Watch',
      tagTypes: ['TEXT', 'QR'],
      spec: { count: 5, prefix: 'W-', digits: 4, qr: 'https://example.test/{serial}' },
      zebra: {},
    });
    ({ printer } = bench);
    bench.t.station.subscribe((name, payload) => {
      if (name === 'printers.changed') events.push(printEvents['printers.changed'].parse(payload));
    });
  }, 60_000);
  afterAll(() => bench.close());

  /** The first state told of "zebra" since event `since` that is `state` (the watch renewed meanwhile, as a screen does). */
  async function told(state: PrinterView['state'], since: number): Promise<PrinterView> {
    return until(
      async () => {
        await bench.t.call('printers.watch', {});
        return events.slice(since).find((e) => e.name === 'zebra' && e.state === state);
      },
      { what: `printers.changed saying ${state}`, withinMs: 15_000 },
    );
  }

  it('tells paper out, paper back and a printer that cannot be reached, each as it happens', async () => {
    expect(await bench.t.call('printers.watch', {})).toEqual({ watchingMs: 10_000 });
    await told('idle', 0);

    let since = events.length;
    let at = Date.now();
    printer.paperOutAfter(0);
    const out = await told('stopped', since);
    expect(out.reasons).toContain('media-empty');
    expect(Date.now() - at).toBeLessThan(5_000);

    since = events.length;
    at = Date.now();
    printer.loadPaper();
    await told('idle', since);
    expect(Date.now() - at).toBeLessThan(5_000);

    since = events.length;
    at = Date.now();
    await printer.close();
    await told('unreachable', since);
    expect(Date.now() - at).toBeLessThan(5_000);
  });
});
