import { describe, expect, it } from 'vitest';
import { mulberry32 } from './random';
import {
  AQL_LABELS,
  AQL_VALUES,
  CODE_LETTERS,
  SAMPLE_SIZES,
  SamplingInputError,
  SamplingInputSchema,
  TABLE_1,
  TABLE_2A,
  codeLetterFor,
  drawSample,
  samplePositions,
  samplingPlan,
  tablePlan,
  type CodeLetter,
  type InspectionLevel,
} from './sampling';

// Expected values are read off ISO 2859-1 Table 1 and Table 2-A (= ANSI/ASQ Z1.4 and MIL-STD-105E Table I and II-A).

describe('Table 1: sample size code letters', () => {
  // [first, last] lot size of each range and its letter at general level II.
  const levelII: [number, number, CodeLetter][] = [
    [2, 8, 'A'],
    [9, 15, 'B'],
    [16, 25, 'C'],
    [26, 50, 'D'],
    [51, 90, 'E'],
    [91, 150, 'F'],
    [151, 280, 'G'],
    [281, 500, 'H'],
    [501, 1200, 'J'],
    [1201, 3200, 'K'],
    [3201, 10000, 'L'],
    [10001, 35000, 'M'],
    [35001, 150000, 'N'],
    [150001, 500000, 'P'],
    [500001, 50_000_000, 'Q'],
  ];

  it.each(levelII)('lots of %i to %i items are letter %s at level II', (first, last, letter) => {
    expect(codeLetterFor(first, 'II')).toBe(letter);
    expect(codeLetterFor(last, 'II')).toBe(letter);
  });

  it('a lot one item past a range takes the next letter', () => {
    const letters = [
      8, 9, 15, 16, 25, 26, 50, 51, 90, 91, 150, 151, 280, 281, 500, 501, 1200, 1201, 3200, 3201, 10000, 10001, 35000, 35001, 150000, 150001, 500000, 500001,
    ];
    expect(letters.map((n) => codeLetterFor(n, 'II')).join('')).toBe('ABBCCDDEEFFGGHHJJKKLLMMNNPPQ');
  });

  const others: [number, InspectionLevel, CodeLetter][] = [
    [8, 'III', 'B'],
    [1000, 'I', 'G'],
    [1000, 'III', 'K'],
    [3200, 'I', 'H'],
    [600_000, 'I', 'N'],
    [600_000, 'III', 'R'],
    [50, 'S-1', 'A'],
    [51, 'S-1', 'B'],
    [1000, 'S-1', 'C'],
    [600_000, 'S-1', 'D'],
    [150, 'S-2', 'B'],
    [151, 'S-2', 'C'],
    [35001, 'S-2', 'E'],
    [25, 'S-3', 'B'],
    [3201, 'S-3', 'F'],
    [500001, 'S-3', 'H'],
    [90, 'S-4', 'C'],
    [1201, 'S-4', 'G'],
    [10001, 'S-4', 'H'],
    [500001, 'S-4', 'K'],
  ];
  it.each(others)('lot %i at level %s is letter %s', (lotSize, level, letter) => {
    expect(codeLetterFor(lotSize, level)).toBe(letter);
  });

  it('the ranges cover every lot size from 2 without gaps or overlaps', () => {
    expect(TABLE_1[0]?.from).toBe(2);
    for (let i = 1; i < TABLE_1.length; i += 1) expect(TABLE_1[i]?.from).toBe((TABLE_1[i - 1]?.to ?? NaN) + 1);
    expect(TABLE_1.at(-1)?.to).toBe(Infinity);
  });
});

describe('Table 2-A: single sampling plans for normal inspection', () => {
  // [lot size (level II), AQL, plan letter, sample size, Ac, Re]
  const plans: [number, number, CodeLetter, number, number, number][] = [
    // lot 1000: letter J, n = 80
    [1000, 0.065, 'L', 200, 0, 1], // ↓ twice
    [1000, 0.15, 'J', 80, 0, 1],
    [1000, 0.25, 'H', 50, 0, 1], // ↑
    [1000, 0.4, 'K', 125, 1, 2], // ↓
    [1000, 0.65, 'J', 80, 1, 2],
    [1000, 1.0, 'J', 80, 2, 3],
    [1000, 2.5, 'J', 80, 5, 6],
    [1000, 4.0, 'J', 80, 7, 8],
    [1000, 6.5, 'J', 80, 10, 11],
    [1000, 25, 'H', 50, 21, 22], // ↑ past the last plan of row J
    // lot 100: letter F, n = 20
    [100, 0.25, 'H', 50, 0, 1], // ↓ twice
    [100, 0.65, 'F', 20, 0, 1], // no arrow: F's own 0/1
    [100, 1.0, 'E', 13, 0, 1], // ↑
    [100, 1.5, 'G', 32, 1, 2], // ↓
    [100, 2.5, 'F', 20, 1, 2],
    [100, 4.0, 'F', 20, 2, 3],
    [100, 6.5, 'F', 20, 3, 4],
    // the two arrows at AQL 0.65 on the diagonal
    [200, 0.65, 'F', 20, 0, 1], // G ↑ F
    [400, 0.65, 'J', 80, 1, 2], // H ↓ J
    // lots larger than the sample
    [5000, 0.065, 'L', 200, 0, 1],
    [5000, 1.0, 'L', 200, 5, 6],
    [50_000, 0.065, 'P', 800, 1, 2], // N ↓ P
    [50_000, 2.5, 'N', 500, 21, 22],
    [50_000, 4.0, 'M', 315, 21, 22], // ↑
    [20_000, 0.25, 'M', 315, 2, 3],
    [20_000, 0.065, 'L', 200, 0, 1], // M ↑ L
    // the AQLs for nonconformities per 100 items (rows A–E reach 30/31 and 44/45)
    [8, 1000, 'A', 2, 30, 31],
    [15, 1000, 'B', 3, 44, 45],
    [50, 650, 'C', 5, 44, 45], // D ↑ C
    [90, 250, 'E', 13, 44, 45],
    [150, 150, 'E', 13, 30, 31], // F ↑ E
  ];
  it.each(plans)('lot %i at AQL %d: letter %s, n = %i, Ac %i, Re %i', (lotSize, aql, planLetter, sampleSize, accept, reject) => {
    const plan = samplingPlan({ lotSize, aql });
    expect({ planLetter: plan.planLetter, sampleSize: plan.sampleSize, accept: plan.accept, reject: plan.reject }).toEqual({
      planLetter,
      sampleSize,
      accept,
      reject,
    });
  });

  it('the worked example: lot 1000 at level II is letter J, n = 80; AQL 0.65 gives Ac 1 Re 2, AQL 2.5 Ac 5 Re 6', () => {
    expect(samplingPlan({ lotSize: 1000, aql: 0.65 })).toEqual({
      lotSize: 1000,
      codeLetter: 'J',
      sampleSize: 80,
      accept: 1,
      reject: 2,
      aql: 0.65,
      level: 'II',
      planLetter: 'J',
    });
    expect(samplingPlan({ lotSize: 1000, aql: 2.5 })).toMatchObject({ codeLetter: 'J', sampleSize: 80, accept: 5, reject: 6 });
  });

  it('defaults to AQL 0.65 at level II', () => {
    expect(samplingPlan({ lotSize: 1000 })).toMatchObject({ aql: 0.65, level: 'II', codeLetter: 'J', sampleSize: 80, accept: 1, reject: 2 });
  });

  it('keeps Table 1 letter as codeLetter when the arrow moves the plan to another row', () => {
    expect(samplingPlan({ lotSize: 200, aql: 0.65 })).toMatchObject({ codeLetter: 'G', planLetter: 'F', sampleSize: 20 });
    expect(samplingPlan({ lotSize: 400, aql: 0.65 })).toMatchObject({ codeLetter: 'H', planLetter: 'J', sampleSize: 80 });
  });

  it('follows a down arrow from row A to the first plan at the foot of the column', () => {
    expect(tablePlan('A', 0.01)).toEqual({ planLetter: 'Q', sampleSize: 1250, accept: 0, reject: 1 });
  });

  it('reads the edge cells towards the only plans their column has (A at 10, R at 0.015)', () => {
    expect(tablePlan('A', 10)).toEqual({ planLetter: 'C', sampleSize: 5, accept: 1, reject: 2 });
    expect(tablePlan('R', 0.015)).toEqual({ planLetter: 'P', sampleSize: 800, accept: 0, reject: 1 });
    expect(tablePlan('R', 0.01)).toEqual({ planLetter: 'Q', sampleSize: 1250, accept: 0, reject: 1 });
    expect(tablePlan('R', 0.025)).toEqual({ planLetter: 'R', sampleSize: 2000, accept: 1, reject: 2 });
    expect(samplingPlan({ lotSize: 600_000, aql: 0.015, level: 'III' })).toMatchObject({ codeLetter: 'R', planLetter: 'P', sampleSize: 800 });
  });

  it('every cell leads to a plan', () => {
    for (const letter of CODE_LETTERS) {
      for (const aql of AQL_VALUES) expect(() => tablePlan(letter, aql)).not.toThrow();
    }
  });

  // The standard's structure: plans along a row and down a column are consecutive steps of one series.
  const SERIES = ['0/1', '1/2', '2/3', '3/4', '5/6', '7/8', '10/11', '14/15', '21/22', '30/31', '44/45'];
  const planText = (letter: CodeLetter, column: number): string | null => {
    const cell = TABLE_2A[letter][column];
    return cell?.kind === 'plan' ? `${cell.accept}/${cell.reject}` : null;
  };
  const isConsecutive = (texts: (string | null)[]): boolean => {
    const indexes = texts.filter((t): t is string => t !== null).map((t) => SERIES.indexOf(t));
    return indexes.every((v, i) => v >= 0 && (i === 0 || v === (indexes[i - 1] ?? NaN) + 1));
  };

  it('along each row, the plans step through 0/1, 1/2, 2/3, 3/4, 5/6, 7/8, 10/11, 14/15, 21/22 (30/31, 44/45)', () => {
    for (const letter of CODE_LETTERS) expect(isConsecutive(AQL_LABELS.map((_, column) => planText(letter, column))), letter).toBe(true);
  });

  it('down each column, the plans step through the same series, one step per letter once they start', () => {
    AQL_LABELS.forEach((label, column) => {
      expect(isConsecutive(CODE_LETTERS.map((letter) => planText(letter, column))), label).toBe(true);
    });
  });

  it('0/1 sits on the diagonal: A at 6.5 down to Q at 0.010, one column left per letter', () => {
    CODE_LETTERS.slice(0, 15).forEach((letter, i) => {
      expect(planText(letter, 14 - i), letter).toBe('0/1');
    });
  });

  it('sample sizes per letter', () => {
    expect(CODE_LETTERS.map((l) => SAMPLE_SIZES[l])).toEqual([2, 3, 5, 8, 13, 20, 32, 50, 80, 125, 200, 315, 500, 800, 1250, 2000]);
  });
});

describe('100 % inspection', () => {
  it('inspects the whole lot when the plan sample is not smaller, keeping the plan Ac/Re', () => {
    // lot 10 = letter B; at AQL 0.65 the arrow leads to F (n = 20) with Ac 0, Re 1
    expect(samplingPlan({ lotSize: 10, aql: 0.65 })).toMatchObject({ codeLetter: 'B', planLetter: 'F', sampleSize: 10, accept: 0, reject: 1 });
    expect(samplingPlan({ lotSize: 2, aql: 0.01 })).toMatchObject({ codeLetter: 'A', planLetter: 'Q', sampleSize: 2, accept: 0, reject: 1 });
    // equal sizes: lot 5 = letter A; at AQL 10 the plan is C with n = 5
    expect(samplingPlan({ lotSize: 5, aql: 10 })).toMatchObject({ planLetter: 'C', sampleSize: 5, accept: 1, reject: 2 });
  });

  it('samples when the plan sample is smaller than the lot', () => {
    expect(samplingPlan({ lotSize: 8, aql: 10 })).toMatchObject({ planLetter: 'C', sampleSize: 5 });
  });
});

describe('refused input', () => {
  it('an AQL that is not a column of Table 2-A, naming the value and the columns', () => {
    expect(() => samplingPlan({ lotSize: 1000, aql: 0.5 })).toThrow(SamplingInputError);
    expect(() => samplingPlan({ lotSize: 1000, aql: 0.5 })).toThrow(/AQL 0\.5 is not a column of ISO 2859-1 Table 2-A; choose one of 0\.010, 0\.015, .*, 1000/);
  });

  it('a lot smaller than 2 items', () => {
    expect(() => samplingPlan({ lotSize: 1 })).toThrow(/lot size 1 is too small: ISO 2859-1 samples lots of 2 items or more/);
    expect(() => samplingPlan({ lotSize: 0 })).toThrow(SamplingInputError);
  });

  it('a lot size that is not a whole number, an unknown level; every problem is listed', () => {
    let error: unknown;
    try {
      samplingPlan({ lotSize: 12.5, aql: 3, level: 'IV' as InspectionLevel });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SamplingInputError);
    const issues = (error as SamplingInputError).issues;
    expect(issues).toHaveLength(3);
    expect(issues.join('\n')).toMatch(/lot size 12\.5 is not a whole number/);
    expect(issues.join('\n')).toMatch(/AQL 3 is not a column/);
    expect(issues.join('\n')).toMatch(/inspection level IV is unknown; choose one of S-1, S-2, S-3, S-4, I, II, III/);
  });

  it('the schema accepts every AQL column and fills in the defaults', () => {
    for (const aql of AQL_VALUES) expect(SamplingInputSchema.safeParse({ lotSize: 2, aql }).success).toBe(true);
    expect(SamplingInputSchema.parse({ lotSize: 2 })).toEqual({ lotSize: 2, aql: 0.65, level: 'II' });
  });
});

describe('drawSample / samplePositions', () => {
  const enrolled = Array.from({ length: 500 }, (_, i) => i + 1);

  it('is deterministic for a seed and differs between seeds', () => {
    const a = samplePositions(enrolled, 80, 42);
    expect(samplePositions(enrolled, 80, 42)).toEqual(a);
    expect(samplePositions(enrolled, 80, 43)).not.toEqual(a);
    expect(drawSample(enrolled, 80, mulberry32(42))).toEqual(a);
  });

  it('draws the asked number of distinct positions from the input, sorted ascending', () => {
    const positions = [3, 9, 14, 27, 40, 41, 58, 77, 90, 120, 121, 200];
    for (let seed = 0; seed < 50; seed += 1) {
      const sample = samplePositions(positions, 5, seed);
      expect(sample).toHaveLength(5);
      expect(new Set(sample).size).toBe(5);
      expect(sample.every((p) => positions.includes(p))).toBe(true);
      expect(sample).toEqual([...sample].sort((x, y) => x - y));
    }
  });

  it('returns every position when the sample is as large as the list or larger, and none for 0', () => {
    expect(samplePositions([30, 10, 20], 3, 1)).toEqual([10, 20, 30]);
    expect(samplePositions([30, 10, 20], 80, 1)).toEqual([10, 20, 30]);
    expect(samplePositions([30, 10, 20], 0, 1)).toEqual([]);
    expect(samplePositions([], 5, 1)).toEqual([]);
  });

  it('does not change its input', () => {
    const positions = [5, 4, 3, 2, 1];
    drawSample(positions, 3, mulberry32(7));
    expect(positions).toEqual([5, 4, 3, 2, 1]);
  });

  it('uses the generator it is given (a generator stuck at 0 keeps the list order)', () => {
    expect(drawSample([9, 7, 5, 3, 1], 3, () => 0)).toEqual([5, 7, 9]);
  });

  it('draws every position over 10,000 draws, each about equally often', () => {
    const counts = new Map<number, number>();
    const random = mulberry32(2859);
    for (let draw = 0; draw < 10_000; draw += 1) {
      for (const p of drawSample(enrolled, 20, random)) counts.set(p, (counts.get(p) ?? 0) + 1);
    }
    expect(counts.size).toBe(enrolled.length);
    // 10,000 × 20 / 500 = 400 expected per position; ±100 is about five standard deviations.
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(300);
      expect(count).toBeLessThan(500);
    }
  });

  it('refuses a repeated position and a sample size that is not a whole number', () => {
    expect(() => drawSample([1, 2, 2], 1, mulberry32(1))).toThrow(/position 2 is listed twice/);
    expect(() => drawSample([1, 2, 3], -1, mulberry32(1))).toThrow(/sample size -1/);
    expect(() => drawSample([1, 2, 3], 1.5, mulberry32(1))).toThrow(/sample size 1\.5/);
  });
});
