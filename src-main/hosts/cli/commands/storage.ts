import { parseArgs } from 'node:util';
import type { StorageInfo, StorageSettings } from '../../../../src-shared/ipc';
import { formatBytes } from '../../../runtime/disk';
import type { CliCommand } from '../command';
import { UsageError } from '../context';
import { wholeNumber } from '../flags';

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
    const { values, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: { 'keep-days': { type: 'string' }, 'max-gb': { type: 'string' }, 'floor-mb': { type: 'string' }, prune: { type: 'boolean' } },
    });
    if (positionals.length) throw new UsageError(`storage takes no arguments (got "${positionals.join(' ')}").`);
    const keepDays = wholeNumber('keep-days', values['keep-days']);
    const maxGb = wholeNumber('max-gb', values['max-gb']);
    const floorMb = wholeNumber('floor-mb', values['floor-mb']);
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
