import { parseArgs } from 'node:util';
import type { CliCommand } from '../command';
import { UsageError } from '../context';

export const syncCommand: CliCommand = {
  path: ['sync'],
  usage: 'station [--data DIR] [--json] sync [--until-idle] [--timeout SECONDS]',
  summary: 'Send the queue to the service; exit 3 when items need attention.',
  async run(ctx, args) {
    const { values, positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: { 'until-idle': { type: 'boolean' }, timeout: { type: 'string' } } });
    if (positionals.length) throw new UsageError(`sync takes no positional arguments (got "${positionals.join(' ')}").`);
    const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
    if (timeout !== undefined && !(timeout > 0)) throw new UsageError(`--timeout must be a number of seconds above 0 (got "${values.timeout}").`);
    // Without --until-idle, one drain is bounded by a default minute so a script never hangs offline.
    const timeoutSeconds = timeout ?? (values['until-idle'] ? undefined : 60);
    const out = await ctx.call('sync.run', { untilIdle: values['until-idle'] ?? false, ...(timeoutSeconds ? { timeoutSeconds } : {}) });
    const summary = { done: out.done, pending: out.pending, attention: out.attention };
    ctx.print(ctx.json ? summary : out, `done ${out.done} · pending ${out.pending} · attention ${out.attention}${out.timedOut ? ' (stopped at the timeout)' : ''}`);
    if (out.attention > 0) return 3;
    return out.pending > 0 ? 1 : 0;
  },
};
