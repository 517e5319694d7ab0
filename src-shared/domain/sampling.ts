import { z } from 'zod';
import { mulberry32 } from './random';

// ISO 2859-1 single sampling plans for normal inspection: Table 1 (sample size code letters) and Table 2-A
// (master table). The same tables are ANSI/ASQ Z1.4 Table I and II-A and MIL-STD-105E Table I and II-A.
// Pure: no I/O, no clock; the station's quality check (a sample of a Reel's enrolled Labels) builds on it.

export const INSPECTION_LEVELS = ['S-1', 'S-2', 'S-3', 'S-4', 'I', 'II', 'III'] as const;
export type InspectionLevel = (typeof INSPECTION_LEVELS)[number];

/** Sample size code letters in table order (I and O are not used by the standard). */
export const CODE_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'Q', 'R'] as const;
export type CodeLetter = (typeof CODE_LETTERS)[number];

/** Table 2-A: the sample size of each code letter's row. */
export const SAMPLE_SIZES: Readonly<Record<CodeLetter, number>> = {
  A: 2,
  B: 3,
  C: 5,
  D: 8,
  E: 13,
  F: 20,
  G: 32,
  H: 50,
  J: 80,
  K: 125,
  L: 200,
  M: 315,
  N: 500,
  P: 800,
  Q: 1250,
  R: 2000,
};

/** Table 2-A's AQL columns, as the standard prints them (percent nonconforming up to 10, nonconformities per 100 items above). */
export const AQL_LABELS = [
  '0.010',
  '0.015',
  '0.025',
  '0.040',
  '0.065',
  '0.10',
  '0.15',
  '0.25',
  '0.40',
  '0.65',
  '1.0',
  '1.5',
  '2.5',
  '4.0',
  '6.5',
  '10',
  '15',
  '25',
  '40',
  '65',
  '100',
  '150',
  '250',
  '400',
  '650',
  '1000',
] as const;
/** The same columns as numbers; an AQL is accepted only when it equals one of them. */
export const AQL_VALUES: readonly number[] = AQL_LABELS.map(Number);

export const DEFAULT_AQL = 0.65;
export const DEFAULT_LEVEL: InspectionLevel = 'II';

// --- Table 1: sample size code letters ------------------------------------------------------------
// One row per lot size range; letters for S-1 S-2 S-3 S-4 I II III. The last range has no upper bound.
const TABLE_1_ROWS: readonly (readonly [from: number, to: number, letters: string])[] = [
  // from    to         S-1 S-2 S-3 S-4  I  II III
  [2, 8, 'A   A   A   A   A   A   B'],
  [9, 15, 'A   A   A   A   A   B   C'],
  [16, 25, 'A   A   B   B   B   C   D'],
  [26, 50, 'A   B   B   C   C   D   E'],
  [51, 90, 'B   B   C   C   C   E   F'],
  [91, 150, 'B   B   C   D   D   F   G'],
  [151, 280, 'B   C   D   E   E   G   H'],
  [281, 500, 'B   C   D   E   F   H   J'],
  [501, 1200, 'C   C   E   F   G   J   K'],
  [1201, 3200, 'C   D   E   G   H   K   L'],
  [3201, 10000, 'C   D   F   G   J   L   M'],
  [10001, 35000, 'C   D   F   H   K   M   N'],
  [35001, 150000, 'D   E   G   J   L   N   P'],
  [150001, 500000, 'D   E   G   J   M   P   Q'],
  [500001, Infinity, 'D   E   H   K   N   Q   R'],
];

export interface LotSizeRange {
  readonly from: number;
  /** Infinity for "500 001 and over". */
  readonly to: number;
  readonly letters: Readonly<Record<InspectionLevel, CodeLetter>>;
}

function isCodeLetter(s: string): s is CodeLetter {
  return (CODE_LETTERS as readonly string[]).includes(s);
}

export const TABLE_1: readonly LotSizeRange[] = TABLE_1_ROWS.map(([from, to, text]) => {
  const tokens = text.trim().split(/\s+/);
  if (tokens.length !== INSPECTION_LEVELS.length || !tokens.every(isCodeLetter)) {
    throw new Error(`Table 1 row ${from}–${to} is malformed: ${text.trim()}`);
  }
  const letters = Object.fromEntries(INSPECTION_LEVELS.map((level, i) => [level, tokens[i]])) as Record<InspectionLevel, CodeLetter>;
  return { from, to, letters };
});

// --- Table 2-A: single sampling plans for normal inspection (master table) -----------------------------
// Each cell is a plan "Ac/Re" or an arrow: ↓ = use the first plan below the arrow, ↑ = the first plan above.
// Along each row the plans run 0/1, (↑, ↓), 1/2, 2/3, 3/4, 5/6, 7/8, 10/11, 14/15, 21/22 (and 30/31, 44/45 in
// rows A–E under the AQLs for nonconformities), one AQL column to the left for each letter further down.
// Two cells are encoded by where their arrow can lead: at A/10 the diagonal's pattern gives ↑, but there is no
// row above A, so the cell reads ↓ (the only plans in that column are below: C, 1/2); at R/0.015 the pattern
// gives ↓ with no row below R, so the cell reads ↑ (P, 0/1).
const TABLE_2A_ROWS: Readonly<Record<CodeLetter, string>> = {
  //  0.010 0.015 0.025 0.040 0.065  0.10  0.15  0.25  0.40  0.65   1.0   1.5   2.5   4.0   6.5    10    15    25    40    65   100   150   250   400   650  1000
  A: '    ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓   0/1     ↓     ↓   1/2   2/3   3/4   5/6   7/8 10/11 14/15 21/22 30/31',
  B: '    ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓   0/1     ↑     ↓   1/2   2/3   3/4   5/6   7/8 10/11 14/15 21/22 30/31 44/45',
  C: '    ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓   0/1     ↑     ↓   1/2   2/3   3/4   5/6   7/8 10/11 14/15 21/22 30/31 44/45     ↑',
  D: '    ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓   0/1     ↑     ↓   1/2   2/3   3/4   5/6   7/8 10/11 14/15 21/22 30/31 44/45     ↑     ↑',
  E: '    ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓   0/1     ↑     ↓   1/2   2/3   3/4   5/6   7/8 10/11 14/15 21/22 30/31 44/45     ↑     ↑     ↑',
  F: '    ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓   0/1     ↑     ↓   1/2   2/3   3/4   5/6   7/8 10/11 14/15 21/22     ↑     ↑     ↑     ↑     ↑     ↑',
  G: '    ↓     ↓     ↓     ↓     ↓     ↓     ↓     ↓   0/1     ↑     ↓   1/2   2/3   3/4   5/6   7/8 10/11 14/15 21/22     ↑     ↑     ↑     ↑     ↑     ↑     ↑',
  H: '    ↓     ↓     ↓     ↓     ↓     ↓     ↓   0/1     ↑     ↓   1/2   2/3   3/4   5/6   7/8 10/11 14/15 21/22     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑',
  J: '    ↓     ↓     ↓     ↓     ↓     ↓   0/1     ↑     ↓   1/2   2/3   3/4   5/6   7/8 10/11 14/15 21/22     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑',
  K: '    ↓     ↓     ↓     ↓     ↓   0/1     ↑     ↓   1/2   2/3   3/4   5/6   7/8 10/11 14/15 21/22     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑',
  L: '    ↓     ↓     ↓     ↓   0/1     ↑     ↓   1/2   2/3   3/4   5/6   7/8 10/11 14/15 21/22     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑',
  M: '    ↓     ↓     ↓   0/1     ↑     ↓   1/2   2/3   3/4   5/6   7/8 10/11 14/15 21/22     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑',
  N: '    ↓     ↓   0/1     ↑     ↓   1/2   2/3   3/4   5/6   7/8 10/11 14/15 21/22     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑',
  P: '    ↓   0/1     ↑     ↓   1/2   2/3   3/4   5/6   7/8 10/11 14/15 21/22     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑',
  Q: '  0/1     ↑     ↓   1/2   2/3   3/4   5/6   7/8 10/11 14/15 21/22     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑',
  R: '    ↑     ↑   1/2   2/3   3/4   5/6   7/8 10/11 14/15 21/22     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑     ↑',
};

export type Table2ACell =
  { readonly kind: 'plan'; readonly accept: number; readonly reject: number } | { readonly kind: 'arrow'; readonly direction: 'down' | 'up' };

function parseCell(token: string, where: string): Table2ACell {
  if (token === '↓') return { kind: 'arrow', direction: 'down' };
  if (token === '↑') return { kind: 'arrow', direction: 'up' };
  const m = /^(\d+)\/(\d+)$/.exec(token);
  if (!m) throw new Error(`Table 2-A cell ${where} is malformed: ${token}`);
  return { kind: 'plan', accept: Number(m[1]), reject: Number(m[2]) };
}

/** Table 2-A as cells: TABLE_2A[letter][column], columns in AQL_LABELS order. */
export const TABLE_2A: Readonly<Record<CodeLetter, readonly Table2ACell[]>> = Object.fromEntries(
  CODE_LETTERS.map((letter) => {
    const tokens = TABLE_2A_ROWS[letter].trim().split(/\s+/);
    if (tokens.length !== AQL_LABELS.length) throw new Error(`Table 2-A row ${letter} has ${tokens.length} cells, not ${AQL_LABELS.length}`);
    return [letter, tokens.map((token, i) => parseCell(token, `${letter}/${AQL_LABELS[i]}`))];
  }),
) as unknown as Record<CodeLetter, readonly Table2ACell[]>;

// --- Plans ---------------------------------------------------------------------------------------------

const AQL_LIST = AQL_LABELS.join(', ');

export const SamplingInputSchema = z.object({
  lotSize: z
    .number({ error: 'lot size must be a number of items' })
    .int({ error: (issue) => `lot size ${String(issue.input)} is not a whole number of items; count the items in the lot` })
    .min(2, { error: (issue) => `lot size ${String(issue.input)} is too small: ISO 2859-1 samples lots of 2 items or more; inspect a single item directly` }),
  aql: z
    .number({ error: `AQL must be a number, one of ${AQL_LIST}` })
    .refine((aql) => AQL_VALUES.includes(aql), {
      error: (issue) => `AQL ${String(issue.input)} is not a column of ISO 2859-1 Table 2-A; choose one of ${AQL_LIST}`,
    })
    .default(DEFAULT_AQL),
  level: z
    .enum(INSPECTION_LEVELS, { error: (issue) => `inspection level ${String(issue.input)} is unknown; choose one of ${INSPECTION_LEVELS.join(', ')}` })
    .default(DEFAULT_LEVEL),
});
export type SamplingInput = z.input<typeof SamplingInputSchema>;

/** Refused sampling input; `issues` lists every problem, `message` joins their wording. */
export class SamplingInputError extends Error {
  override readonly name = 'SamplingInputError';
  constructor(readonly issues: readonly string[]) {
    super(issues.join('; '));
  }
}

export interface SamplingPlan {
  lotSize: number;
  /** Table 1's letter for the lot size and level. */
  codeLetter: CodeLetter;
  /** Items to inspect: the plan row's sample size, or the whole lot when that is not smaller (100 % inspection). */
  sampleSize: number;
  /** Ac: the lot is accepted with this many nonconforming items or fewer in the sample. */
  accept: number;
  /** Re: the lot is rejected with this many nonconforming items or more. */
  reject: number;
  aql: number;
  level: InspectionLevel;
  /** The row whose plan applies: codeLetter itself, or where Table 2-A's arrow leads. */
  planLetter: CodeLetter;
}

/** Table 1: the sample size code letter of a lot size at an inspection level. */
export function codeLetterFor(lotSize: number, level: InspectionLevel): CodeLetter {
  const range = TABLE_1.find((r) => lotSize >= r.from && lotSize <= r.to);
  if (!range) throw new RangeError(`lot size ${lotSize} is not in ISO 2859-1 Table 1 (lots of 2 items or more)`);
  return range.letters[level];
}

/** Table 2-A: the plan at a code letter's row and an AQL column, following arrows to the first plan they lead to. */
export function tablePlan(codeLetter: CodeLetter, aql: number): { planLetter: CodeLetter; sampleSize: number; accept: number; reject: number } {
  const column = AQL_VALUES.indexOf(aql);
  if (column < 0) throw new RangeError(`AQL ${aql} is not a column of ISO 2859-1 Table 2-A; choose one of ${AQL_LIST}`);
  let row = CODE_LETTERS.indexOf(codeLetter);
  for (;;) {
    const letter = CODE_LETTERS[row];
    const cell = letter === undefined ? undefined : TABLE_2A[letter][column];
    if (letter === undefined || cell === undefined) {
      throw new Error(`Table 2-A: the arrow from ${codeLetter}/${AQL_LABELS[column]} leads off the table`);
    }
    if (cell.kind === 'plan') return { planLetter: letter, sampleSize: SAMPLE_SIZES[letter], accept: cell.accept, reject: cell.reject };
    row += cell.direction === 'down' ? 1 : -1;
  }
}

/**
 * The single sampling plan for normal inspection of a lot (ISO 2859-1 Tables 1 and 2-A).
 *
 * `codeLetter` is Table 1's letter; where Table 2-A shows an arrow in that row, the plan (sample size, Ac, Re) is
 * the one the arrow leads to, whose row is `planLetter`. 100 % inspection: when the plan's sample size equals or
 * exceeds the lot size (Table 2-A's note), every item is inspected, so `sampleSize` is the lot size, and the
 * plan's Ac and Re still decide the lot.
 *
 * Throws SamplingInputError naming every refused value (lot size below 2 or not whole, AQL not a column of
 * Table 2-A, unknown level).
 */
export function samplingPlan(input: SamplingInput): SamplingPlan {
  const parsed = SamplingInputSchema.safeParse(input);
  if (!parsed.success) throw new SamplingInputError(parsed.error.issues.map((issue) => issue.message));
  const { lotSize, aql, level } = parsed.data;
  const codeLetter = codeLetterFor(lotSize, level);
  const plan = tablePlan(codeLetter, aql);
  return {
    lotSize,
    codeLetter,
    sampleSize: Math.min(plan.sampleSize, lotSize),
    accept: plan.accept,
    reject: plan.reject,
    aql,
    level,
    planLetter: plan.planLetter,
  };
}

// --- Drawing the sample --------------------------------------------------------------------------------

/**
 * A uniform random subset of `positions` (every subset of that size equally likely), sorted ascending: a partial
 * Fisher–Yates shuffle of a copy, `sampleSize` steps long. All positions when sampleSize >= their count.
 * `random` returns uniform floats in [0, 1). Positions must be distinct; the input is not changed.
 */
export function drawSample(positions: readonly number[], sampleSize: number, random: () => number): number[] {
  if (!Number.isInteger(sampleSize) || sampleSize < 0) {
    throw new RangeError(`sample size ${sampleSize} is not a whole number of items (0 or more)`);
  }
  const seen = new Set<number>();
  for (const position of positions) {
    if (seen.has(position)) throw new RangeError(`position ${position} is listed twice; list each enrolled position once`);
    seen.add(position);
  }
  const pool = [...positions];
  const take = Math.min(sampleSize, pool.length);
  for (let i = 0; i < take; i += 1) {
    const j = Math.min(pool.length - 1, i + Math.floor(random() * (pool.length - i)));
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
  }
  return pool.slice(0, take).sort((a, b) => a - b);
}

/** drawSample with the station's seeded generator (random.ts): the same seed draws the same sample everywhere. */
export function samplePositions(positions: readonly number[], sampleSize: number, seed: number): number[] {
  return drawSample(positions, sampleSize, mulberry32(seed));
}
