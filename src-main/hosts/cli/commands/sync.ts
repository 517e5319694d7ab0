import type { CliCommand } from '../command';
import { parseCommand } from '../flags';

export const syncCommand: CliCommand = {
  path: ['sync'],
  usage: 'station [--data DIR] [--json] sync [--until-idle] [--timeout SECONDS]',
  summary: 'Send the queue to the service; exit 3 when items need attention.',
  async run(ctx, args) {
    const { values } = parseCommand(args, {
      command: 'sync',
      options: { 'until-idle': { type: 'boolean' }, timeout: { type: 'number', min: 1, what: 'a number of seconds' } },
    });
    const timeout = values.timeout;
    // Without --until-idle, one drain is bounded by a default minute so a script never hangs offline.
    const timeoutSeconds = timeout ?? (values['until-idle'] ? undefined : 60);
    const out = await ctx.call('sync.run', { untilIdle: values['until-idle'] ?? false, ...(timeoutSeconds ? { timeoutSeconds } : {}) });
    const summary = { done: out.done, pending: out.pending, attention: out.attention };
    ctx.print(
      ctx.json ? summary : out,
      `done ${out.done} · pending ${out.pending} · attention ${out.attention}${out.timedOut ? ' (stopped at the timeout)' : ''}`,
    );
    if (out.attention > 0) return 3;
    return out.pending > 0 ? 1 : 0;
  },
};

/** The bounds of the sync engine's adaptive concurrency (also Settings → Sending): shown, or set with --min/--max. */
export const syncConcurrencyCommand: CliCommand = {
  path: ['sync', 'concurrency'],
  usage: 'station [--data DIR] [--json] sync concurrency [--min N] [--max N]',
  summary: 'Show or set how many requests the queue may send at once (it adapts between the bounds).',
  async run(ctx, args) {
    // The bounds are the contract's (src-shared/ipc/queue-shapes.ts, ConcurrencyBoundsSchema).
    const bound = { type: 'number', min: 1, max: 64 } as const;
    const { values } = parseCommand(args, { command: 'sync concurrency', options: { min: bound, max: bound } });
    const { min, max } = values;
    let out = await ctx.call('sync.concurrency.get', {});
    if (min !== undefined || max !== undefined) out = await ctx.call('sync.concurrency.set', { min: min ?? out.min, max: max ?? out.max });
    ctx.print(out, `requests at once: ${out.min} to ${out.max} (now ${out.current})`);
    return 0;
  },
};
