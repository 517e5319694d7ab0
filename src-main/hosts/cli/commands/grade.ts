import { readFile } from 'node:fs/promises';
import { StationError, StationErrorCode } from '../../../../src-shared/ipc/envelope';
import type { LabelGrade, ReelGrades, SymbolGrade } from '../../../../src-shared/ipc/grades';
import { PARAMETER_WORDS, distributionWords } from '../../../print-quality/words';
import { ImageRefusedError } from '../../../devices/camera/errors';
import type { CliCommand } from '../command';
import { UsageError } from '../context';
import { parseCommand } from '../flags';

// `station grade`: print quality of the codes in an image, or of a Reel's Labels (docs/print-quality.md). A
// process-control grade from the bench camera, not a certified verification: the text says so.

const NOT_CERTIFIED = 'Process-control grade from the bench camera, not a certified ISO/IEC 15415 verification.';

function symbolLine(s: SymbolGrade): string {
  const m = s.measures;
  const p = s.parameters;
  return [
    `${s.symbology === 'QR' ? 'QR' : 'Data Matrix'} "${s.value}": grade ${s.grade} ${s.score.toFixed(1)}${s.grade === 'A' ? '' : ` (${PARAMETER_WORDS[s.worst]})`}`,
    `  decode ${p.decode}  SC ${p.sc} ${m.sc.toFixed(2)}  MOD ${p.mod}  RM ${p.rm}  FPD ${p.fpd}  AN ${p.an} ${m.an.toFixed(3)}  GN ${p.gn} ${m.gn.toFixed(2)}  UEC ${p.uec} ${m.uec.toFixed(2)}`,
  ].join('\n');
}

function labelLine(l: LabelGrade): string {
  return `  ${String(l.position).padStart(5)}  ${l.grade} ${l.score.toFixed(1)}${l.grade === 'A' ? '' : `  ${PARAMETER_WORDS[l.worst]}`}${l.flagged ? "  FLAGGED (below the Reel's accepted grade)" : ''}`;
}

function reelText(out: ReelGrades): string {
  const { grades: dist, worst } = distributionWords(out);
  return [
    `Reel ${out.reelId}: lowest accepted grade ${out.grading.minGrade}, below it ${out.grading.below === 'refuse' ? 'refused' : 'flagged'}; ${out.flagged} flagged`,
    `Grades: ${dist}${worst ? `; worst parameters: ${worst}` : ''}`,
    ...out.labels.map(labelLine),
    NOT_CERTIFIED,
  ].join('\n');
}

async function readImage(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StationError({
      code: code === 'ENOENT' ? StationErrorCode.notFound : 'CAPTURE_UNREADABLE',
      message:
        code === 'ENOENT'
          ? `No file "${path}": check the path and try again.`
          : `Cannot read the image "${path}" (${code ?? (error as Error).message}); check that it is a file the station may read.`,
    });
  }
}

export const gradeCommand: CliCommand = {
  path: ['grade'],
  usage: 'station [--data DIR] [--json] grade (IMAGE | --reel REEL [--position N])',
  summary:
    "Print quality (ISO/IEC 15415 parameters, A-F) of the QR and Data Matrix codes in an image, or the grades kept for a Reel's Labels with their distribution.",
  async run(ctx, args) {
    const { values, positionals } = parseCommand(args, {
      command: 'grade',
      options: { reel: { type: 'string' }, position: { type: 'number' } },
      positionals: args.includes('--reel') || args.some((a) => a.startsWith('--reel=')) ? [] : ['IMAGE'],
    });
    if (values.reel !== undefined) {
      const out = await ctx.call('grades.reel', { reelId: values.reel, ...(values.position === undefined ? {} : { position: values.position }) });
      ctx.print(out, reelText(out));
      return 0;
    }
    const path = positionals[0] as string;
    let symbols: SymbolGrade[];
    try {
      // The grader (zxing, sharp) loads with the command that grades, not with every command.
      const { gradeStill } = await import('../../../print-quality');
      symbols = await gradeStill(await readImage(path));
    } catch (error) {
      if (error instanceof ImageRefusedError) throw new StationError({ code: error.code, message: `${path}: ${error.message}` });
      throw error;
    }
    ctx.print({ symbols }, symbols.length ? [...symbols.map(symbolLine), NOT_CERTIFIED].join('\n') : `No QR or Data Matrix code found in ${path}.`);
    return 0;
  },
};

export const gradeSettingCommand: CliCommand = {
  path: ['grade', 'setting'],
  usage: 'station [--data DIR] [--json] grade setting --reel REEL [--min A|B|C|D] [--below flag|refuse]',
  summary: "Show or change a Reel's lowest accepted print grade (default C) and whether a Label below it is flagged or refused.",
  async run(ctx, args) {
    const { values } = parseCommand(args, {
      command: 'grade setting',
      options: { reel: { type: 'string' }, min: { type: 'string' }, below: { type: 'string' } },
    });
    if (values.reel === undefined) throw new UsageError('grade setting: --reel REEL is required (the Reel whose accepted grade to show or change).');
    const out = await ctx.call('grades.setting', {
      reelId: values.reel,
      ...(values.min === undefined ? {} : { minGrade: values.min.toUpperCase() }),
      ...(values.below === undefined ? {} : { below: values.below }),
    });
    ctx.print(out, `Reel ${values.reel}: lowest accepted grade ${out.minGrade}; a Label below it is ${out.below === 'refuse' ? 'refused' : 'flagged'}.`);
    return 0;
  },
};
