import type { CliCommand } from '../command';
import { UsageError } from '../context';
import { parseCommand } from '../flags';

export const moveCommand: CliCommand = {
  path: ['move'],
  usage: 'station [--data DIR] [--json] move --reel REEL --from A [--to B] (--to-reel REEL | --new-reel NAME) [--expected-count N] [--preview]',
  summary: 'Move (cut) a range of Labels to another Reel or a new one; --preview shows what would happen.',
  async run(ctx, args) {
    const { values } = parseCommand(args, {
      command: 'move',
      options: {
        reel: { type: 'string' },
        from: { type: 'number' },
        to: { type: 'number' },
        'to-reel': { type: 'string' },
        'new-reel': { type: 'string' },
        'expected-count': { type: 'number' },
        preview: { type: 'boolean' },
        timeout: { type: 'number', min: 1 },
      },
    });
    if (!values.reel || values.from === undefined) throw new UsageError('move needs --reel and --from.');
    if (!values['to-reel'] === !values['new-reel']) throw new UsageError('move needs exactly one of --to-reel REEL or --new-reel NAME.');
    const input = {
      reelId: values.reel,
      fromPosition: values.from,
      ...(values.to === undefined ? {} : { toPosition: values.to }),
      target: values['to-reel'] ? { reelId: values['to-reel'] } : { newReel: { name: values['new-reel'] as string } },
      ...(values['expected-count'] === undefined ? {} : { expectedCount: values['expected-count'] }),
    };
    if (values.preview) {
      const preview = await ctx.call('labels.movePreview', input);
      ctx.print(preview);
      return 0;
    }
    const { opId } = await ctx.call('labels.move', input);
    await ctx.call('sync.run', { untilIdle: true, timeoutSeconds: values.timeout ?? 120 });
    const item = await ctx.call('queue.list', {}).then((q) => q.items.find((i) => i.opId === opId));
    ctx.print(
      { opId, state: item?.state ?? 'pending', attention: item?.attention ?? null },
      `move ${opId}: ${item?.state ?? 'pending'}${item?.attention ? ` — ${item.attention.code}: ${item.attention.reason}` : ''}`,
    );
    return item?.state === 'done' ? 0 : item?.state === 'attention' ? 3 : 1;
  },
};
