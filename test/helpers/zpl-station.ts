import type { StationOptions } from '../../src-main/station';
import type { TagType } from '../../src-shared/api/common';
import type { CommandInput } from '../../src-shared/ipc';
import { openStation, type TestStation } from './peer';
import { startFakeZplPrinter, type FakeZplPrinter } from './zpl-printer';

// The printing tests' bench (docs/printing.md): a station on its embedded sandbox with one Reel whose print data is
// generated from a print run's spec (kept as the Reel's expected values), and the ZPL printer of ./zpl-printer.ts
// beside it.

export interface ZplStation {
  t: TestStation;
  printer: FakeZplPrinter;
  reelId: string;
  /** Closes the station, then the printer. */
  close(): Promise<void>;
}

export async function startZplStation(options: {
  dataDir: string;
  reel: string;
  /** The identifier types each Label carries, one of each. */
  tagTypes: readonly TagType[];
  spec: CommandInput<'printRun.generate'>['spec'];
  /** Adds the printer as "zebra" with these settings (none: the test adds it itself). */
  zebra?: Omit<CommandInput<'printers.add'>, 'name' | 'zpl'>;
  /** "zebra" is the Bench's printer (reprints print on it). */
  benchPrinter?: boolean;
  /** The printer's pace (default 4 ms a label). */
  labelMs?: number;
  station?: Partial<StationOptions>;
}): Promise<ZplStation> {
  const printer = await startFakeZplPrinter({ labelMs: options.labelMs ?? 4 });
  const t = await openStation(options.dataDir, options.station);
  await t.call('profiles.connect', { kind: 'sandbox' });
  const { reelId } = await t.call('reels.create', { name: options.reel, expectedIdentifiers: options.tagTypes.map((tagType) => ({ tagType, count: 1 })) });
  await t.call('printRun.generate', { reelId, spec: options.spec, expected: true });
  if (options.zebra) await t.call('printers.add', { name: 'zebra', zpl: printer.address, ...options.zebra });
  if (options.benchPrinter) await t.call('print.benchPrinter', { name: 'zebra' });
  return {
    t,
    printer,
    reelId,
    close: async () => {
      await t.close();
      await printer.close();
    },
  };
}
