import type { TemplateView } from '../../../../src-shared/ipc/print-templates';
import { READS_ONLY, type CliCommand } from '../command';
import { Exit, UsageError } from '../context';
import { parseCommand } from '../flags';

// Label templates (docs/print-run.md, "Templates"): `print-run template add NAME FILE`, `list`, `show NAME`,
// `remove NAME`, and `use` (the template a Reel keeps as its own).

function templateLines(t: TemplateView): string[] {
  return [
    `${t.name}: ${t.kind === 'zpl' ? 'ZPL' : 'SVG'}, ${t.bytes} bytes; places ${t.placeholders.map((p) => `{${p}}`).join(' ') || 'no values'}; codes ${t.codes.join(', ') || 'none'}.`,
    ...t.printerCommands.map((c) => `  Changes the printer beyond the label: ${c.command} ${c.what}.`),
  ];
}

export const printTemplateAddCommand: CliCommand = {
  path: ['print-run', 'template', 'add'],
  usage: 'station [--data DIR] [--json] print-run template add NAME FILE [--reel REEL]',
  summary: 'Add a label template (ZPL from ZebraDesigner/Labelary, or SVG) with placeholders such as {text}, {qr}, {serial}.',
  async run(ctx, args) {
    const { values, positionals } = parseCommand(args, {
      command: 'print-run template add',
      options: { reel: { type: 'string' } },
      positionals: ['NAME', 'FILE'],
    });
    const out = await ctx.call('printRun.templateAdd', {
      name: positionals[0] as string,
      file: positionals[1] as string,
      ...(values.reel === undefined ? {} : { reelId: values.reel }),
    });
    const lines = [`Added template ${templateLines(out).join('\n')}`];
    if (out.missing.length) lines.push(`No place for what the Reel prints: ${out.missing.map((m) => `{${m}}`).join(', ')}.`);
    ctx.print(out, lines.join('\n'));
    return Exit.ok;
  },
};

export const printTemplateListCommand: CliCommand = {
  path: ['print-run', 'template', 'list'],
  usage: 'station [--data DIR] [--json] print-run template list',
  summary: 'The label templates of this station.',
  stationOptions: READS_ONLY,
  async run(ctx, args) {
    parseCommand(args, { command: 'print-run template list', options: {} });
    const out = await ctx.call('printRun.templates', {});
    ctx.print(out, out.templates.length ? out.templates.flatMap(templateLines).join('\n') : 'No label templates on this station yet.');
    return Exit.ok;
  },
};

export const printTemplateShowCommand: CliCommand = {
  path: ['print-run', 'template', 'show'],
  usage: 'station [--data DIR] [--json] print-run template show NAME',
  summary: 'One label template: what it places, its codes, the printer commands it holds, and its text.',
  stationOptions: READS_ONLY,
  async run(ctx, args) {
    const { positionals } = parseCommand(args, { command: 'print-run template show', options: {}, positionals: ['NAME'] });
    const out = await ctx.call('printRun.templateShow', { name: positionals[0] as string });
    ctx.print(out, [...templateLines(out), '', out.body].join('\n'));
    return Exit.ok;
  },
};

export const printTemplateRemoveCommand: CliCommand = {
  path: ['print-run', 'template', 'remove'],
  usage: 'station [--data DIR] [--json] print-run template remove NAME',
  summary: 'Remove a label template (the prints it made stay on record, naming it).',
  async run(ctx, args) {
    const { positionals } = parseCommand(args, { command: 'print-run template remove', options: {}, positionals: ['NAME'] });
    const out = await ctx.call('printRun.templateRemove', { name: positionals[0] as string });
    ctx.print(out, `Removed template ${out.removed}.`);
    return Exit.ok;
  },
};

export const printTemplateUseCommand: CliCommand = {
  path: ['print-run', 'template', 'use'],
  usage: 'station [--data DIR] [--json] print-run template use --reel REEL [NAME | --none]',
  summary: "The template a Reel keeps as its own (its prints and reprints use it unless another is named); without NAME, the Reel's.",
  async run(ctx, args) {
    const { values, positionals } = parseCommand(args, {
      command: 'print-run template use',
      options: { reel: { type: 'string' }, none: { type: 'boolean' } },
      positionals: positionalsOf(args),
    });
    if (!values.reel) throw new UsageError('print-run template use needs --reel REEL.');
    const template = values.none ? null : positionals[0];
    const out = await ctx.call('printRun.reelTemplate', { reelId: values.reel, ...(template === undefined ? {} : { template }) });
    const lines = [out.template ? `Reel ${values.reel} prints with template ${out.template}.` : `Reel ${values.reel} prints with the station's own layout.`];
    if (out.missing.length) lines.push(`No place for what the Reel prints: ${out.missing.map((m) => `{${m}}`).join(', ')}.`);
    ctx.print(out, lines.join('\n'));
    return Exit.ok;
  },
};

/** `use` takes NAME or not: count the words that are not flags or --reel's value. */
function positionalsOf(args: string[]): string[] {
  const words = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--reel');
  return words.length ? ['NAME'] : [];
}
