import { resolve } from 'node:path';
import { StationError } from '../../../../src-shared/ipc/envelope';
import type { CliCommand } from '../command';
import { UsageError } from '../context';
import { parseCommand } from '../flags';
import { writeStderr } from '../output';
import { FILE_OPTIONS, FILE_OPTIONS_USAGE, fileReadingOptions } from '../file-options';

export const importCommand: CliCommand = {
  path: ['import'],
  usage: `station [--data DIR] [--json] import --reel REEL FILE.csv [--expected-only] [--indexing default|none] [--accept-mismatch] ${FILE_OPTIONS_USAGE}`,
  summary: 'Import print data (position,text,qr,data_matrix,bar_code,nfc,svc): queue each row, or --expected-only.',
  async run(ctx, args) {
    const { values, positionals } = parseCommand(args, {
      command: 'import',
      options: {
        reel: { type: 'string' },
        'expected-only': { type: 'boolean' },
        indexing: { type: 'string' },
        'accept-mismatch': { type: 'boolean' },
        ...FILE_OPTIONS,
      },
      positionals: ['FILE.csv'],
    });
    if (!values.reel) throw new UsageError('import needs --reel REEL.');
    if (values.indexing !== undefined && values.indexing !== 'default' && values.indexing !== 'none') throw new UsageError('--indexing is default or none.');
    const reading = fileReadingOptions(values);
    try {
      const out = await ctx.call('labels.import', {
        reelId: values.reel,
        path: resolve(positionals[0] as string),
        ...reading,
        ...(values['expected-only'] ? { expectedOnly: true } : {}),
        ...(values.indexing ? { indexing: values.indexing } : {}),
        ...(values['accept-mismatch'] ? { acceptMismatch: true } : {}),
      });
      ctx.print(
        out,
        [
          `Read as ${(await import('../../../runtime/text-file')).readingWords(out.reading)}.`,
          values['expected-only'] ? `${out.expected} expected Labels recorded.` : `${out.queued} Labels queued for enrollment.`,
          ...(out.missingColumns.length
            ? [`The Reel prints ${out.missingColumns.join(', ')}, which the file has no column for: those codes are not checked against print data.`]
            : []),
          ...(out.contradicted ? [`${out.contradicted} Label(s) already on the Reel carry values this print data does not name for their position.`] : []),
        ].join('\n'),
      );
      return 0;
    } catch (error) {
      // The message already names each bad row, one per line.
      if (error instanceof StationError && error.code === 'STATION_IMPORT_INVALID' && !ctx.json) {
        writeStderr(`${error.message}\n`);
        return 1;
      }
      throw error;
    }
  },
};
