import type { StorageInfo, StorageSettings } from '../../../../src-shared/ipc';
import { formatBytes } from '../../../runtime/disk';
import type { CliCommand } from '../command';
import { parseCommand } from '../flags';

function text(info: StorageInfo): string {
  return [
    `captures   ${info.captures.count} images, ${formatBytes(info.captures.bytes)}`,
    `keep       ${info.keepDays} days after the Label is on the service${info.maxBytes === null ? '' : `, at most ${formatBytes(info.maxBytes)}`}`,
    `floor      new enrollments wait below ${formatBytes(info.floorBytes)} free`,
    `disk       ${formatBytes(info.disk.free)} free of ${formatBytes(info.disk.total)} · about ${info.disk.labelsLeft} Labels left${info.disk.full ? ' · FULL' : info.disk.low ? ' · LOW' : ''}`,
    ...(info.pruned ? [`pruned     ${info.pruned.count} images, ${formatBytes(info.pruned.bytes)}`] : []),
  ].join('\n');
}

export const storageCommand: CliCommand = {
  path: ['storage'],
  usage: 'station [--data DIR] [--json] storage [--keep-days N] [--max-gb N] [--floor-mb N] [--prune]',
  summary: 'Show capture storage and retention; the flags change the saved settings (--max-gb 0: no cap); --prune removes what retention allows now.',
  async run(ctx, args) {
    const { values } = parseCommand(args, {
      command: 'storage',
      // The ranges are the contract's (src-shared/ipc/storage.ts).
      options: {
        'keep-days': { type: 'number', min: 0, max: 36_500 },
        'max-gb': { type: 'number', min: 0, max: 1_000_000 },
        'floor-mb': { type: 'number', min: 0, max: 10_000_000 },
        prune: { type: 'boolean' },
      },
    });
    const { 'keep-days': keepDays, 'max-gb': maxGb, 'floor-mb': floorMb } = values;
    const patch: Partial<StorageSettings> = {
      ...(keepDays === undefined ? {} : { keepDays }),
      ...(maxGb === undefined ? {} : { maxBytes: maxGb === 0 ? null : maxGb * 1_000_000_000 }),
      ...(floorMb === undefined ? {} : { floorBytes: floorMb * 1_000_000 }),
    };
    let info = Object.keys(patch).length ? await ctx.call('storage.set', patch) : await ctx.call('storage.get', {});
    if (values.prune) info = await ctx.call('storage.prune', {});
    ctx.print(info, text(info));
    return 0;
  },
};
