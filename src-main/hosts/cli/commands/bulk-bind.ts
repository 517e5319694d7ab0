import { readFileSync } from 'node:fs';
import type { CliCommand } from '../command';
import { UsageError } from '../context';
import { parseCommand } from '../flags';

/**
 * `ID,ID,…` or `@FILE` (ids separated by commas, semicolons, spaces or new lines). The file is read as every file the
 * station reads (docs/print-run.md, "Files as shops save them"): Excel's "Unicode text" (UTF-16) or a UTF-8 BOM too.
 */
async function threadIds(spec: string): Promise<string[]> {
  // The decoder (iconv-lite, papaparse) is loaded by the command that reads a file, not by every command's start.
  const text = spec.startsWith('@') ? (await import('../../../runtime/text-file')).decodeText(readFileSync(spec.slice(1))).text : spec;
  return text.split(/[\s,;]+/).filter(Boolean);
}

export const bulkBindCommand: CliCommand = {
  path: ['bulk-bind'],
  usage: 'station [--data DIR] [--json] bulk-bind --reel REEL --from A --to B --threads ID,ID,…|@FILE [--activate] [--dry-run] [--timeout SECONDS]',
  summary: 'Bind positions A..B of a Reel to Threads (dry run online; the commit is queued and synced).',
  async run(ctx, args) {
    const { values } = parseCommand(args, {
      command: 'bulk-bind',
      options: {
        reel: { type: 'string' },
        from: { type: 'number' },
        to: { type: 'number' },
        threads: { type: 'string' },
        activate: { type: 'boolean' },
        'dry-run': { type: 'boolean' },
        timeout: { type: 'number', min: 1 },
      },
    });
    if (!values.reel || values.from === undefined || values.to === undefined || !values.threads)
      throw new UsageError('bulk-bind needs --reel, --from, --to and --threads.');
    const input = {
      reelId: values.reel,
      fromPosition: values.from,
      toPosition: values.to,
      threadIds: await threadIds(values.threads),
      ...(values.activate ? { activate: true } : {}),
    };
    if (values['dry-run']) {
      const preflight = await ctx.call('bulkBind.preflight', input);
      ctx.print(
        preflight,
        [
          `${preflight.rows.length} rows, ${preflight.blockers.length} blockers, ${preflight.warnings.length} warnings`,
          ...preflight.blockers.map((b) => `  position ${b.position}: ${b.kind}`),
        ].join('\n'),
      );
      return preflight.blockers.length ? 3 : 0;
    }
    const { opId } = await ctx.call('bulkBind.commit', input);
    await ctx.call('sync.run', { untilIdle: true, timeoutSeconds: values.timeout ?? 120 });
    const status = await ctx.call('bulkBind.status', { opId });
    const item = await ctx.call('queue.list', {}).then((q) => q.items.find((i) => i.opId === opId));
    ctx.print(
      { opId, ...status, attention: item?.attention ?? null },
      `bulk-bind ${opId}: ${status.state}${item?.attention ? ` — ${item.attention.code}: ${item.attention.reason}` : ''}`,
    );
    return status.state === 'done' ? 0 : status.state === 'attention' ? 3 : 1;
  },
};
