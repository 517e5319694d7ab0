import { resolve } from 'node:path';
import { READS_ONLY, type CliCommand } from '../command';
import { Exit, UsageError } from '../context';
import { identifiersFrom, parseCommand, valueFlagOptions } from '../flags';

// The quality check from the command line: draw the sample of a Reel, check one sampled position, show where the
// verification stands. A failed sample or a rejected lot exits 3.

export const verifyPlanCommand: CliCommand = {
  path: ['verify', 'plan'],
  usage: 'station [--data DIR] [--json] verify plan --reel REEL [--aql 0.65] [--seed N]',
  summary: "Draw a Reel's quality-check sample (ISO 2859-1, level II, normal inspection; the seed is recorded).",
  async run(ctx, args) {
    const { values } = parseCommand(args, {
      command: 'verify plan',
      // The seed's highest is the contract's (src-shared/ipc/verify.ts, SeedSchema); the AQL is a decimal, checked below.
      options: { reel: { type: 'string' }, aql: { type: 'string' }, seed: { type: 'number', max: 2 ** 32 - 1 } },
    });
    if (!values.reel) throw new UsageError('verify plan needs --reel REEL.');
    const aql = values.aql === undefined ? undefined : Number(values.aql);
    if (aql !== undefined && (values.aql?.trim() === '' || !Number.isFinite(aql)))
      throw new UsageError(`--aql must be a number such as 0.65 (got "${values.aql}").`);
    const { seed } = values;
    const plan = await ctx.call('verify.plan', { reelId: values.reel, ...(aql === undefined ? {} : { aql }), ...(seed === undefined ? {} : { seed }) });
    ctx.print(
      plan,
      [
        `Lot ${plan.lotSize} → code letter ${plan.codeLetter}${plan.planLetter === plan.codeLetter ? '' : ` (the table's arrow leads to ${plan.planLetter})`}: sample ${plan.sampleSize}, accept ${plan.accept}, reject ${plan.reject} (AQL ${plan.aql}, seed ${plan.seed}).`,
        `Positions to check: ${plan.positions.join(', ')}`,
        ...(plan.notOnService > 0 ? [`${plan.notOnService} Label(s) not yet on the service are not in the lot.`] : []),
      ].join('\n'),
    );
    return Exit.ok;
  },
};

export const verifyCheckCommand: CliCommand = {
  path: ['verify', 'check'],
  usage: 'station [--data DIR] [--json] verify check --reel REEL --position N [--text V] [--qr V] [--data-matrix V] [--bar-code V] [--nfc HEX] [--svc IMAGE]',
  summary: 'Check one sampled position against the service (exit 3 when it fails); with no value, checks the scan kept while offline.',
  async run(ctx, args) {
    const { values } = parseCommand(args, {
      command: 'verify check',
      options: { reel: { type: 'string' }, position: { type: 'number' }, ...valueFlagOptions(true) },
    });
    if (!values.reel) throw new UsageError('verify check needs --reel REEL.');
    const { position } = values;
    if (position === undefined) throw new UsageError('--position is needed: a whole number.');
    const identifiers = identifiersFrom(values);
    const out = await ctx.call('verify.check', { reelId: values.reel, position, identifiers, ...(values.svc ? { svcImagePath: resolve(values.svc) } : {}) });
    const verdict = out.verdict;
    ctx.print(
      out,
      [
        `Position ${out.position}: ${out.pass ? 'passed' : `FAILED (${out.outcome})`} — ${out.reason}${out.code ? ` [${out.code}]` : ''}${out.requestId ? ` [request id ${out.requestId}]` : ''}`,
        `Lot: ${verdict.decision} (${verdict.failed} failed of ${verdict.inspected} checked)`,
      ].join('\n'),
    );
    return out.pass && verdict.decision !== 'reject' ? Exit.ok : Exit.attention;
  },
};

export const verifyStatusCommand: CliCommand = {
  path: ['verify', 'status'],
  usage: 'station [--data DIR] [--json] verify status --reel REEL',
  summary: "Show a Reel's current quality check: the plan, each sample and the lot's verdict (exit 3 when rejected).",
  stationOptions: READS_ONLY,
  async run(ctx, args) {
    const { values } = parseCommand(args, { command: 'verify status', options: { reel: { type: 'string' } } });
    if (!values.reel) throw new UsageError('verify status needs --reel REEL.');
    const status = await ctx.call('verify.status', { reelId: values.reel });
    const v = status.verification;
    ctx.print(
      status,
      v
        ? [
            `Sample of ${v.plan.sampleSize} from ${v.plan.lotSize} (AQL ${v.plan.aql}, seed ${v.plan.seed}, accept ${v.plan.accept}, reject ${v.plan.reject}): ${v.verdict.decision}, ${v.verdict.failed} failed of ${v.verdict.inspected} checked.`,
            ...v.samples.map((s) => `  ${String(s.position).padStart(6)}  ${s.state.padEnd(7)} ${s.result ? s.result.reason : ''}`),
          ].join('\n')
        : 'No sample drawn yet: "station verify plan --reel REEL".',
    );
    return v?.verdict.decision === 'reject' ? Exit.attention : Exit.ok;
  },
};
