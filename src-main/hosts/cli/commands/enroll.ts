import { resolve } from 'node:path';
import { StationError, StationErrorCode } from '../../../../src-shared/ipc/envelope';
import type { CliCommand } from '../command';
import { UsageError } from '../context';
import { identifiersFrom, parseCommand, valueFlagOptions } from '../flags';

export const enrollCommand: CliCommand = {
  path: ['enroll'],
  usage:
    'station [--data DIR] [--json] enroll --reel REEL --position N [--text V] [--qr V] [--data-matrix V] [--bar-code V] [--nfc HEX] [--svc IMAGE_FILE] [--indexing default|none] [--outside-range] [--accept-mismatch]',
  summary: 'Enroll a Label at a position (saved locally and queued; works offline).',
  async run(ctx, args) {
    const { values } = parseCommand(args, {
      command: 'enroll',
      options: {
        reel: { type: 'string' },
        position: { type: 'number' },
        ...valueFlagOptions(false),
        indexing: { type: 'string' },
        // Past this bench's range of the Reel (reel range): the operator says it is meant for this bench.
        'outside-range': { type: 'boolean' },
        // Values that are not the print data of this position (a misorder, a misprint): the operator says it is meant so.
        'accept-mismatch': { type: 'boolean' },
      },
    });
    if (!values.reel) throw new UsageError('enroll needs --reel REEL.');
    const position = values.position;
    if (position === undefined) throw new UsageError('enroll needs --position N, a whole number.');
    if (values.indexing !== undefined && values.indexing !== 'default' && values.indexing !== 'none') throw new UsageError('--indexing is default or none.');
    const identifiers = identifiersFrom(values);
    const out = await ctx
      .call('labels.enroll', {
        reelId: values.reel,
        position,
        identifiers,
        ...(values.svc ? { svcImagePath: resolve(values.svc) } : {}),
        ...(values.indexing ? { indexing: values.indexing } : {}),
        ...(values['outside-range'] ? { outsideRange: true } : {}),
        ...(values['accept-mismatch'] ? { acceptMismatch: true } : {}),
      })
      .catch((error: unknown) => {
        // The station's refusal names the position and the range; the command line says how to go ahead.
        if (error instanceof StationError && error.code === StationErrorCode.outsideRange) {
          throw new StationError({ ...error.toShape(), message: `${error.message} Add --outside-range to enroll it anyway.` });
        }
        if (error instanceof StationError && (error.code === StationErrorCode.misorder || error.code === StationErrorCode.misprint)) {
          throw new StationError({ ...error.toShape(), message: `${error.message} Add --accept-mismatch to enroll it anyway (recorded with the Label).` });
        }
        throw error;
      });
    ctx.print({ labelId: out.labelId, state: out.state }, `Label ${out.labelId} at position ${position}: ${out.state}.`);
    return 0;
  },
};
