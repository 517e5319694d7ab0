import { GRADE_LETTERS, type GradeLetter } from '../../src-shared/domain/grade-order';
import type { GradeParameter, SymbolGrade } from '../../src-shared/ipc/grades';

// The grades in the CLI's and the log's English (the UI's words are in its catalogs).

/** The worst parameter in the CLI's and the log's words. */
export const PARAMETER_WORDS: Record<GradeParameter, string> = {
  decode: 'does not decode',
  sc: 'low contrast',
  mod: 'uneven modulation',
  rm: 'modules on the wrong side',
  fpd: 'damaged finder or timing',
  an: 'stretched',
  gn: 'distorted grid',
  uec: 'error correction used up',
};

/** "its QR code grades C (low contrast)". */
export function gradeWords(symbol: Pick<SymbolGrade, 'grade' | 'worst' | 'symbology'>): string {
  const name = symbol.symbology === 'QR' ? 'QR code' : 'Data Matrix';
  return symbol.grade === 'A' ? `its ${name} grades A` : `its ${name} grades ${symbol.grade} (${PARAMETER_WORDS[symbol.worst]})`;
}

/**
 * A Reel's (or a day's) grades in words, for the CLI's grade and report lines: the distribution best first ("A 3, B 1,
 * C 0, D 0, F 0") and the count of each worst parameter ("low contrast ×1"; empty when there is none).
 */
export function distributionWords(q: { distribution: Partial<Record<GradeLetter, number>>; worstParameters: Partial<Record<GradeParameter, number>> }): {
  grades: string;
  worst: string;
} {
  return {
    grades: GRADE_LETTERS.map((g) => `${g} ${q.distribution[g] ?? 0}`).join(', '),
    worst: Object.entries(q.worstParameters)
      .filter(([, n]) => (n ?? 0) > 0)
      .map(([p, n]) => `${PARAMETER_WORDS[p as GradeParameter]} ×${n}`)
      .join(', '),
  };
}
