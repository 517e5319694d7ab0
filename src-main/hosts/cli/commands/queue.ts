import { OPERATION_STATES, type QueueItem } from '../../../../src-shared/ipc';
import type { CliCommand } from '../command';
import { UsageError } from '../context';
import { parseCommand } from '../flags';

function line(item: QueueItem): string {
  const last = item.attempts.at(-1);
  const why = item.attention
    ? `  ! ${item.attention.code}${item.attention.status ? ` (HTTP ${item.attention.status})` : ''}: ${item.attention.reason}${item.attention.requestId ? ` [request id ${item.attention.requestId}]` : ''}`
    : '';
  // The last attempt's request, its answer (or none) and outcome in words, its code and request id (docs/sync.md, "The queue").
  const lastWords = last
    ? [
        last.method && last.path ? `${last.method} ${last.path}` : '',
        last.method ? (last.status === null ? '→ no answer' : `→ HTTP ${last.status}`) : '',
        last.message,
        last.code ?? '',
        last.requestId ? `[request id ${last.requestId}]` : '',
      ]
        .filter(Boolean)
        .join(' ')
    : '';
  return `${item.opId}  ${item.kind.padEnd(16)} ${item.state.padEnd(9)} attempts ${item.attemptCount}${last && !item.attention ? `  last: ${lastWords}` : ''}${why}`;
}

export const queueListCommand: CliCommand = {
  path: ['queue'],
  usage: `station [--data DIR] [--json] queue [--state ${OPERATION_STATES.join('|')}] [--limit N]`,
  summary: 'List queued operations with their attempts (reason, code and request id of attention items).',
  async run(ctx, args) {
    const { values } = parseCommand(args, {
      command: 'queue',
      // The highest is the contract's (src-shared/ipc/queue.ts, queue.list).
      options: { state: { type: 'string' }, limit: { type: 'number', min: 1, max: 10_000 } },
      hint: 'Use "queue", "queue retry ID", "queue reposition ID --next-free" or "queue discard ID --confirm".',
    });
    if (values.state !== undefined && !(OPERATION_STATES as readonly string[]).includes(values.state))
      throw new UsageError(`--state is one of ${OPERATION_STATES.join(', ')}.`);
    const { limit } = values;
    const out = await ctx.call('queue.list', { ...(values.state ? { state: values.state } : {}), ...(limit ? { limit } : {}) });
    const c = out.counts;
    ctx.print(
      out,
      [`pending ${c.pending} · sending ${c.sending} · done ${c.done} · attention ${c.attention} · discarded ${c.discarded}`, ...out.items.map(line)].join('\n'),
    );
    return out.counts.attention > 0 ? 3 : 0;
  },
};

export const queueRetryCommand: CliCommand = {
  path: ['queue', 'retry'],
  usage: 'station [--data DIR] [--json] queue retry ID',
  summary: 'Send an attention item again (after fixing its cause).',
  async run(ctx, args) {
    const { positionals } = parseCommand(args, { command: 'queue retry', options: {}, positionals: ['ID'] });
    const item = await ctx.call('queue.retry', { opId: positionals[0] });
    ctx.print(item, line(item));
    return 0;
  },
};

export const queueDiscardCommand: CliCommand = {
  path: ['queue', 'discard'],
  usage: 'station [--data DIR] [--json] queue discard ID --confirm',
  summary: 'Discard an operation (needs --confirm; the row stays and the decision is audited).',
  async run(ctx, args) {
    const { values, positionals } = parseCommand(args, { command: 'queue discard', options: { confirm: { type: 'boolean' } }, positionals: ['ID'] });
    if (!values.confirm) throw new UsageError('Discarding drops the change for good; repeat with --confirm to do it.');
    const item = await ctx.call('queue.discard', { opId: positionals[0], confirm: true });
    ctx.print(item, line(item));
    return 0;
  },
};

export const queueRepositionCommand: CliCommand = {
  path: ['queue', 'reposition'],
  usage: 'station [--data DIR] [--json] queue reposition ID (--position N | --next-free)',
  summary: 'Re-place the Label of an enrollment whose position another bench or app holds on the service, and send it again.',
  async run(ctx, args) {
    const { values, positionals } = parseCommand(args, {
      command: 'queue reposition',
      options: { position: { type: 'number', min: 1 }, 'next-free': { type: 'boolean' } },
      positionals: ['ID'],
    });
    const { position } = values;
    if ((position === undefined) === (values['next-free'] !== true)) throw new UsageError('queue reposition needs --position N or --next-free (one of them).');
    const item = await ctx.call('queue.reposition', { opId: positionals[0], ...(position === undefined ? { nextFree: true } : { position }) });
    ctx.print(item, `Moved from position ${item.fromPosition} to ${item.position}; sending again.\n${line(item)}`);
    return 0;
  },
};
