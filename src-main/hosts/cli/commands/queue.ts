import { OPERATION_STATES } from '../../../../src-shared/domain/operation-states';
import type { QueueItem, QueueNotice } from '../../../../src-shared/ipc/queue';
import type { CollisionShape } from '../../../../src-shared/ipc/queue';
import { READS_ONLY, type CliCommand } from '../command';
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
  stationOptions: READS_ONLY,
  async run(ctx, args) {
    const { values } = parseCommand(args, {
      command: 'queue',
      // The highest is the contract's (src-shared/ipc/queue.ts, queue.list).
      options: { state: { type: 'string' }, limit: { type: 'number', min: 1, max: 10_000 } },
      hint: 'Use "queue", "queue retry ID", "queue settle ID", "queue reposition ID --next-free" or "queue discard ID --confirm".',
    });
    if (values.state !== undefined && !(OPERATION_STATES as readonly string[]).includes(values.state))
      throw new UsageError(`--state is one of ${OPERATION_STATES.join(', ')}.`);
    const { limit } = values;
    const out = await ctx.call('queue.list', { ...(values.state ? { state: values.state } : {}), ...(limit ? { limit } : {}) });
    const c = out.counts;
    ctx.print(
      out,
      [
        `pending ${c.pending} · sending ${c.sending} · done ${c.done} · attention ${c.attention} · discarded ${c.discarded}`,
        ...out.notices.map(noticeWords),
        ...out.items.map(line),
      ].join('\n'),
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

export const queueSeenCommand: CliCommand = {
  path: ['queue', 'seen'],
  usage: 'station [--data DIR] [--json] queue seen',
  summary: "Put away the notices of this bench's Labels other benches moved or set aside (station queue lists only later ones).",
  async run(ctx, args) {
    parseCommand(args, { command: 'queue seen', options: {}, positionals: [] });
    const out = await ctx.call('queue.noticesSeen', {});
    ctx.print(out, `${out.seen} notice${out.seen === 1 ? '' : 's'} put away.`);
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

/** A Label of this bench another bench took off its position, in words (docs/sync.md, "Every bench knows"). */
function noticeWords(n: QueueNotice): string {
  const carried = n.printedFor !== null ? `: it carried what was printed for ${n.printedFor}` : '';
  const now = n.to !== null ? `; a Label with its values is at position ${n.to} now` : '';
  if (n.to === null && n.printedFor === null) {
    return `Your Label at position ${n.position} of Reel "${n.reelName}" was taken off the Reel by another bench or app: set aside (a collision settled there), or moved to a Reel this station has not opened.`;
  }
  const what = n.to !== null ? 'moved' : 'set aside';
  return `Your Label at position ${n.position} of Reel "${n.reelName}" was ${what} by another bench${carried}${now}.`;
}

/** One side of a collision in words: its values and how they compare with the print data. */
function side(name: string, s: CollisionShape['ours'] | NonNullable<CollisionShape['theirs']>): string {
  const values = s.values.map((v) => `${v.tagType} ${v.value ?? '(image)'}`).join(', ') || 'no values';
  const check = { match: 'matches the print data', mismatch: 'does not match the print data', unchecked: 'not checked (no print data to compare)' }[
    s.printCheck
  ];
  const wrong = s.mismatches.map((m) => `${m.tagType} is ${m.actual}, printed ${m.expected}`).join('; ');
  return `${name}: ${values} — ${check}${wrong ? ` (${wrong})` : ''}`;
}

const OFFER_WORDS: Record<CollisionShape['offer'], (c: CollisionShape) => string> = {
  archiveTheirs: (c) =>
    c.theirsGoesTo !== null
      ? `This station's Label belongs at position ${c.position}. The service's Label ${c.theirs?.serviceId ?? ''} carries what was printed for ${c.theirsGoesTo}: it goes to ${c.theirsGoesTo} (enrolled there again with its identifiers; the one at ${c.position} is archived), and ours is sent to ${c.position}: station queue settle ${c.opId} --archive-theirs --confirm`
      : `This station's Label belongs at position ${c.position}. To archive the service's Label ${c.theirs?.serviceId ?? ''}${c.theirsPrintedFor !== null ? ` (it carries what was printed for ${c.theirsPrintedFor}, a position held on the service or here)` : ''} and send ours there: station queue settle ${c.opId} --archive-theirs --confirm`,
  discardOurs: (c) => `This station's Label does not belong at position ${c.position}. To discard it: station queue settle ${c.opId} --discard-ours --confirm`,
  reposition: (c) => `The print data cannot settle it. Re-place ours by hand: station queue reposition ${c.opId} --position N`,
  retry: (c) => `The service holds no Label at position ${c.position} any more. Send ours again: station queue retry ${c.opId}`,
};

function collisionWords(c: CollisionShape): string {
  const printed = c.printData
    ? Object.entries(c.printData)
        .map(([t, v]) => `${t} ${v}`)
        .join(', ')
    : 'none on this station';
  return [
    `Position ${c.position} of Reel "${c.reelName}" — print data: ${printed}`,
    side('  ours', c.ours),
    c.theirs ? side(`  theirs (${c.theirs.serviceId})`, c.theirs) : '  theirs: none on the service any more',
    OFFER_WORDS[c.offer](c),
  ].join('\n');
}

export const queueSettleCommand: CliCommand = {
  path: ['queue', 'settle'],
  usage: 'station [--data DIR] [--json] queue settle ID [--archive-theirs [--theirs LABEL_ID] --confirm | --discard-ours --confirm]',
  summary:
    'A collision (STATION_POSITION_TAKEN) settled by what was printed: without an action, compare both Labels with the print data of the position; then archive theirs and send ours, or discard ours, as the comparison offers.',
  async run(ctx, args) {
    const { values, positionals } = parseCommand(args, {
      command: 'queue settle',
      options: { 'archive-theirs': { type: 'boolean' }, 'discard-ours': { type: 'boolean' }, theirs: { type: 'string' }, confirm: { type: 'boolean' } },
      positionals: ['ID'],
    });
    const opId = positionals[0];
    const archive = values['archive-theirs'] === true;
    const discard = values['discard-ours'] === true;
    if (archive && discard) throw new UsageError('queue settle takes --archive-theirs or --discard-ours, not both.');
    if (values.theirs !== undefined && !archive) throw new UsageError('--theirs names the Label to archive; it goes with --archive-theirs.');
    if (!archive && !discard) {
      const collision = await ctx.call('queue.collision', { opId });
      ctx.print(collision, collisionWords(collision));
      return 0;
    }
    if (!values.confirm) {
      throw new UsageError(
        archive
          ? "Archiving takes the other bench's Label off the Reel; look first (station queue settle ID), then repeat with --confirm."
          : 'Discarding drops this enrollment for good; look first (station queue settle ID), then repeat with --confirm.',
      );
    }
    const out = await ctx.call('queue.settle', {
      opId,
      action: archive ? 'archiveTheirs' : 'discardOurs',
      ...(values.theirs ? { theirLabelId: values.theirs } : {}),
      confirm: true,
    });
    const done = archive
      ? `Archived the service's Label${out.collision.theirs ? ` ${out.collision.theirs.serviceId}` : ''}${out.setAsideReel ? ` (set aside on Reel "${out.setAsideReel.name}")` : ''}${out.theirsMovedTo ? `; its identifiers are enrolled at position ${out.theirsMovedTo.position}, where they were printed (${out.theirsMovedTo.serviceId})` : ''}; sending ours to position ${out.collision.position}.`
      : `Discarded this station's Label at position ${out.collision.position}; the service's Label stays there.`;
    ctx.print(out, `${done}\n${line(out.item)}`);
    return 0;
  },
};
