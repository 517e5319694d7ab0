import type { GradeParameter, SymbolGrade } from '../../../../src-shared/ipc/grades';

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
