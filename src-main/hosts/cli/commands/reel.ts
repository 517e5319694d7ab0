import { resolve } from 'node:path';
import { TAG_TYPES, type TagType } from '../../../../src-shared/api/common';
import { findingWords, type PrintFinding } from '../../../../src-shared/domain/print-check';
import { READS_ONLY, type CliCommand } from '../command';
import { UsageError } from '../context';
import { parseCommand } from '../flags';
import { FILE_OPTIONS, FILE_OPTIONS_USAGE, fileReadingOptions } from '../file-options';
import { PARAMETER_WORDS } from '../../../print-quality/words';
import { stderrIsTerminal, writeStderr } from '../output';
import { randomUUID } from '../../../runtime/node-crypto';
import type { ReelOpenProgress } from '../../../../src-shared/ipc/reels';

/** `TEXT=1,SVC=1,QR=1` → expected composition. */
function parseExpect(text: string): { tagType: TagType; count: number }[] {
  return text.split(',').map((part) => {
    const [type, count] = part.split('=');
    const tagType = (type ?? '').trim().toUpperCase();
    if (!(TAG_TYPES as readonly string[]).includes(tagType)) throw new UsageError(`--expect: "${type}" is not a tagType (${TAG_TYPES.join(', ')}).`);
    const n = count === undefined ? 1 : Number(count);
    if (!Number.isInteger(n) || n < 0) throw new UsageError(`--expect: the count of ${tagType} must be a whole number (got "${count}").`);
    return { tagType: tagType as TagType, count: n };
  });
}

/** `5001-10000` → this bench's range (whole positions, first ≤ last), or a usage error naming the flag. */
function parseRange(text: string, what: string): { first: number; last: number } {
  const match = /^([0-9]+)-([0-9]+)$/.exec(text.trim());
  const first = Number(match?.[1]);
  const last = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(first) || !Number.isSafeInteger(last)) {
    throw new UsageError(`${what} must be a range of positions FIRST-LAST, e.g. 5001-10000 (got "${text}").`);
  }
  if (first > last) throw new UsageError(`${what}: the first position comes before the last (got "${text}").`);
  return { first, last };
}

const printDataText = (has: boolean): string =>
  has ? 'print data held on this bench' : 'no print data on this bench: values are not checked against the print data on this bench';

/** The Reel's problems, one line each: "problem: position 24 (enrolled elsewhere) carries TEXT W-15, which was printed for position 15". */
function problemLines(problems: readonly { position: number; origin: string; findings: readonly PrintFinding[] }[]): string[] {
  return problems.map(
    (p) => `  problem: position ${p.position}${p.origin === 'elsewhere' ? ' (enrolled elsewhere)' : ''}: ${p.findings.map(findingWords).join('; ')}`,
  );
}

const rangeText = (range: { first: number; last: number } | null): string =>
  range ? `this bench: positions ${range.first}–${range.last}` : 'this bench: the whole Reel';

export const reelCreateCommand: CliCommand = {
  path: ['reel', 'create'],
  usage: 'station [--data DIR] [--json] reel create --name NAME [--description D] [--expect TEXT=1,SVC=1,QR=1]',
  summary: 'Create a Reel (works offline: prints its local id; its creation is queued).',
  async run(ctx, args) {
    const { values } = parseCommand(args, {
      command: 'reel create',
      options: { name: { type: 'string' }, description: { type: 'string' }, expect: { type: 'string' } },
    });
    if (!values.name) throw new UsageError('reel create needs --name NAME.');
    const out = await ctx.call('reels.create', {
      name: values.name,
      ...(values.description ? { description: values.description } : {}),
      ...(values.expect ? { expectedIdentifiers: parseExpect(values.expect) } : {}),
    });
    ctx.print(out, `Reel ${out.reelId} created (queued for the service).`);
    return 0;
  },
};

export const reelShowCommand: CliCommand = {
  path: ['reel', 'show'],
  usage: 'station [--data DIR] [--json] reel show REEL [--refresh]',
  summary: "Show a Reel with each Label's position, state, service id and identifiers.",
  async run(ctx, args) {
    const { values, positionals } = parseCommand(args, { command: 'reel show', options: { refresh: { type: 'boolean' } }, positionals: ['REEL'] });
    const reel = await ctx.call('reels.show', { reelId: positionals[0], ...(values.refresh ? { refresh: true } : {}) });
    // Each Label's print grade from its capture (docs/print-quality.md), beside the Reel.
    const grades = await ctx.call('grades.reel', { reelId: reel.reelId });
    const gradeAt = new Map(grades.labels.map((g) => [g.position, g]));
    const gradeText = (position: number) => {
      const g = gradeAt.get(position);
      return g ? `  grade ${g.grade}${g.grade === 'A' ? '' : ` (${PARAMETER_WORDS[g.worst]})`}${g.flagged ? ' FLAGGED' : ''}` : '';
    };
    ctx.print(
      { ...reel, grades },
      [
        `Reel ${reel.name} (${reel.reelId}) service id ${reel.serviceId ?? '(not yet synced)'}${reel.refreshedAt ? `, read from the service at ${reel.refreshedAt}` : ''}; ${rangeText(reel.benchRange)}`,
        `  ${printDataText(reel.hasPrintData)}`,
        ...problemLines(reel.problems),
        ...reel.labels.map(
          (l) =>
            `  ${String(l.position).padStart(5)}  ${l.state.padEnd(9)} ${l.origin === 'elsewhere' ? 'elsewhere ' : ''}${l.serviceId ?? '-'.padEnd(36)}  ${l.identifiers.map((i) => `${i.tagType}=${i.value ?? i.captureSha256?.slice(0, 12) ?? ''}`).join(' ')}${gradeText(l.position)}${l.printCheck === 'mismatch' ? '  ! not the print data of this position' : ''}${l.attention ? `  ! ${l.attention.code}: ${l.attention.reason}${l.attention.requestId ? ` [request id ${l.attention.requestId}]` : ''}` : ''}`,
        ),
      ].join('\n'),
    );
    return reel.labels.some((l) => l.state === 'attention') ? 3 : 0;
  },
};

export const reelListCommand: CliCommand = {
  path: ['reel', 'list'],
  usage: 'station [--data DIR] [--json] reel list [--q TEXT]',
  summary: 'List the Reels open on this station (created here or opened from the service).',
  stationOptions: READS_ONLY,
  async run(ctx, args) {
    const { values } = parseCommand(args, { command: 'reel list', options: { q: { type: 'string' } } });
    const out = await ctx.call('reels.list', values.q ? { q: values.q } : {});
    ctx.print(
      out,
      out.reels.length
        ? out.reels.map((r) => `${r.reelId}  ${r.name}  service id ${r.serviceId ?? '(not yet synced)'}`).join('\n')
        : 'No Reels open on this station; create one with "reel create" or open one with "reel find" and "reel open".',
    );
    return 0;
  },
};

export const reelFindCommand: CliCommand = {
  path: ['reel', 'find'],
  usage: 'station [--data DIR] [--json] reel find [--q TEXT]',
  summary: "List the Reels on the service for the active Team (every page), with each one's Label count and local id when open here.",
  async run(ctx, args) {
    const { values } = parseCommand(args, { command: 'reel find', options: { q: { type: 'string' } } });
    const out = await ctx.call('reels.find', values.q ? { q: values.q } : {});
    ctx.print(
      out,
      out.reels.length
        ? out.reels.map((r) => `${r.serviceId}  ${r.name}  ${r.labelCount ?? '?'} Labels${r.reelId ? `  open here as ${r.reelId}` : ''}`).join('\n')
        : 'No Reel on the service matches.',
    );
    return 0;
  },
};

export const reelOpenCommand: CliCommand = {
  path: ['reel', 'open'],
  usage: `station [--data DIR] [--json] reel open SERVICE_ID [--positions FIRST-LAST] [--print-data FILE.csv ${FILE_OPTIONS_USAGE}]`,
  summary:
    "Open a Reel of the service on this station: its settings and every Label on it (each with its origin) become known here; --positions sets this bench's range; --print-data keeps the print run's CSV as this bench's print data.",
  async run(ctx, args) {
    const { values, positionals } = parseCommand(args, {
      command: 'reel open',
      options: { positions: { type: 'string' }, 'print-data': { type: 'string' }, ...FILE_OPTIONS },
      positionals: ['SERVICE_ID'],
      hint: 'List the Reels on the service with "reel find".',
    });
    const positions = values.positions === undefined ? undefined : parseRange(values.positions, '--positions');
    const printData = values['print-data'];
    // How far the reading of its Labels is, on standard error (docs/sync.md, "Opening at shop scale"): one line per
    // page, or one line written over on a terminal.
    const progressKey = randomUUID();
    const terminal = stderrIsTerminal();
    const station = await ctx.station();
    const stop = station.subscribe((name, payload) => {
      if (name !== 'reels.openProgress' || (payload as ReelOpenProgress).progressKey !== progressKey) return;
      const line = openProgressWords(payload as ReelOpenProgress);
      if (terminal) writeStderr(`\r${line}\u001b[K${(payload as ReelOpenProgress).done ? '\n' : ''}`);
      else writeStderr(`${line}\n`);
    });
    const out = await ctx
      .call('reels.open', {
        serviceId: positionals[0],
        progressKey,
        ...(positions ? { positions } : {}),
        ...(printData ? { printData: { path: resolve(printData), ...fileReadingOptions(values) } } : {}),
      })
      .finally(stop);
    const elsewhere = out.labels.filter((l) => l.state !== 'expected' && l.origin === 'elsewhere').length;
    const enrolled = out.labels.filter((l) => l.state !== 'expected' && l.state !== 'gap').length;
    ctx.print(
      out,
      [
        `Reel ${out.reelId} open: ${enrolled} Labels known here (${elsewhere} enrolled elsewhere); ${rangeText(out.benchRange)}; ${printDataText(out.hasPrintData)}.`,
        ...problemLines(out.problems),
      ].join('\n'),
    );
    return 0;
  },
};

export const reelDirectionCommand: CliCommand = {
  path: ['reel', 'direction'],
  usage: 'station [--data DIR] [--json] reel direction REEL (up | down)',
  summary: 'Set the direction this bench enrolls a Reel in (a local setting): down for a Reel enrolled from its end (rewound), up from its start.',
  async run(ctx, args) {
    const { positionals } = parseCommand(args, { command: 'reel direction', options: {}, positionals: ['REEL', 'DIRECTION'], hint: 'Give up or down.' });
    const [reelId, direction] = positionals as [string, string];
    if (direction !== 'up' && direction !== 'down') throw new UsageError(`reel direction: "${direction}" is not a direction: give up or down.`);
    const out = await ctx.call('reels.setDirection', { reelId, direction });
    ctx.print(out, `Reel ${out.name} (${out.reelId}): enrolled ${out.direction === 'down' ? 'downward, from its end' : 'upward'}.`);
    return 0;
  },
};

export const reelRangeCommand: CliCommand = {
  path: ['reel', 'range'],
  usage: 'station [--data DIR] [--json] reel range REEL (FIRST-LAST | --clear)',
  summary:
    "Set this bench's range of a Reel split between benches (a local setting): the bench stays inside it, enrolling outside it needs --outside-range. --clear: the whole Reel.",
  async run(ctx, args) {
    // FIRST-LAST or --clear: with --clear the range is not given.
    const clear = args.includes('--clear');
    const { positionals } = parseCommand(args, {
      command: 'reel range',
      options: { clear: { type: 'boolean' } },
      positionals: clear ? ['REEL'] : ['REEL', 'FIRST-LAST'],
      hint: 'Give FIRST-LAST (e.g. 5001-10000) or --clear, not both.',
    });
    const [reelId, text] = positionals as [string, string | undefined];
    const out = await ctx.call('reels.setRange', { reelId, range: text === undefined ? null : parseRange(text, 'reel range') });
    ctx.print(out, `Reel ${out.name} (${out.reelId}): ${rangeText(out.benchRange)}.`);
    return 0;
  },
};

/** "Reading the Reel's Labels: page 3 of 40 (1,200 of 10,000)"; without a total, only what was read. */
function openProgressWords(p: ReelOpenProgress): string {
  const n = (value: number) => value.toLocaleString('en');
  if (p.done) return `Read the Reel's Labels: ${n(p.labels)} in ${n(p.pages)} page${p.pages === 1 ? '' : 's'}.`;
  if (p.pages === 0) return p.total === null ? "Reading the Reel's Labels…" : `Reading the Reel's ${n(p.total)} Labels…`;
  const pages = p.pagesTotal === null ? `page ${n(p.pages)}` : `page ${n(p.pages)} of ${n(p.pagesTotal)}`;
  return `Reading the Reel's Labels: ${pages} (${p.total === null ? `${n(p.labels)} read` : `${n(p.labels)} of ${n(p.total)}`})`;
}
