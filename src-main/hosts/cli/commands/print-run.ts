import type { CliCommand } from '../command';
import { UsageError } from '../context';
import { parseCommand } from '../flags';
import { followPreflight } from '../preflight-progress';

export const printRunGenerateCommand: CliCommand = {
  path: ['print-run', 'generate'],
  usage:
    "station [--data DIR] [--json] print-run generate --reel REEL --count N [--start 1] [--step 1] [--prefix P] [--digits 6] [--suffix S] [--check gs1|luhn|damm|iso7064-mod37-36] [--qr-template 'https://example.test/{serial}' | --gs1-gtin GTIN --gs1-domain URL] [--data-matrix TEMPLATE] [--bar-code TEMPLATE] [--first-position 1] [--out FILE.csv|.pdf|.zpl] [--stock 50x30] [--sheet A4|Letter] [--dpi 203|300] [--template NAME] [--expected]",
  summary: "Generate a Reel's print run offline: the values of each label, an export for the printer (--out), and with --expected the Reel's expected values.",
  async run(ctx, args) {
    // The lowest value of each number is the print run's own (src-main/print-run/generate.ts), which also refuses,
    // naming the flag, a count or digits above its highest.
    const { values } = parseCommand(args, {
      command: 'print-run generate',
      options: {
        reel: { type: 'string' },
        count: { type: 'number', min: 1 },
        start: { type: 'number' },
        step: { type: 'number', min: 1 },
        prefix: { type: 'string' },
        digits: { type: 'number', min: 1 },
        suffix: { type: 'string' },
        check: { type: 'string' },
        'qr-template': { type: 'string' },
        'gs1-gtin': { type: 'string' },
        'gs1-domain': { type: 'string' },
        'data-matrix': { type: 'string' },
        'bar-code': { type: 'string' },
        'first-position': { type: 'number' },
        out: { type: 'string' },
        stock: { type: 'string' },
        sheet: { type: 'string' },
        dpi: { type: 'number', min: 203, max: 300 },
        expected: { type: 'boolean' },
        template: { type: 'string' },
      },
    });
    if (!values.reel) throw new UsageError('print-run generate needs --reel REEL.');
    if (values.count === undefined) throw new UsageError('print-run generate needs --count N (how many labels).');
    const gs1 = values['gs1-gtin'] !== undefined || values['gs1-domain'] !== undefined;
    if (gs1 && values['qr-template'] !== undefined) throw new UsageError('--qr-template and --gs1-gtin/--gs1-domain both set the QR value: give one.');
    if (!gs1 && values['qr-template'] === undefined)
      throw new UsageError(
        "print-run generate needs the QR value: --qr-template 'https://…/{serial}', or a GS1 Digital Link with --gs1-gtin and --gs1-domain.",
      );
    if (values.sheet !== undefined && values.sheet !== 'A4' && values.sheet !== 'Letter') throw new UsageError('--sheet is A4 or Letter.');
    const { dpi } = values;
    if (dpi !== undefined && dpi !== 203 && dpi !== 300) throw new UsageError('--dpi is 203 or 300.');
    const numbers = {
      count: values.count,
      start: values.start,
      step: values.step,
      digits: values.digits,
      firstPosition: values['first-position'],
    };
    const spec = {
      ...Object.fromEntries(Object.entries(numbers).filter(([, v]) => v !== undefined)),
      ...(values.prefix === undefined ? {} : { prefix: values.prefix }),
      ...(values.suffix === undefined ? {} : { suffix: values.suffix }),
      ...(values.check === undefined ? {} : { check: values.check }),
      qr: gs1 ? { gs1: { gtin: values['gs1-gtin'] ?? '', domain: values['gs1-domain'] ?? '' } } : values['qr-template'],
      ...(values['data-matrix'] === undefined ? {} : { dataMatrix: values['data-matrix'] }),
      ...(values['bar-code'] === undefined ? {} : { barCode: values['bar-code'] }),
    };
    const layout = {
      ...(values.stock === undefined ? {} : { stock: values.stock }),
      ...(values.sheet === undefined ? {} : { sheet: values.sheet }),
      ...(dpi === undefined ? {} : { dpi }),
    };
    // With a template every label is checked before the file is written: its progress on stderr.
    const unfollow = values.template === undefined ? undefined : await followPreflight(ctx);
    const out = await ctx
      .call('printRun.generate', {
        reelId: values.reel,
        spec,
        expected: values.expected ?? false,
        ...(values.out === undefined ? {} : { out: values.out }),
        ...(Object.keys(layout).length ? { layout } : {}),
        ...(values.template === undefined ? {} : { template: values.template }),
      })
      .finally(() => unfollow?.());
    const first = out.first[0];
    const last = out.last.at(-1);
    const answer = { count: out.count, first, last, expected: out.expected, conflicts: out.conflictCount, ...(out.file ? { file: out.file } : {}) };
    const lines = [
      `${out.count} labels: ${first?.serial ?? ''} (position ${first?.position ?? ''}) … ${last?.serial ?? ''} (position ${last?.position ?? ''}).`,
      ...(out.file ? [`Written: ${out.file.path} (${out.file.format}, ${out.file.bytes} bytes).`] : []),
      ...(values.expected ? [`${out.expected} expected values saved on the Reel; the bench checks each scan against them.`] : []),
      ...(out.conflictCount && !values.expected ? [`Note: ${out.conflictCount} conflict(s) with the Reel: ${out.conflicts[0]?.message ?? ''}`] : []),
    ];
    ctx.print(answer, lines.join('\n'));
    return 0;
  },
};
