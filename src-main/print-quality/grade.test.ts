// The grader on codes made with known print quality (docs/print-quality.md, "Tests"): each expected grade is worked
// out from how the image was made, never from the grader's output.
import { describe, expect, it } from 'vitest';
import { degrade, encodeModules, linearOf, renderModules, type ModuleGrid, type RenderOptions } from '../../test/fixtures/printed-code';
import type { SymbolGrade } from '../../src-shared/ipc/grades';
import { gradeImage } from './index';

const TEXT = 'https://example.test/l/000042';
/** QR version 5-M: 2 blocks of 43 data and 24 error correction codewords (ISO/IEC 18004, table 9), p = 0. */
const qr5M = () => encodeModules('qrcode', TEXT, { eclevel: 'M', version: 5, fixedeclevel: true });
const dm = () => encodeModules('datamatrix', TEXT);

async function gradeOne(grid: ModuleGrid, options: RenderOptions = {}, degradeWith?: Parameters<typeof degrade>[1]): Promise<SymbolGrade> {
  let image = renderModules(grid, options);
  if (degradeWith) image = await degrade(image, degradeWith);
  const symbols = await gradeImage(image.rgb, image.width, image.height);
  expect(symbols).toHaveLength(1);
  return symbols[0] as SymbolGrade;
}

const ALL_A = { decode: 'A', sc: 'A', mod: 'A', rm: 'A', fpd: 'A', an: 'A', gn: 'A', uec: 'A' };

/**
 * The modules of each codeword of a version 5 QR, by the placement of ISO/IEC 18004 §7.7.3 written out here on its
 * own (two-module columns from the bottom right, up then down, column 6 skipped, function patterns left out).
 */
function qr5CodewordModules(): Array<Array<[number, number]>> {
  const n = 37;
  const fn = (r: number, c: number) =>
    (r <= 8 && c <= 8) || (r <= 8 && c >= n - 8) || (r >= n - 8 && c <= 8) || r === 6 || c === 6 || (r >= 28 && r <= 32 && c >= 28 && c <= 32);
  const order: Array<[number, number]> = [];
  let upward = true;
  for (let right = n - 1; right > 0; right -= 2) {
    if (right === 6) right = 5;
    for (let i = 0; i < n; i += 1) {
      const r = upward ? n - 1 - i : i;
      for (const c of [right, right - 1]) if (!fn(r, c)) order.push([r, c]);
    }
    upward = !upward;
  }
  const codewords: Array<Array<[number, number]>> = [];
  for (let k = 0; k + 8 <= order.length && codewords.length < 134; k += 8) codewords.push(order.slice(k, k + 8));
  return codewords;
}

/**
 * The modules of each codeword of a single-region Data Matrix (ECC 200), in symbol coordinates, by the placement of
 * ISO/IEC 16022 Annex F written out here on its own: the "utah" shape walked diagonally over the mapping matrix, the
 * four corner cases, then each mapping matrix module moved past the L finder (column 0) and the clock track (row 0).
 */
function dmCodewordModules(size: number): Array<Array<[number, number]>> {
  const [nrow, ncol] = [size - 2, size - 2];
  const taken: boolean[][] = Array.from({ length: nrow }, () => Array<boolean>(ncol).fill(false));
  const codewords: Array<Array<[number, number]>> = [];
  const module = (row: number, col: number, chr: number) => {
    if (row < 0) {
      row += nrow;
      col += 4 - ((nrow + 4) % 8);
    }
    if (col < 0) {
      col += ncol;
      row += 4 - ((ncol + 4) % 8);
    }
    (taken[row] as boolean[])[col] = true;
    (codewords[chr] ??= []).push([row + 1, col + 1]);
  };
  const shape = (chr: number, cells: Array<[number, number]>) => {
    for (const [r, c] of cells) module(r, c, chr);
  };
  const utah = (row: number, col: number, chr: number) =>
    shape(chr, [
      [row - 2, col - 2],
      [row - 2, col - 1],
      [row - 1, col - 2],
      [row - 1, col - 1],
      [row - 1, col],
      [row, col - 2],
      [row, col - 1],
      [row, col],
    ]);
  const [R, C] = [nrow, ncol];
  const corners = {
    1: [
      [R - 1, 0],
      [R - 1, 1],
      [R - 1, 2],
      [0, C - 2],
      [0, C - 1],
      [1, C - 1],
      [2, C - 1],
      [3, C - 1],
    ],
    2: [
      [R - 3, 0],
      [R - 2, 0],
      [R - 1, 0],
      [0, C - 4],
      [0, C - 3],
      [0, C - 2],
      [0, C - 1],
      [1, C - 1],
    ],
    3: [
      [R - 3, 0],
      [R - 2, 0],
      [R - 1, 0],
      [0, C - 2],
      [0, C - 1],
      [1, C - 1],
      [2, C - 1],
      [3, C - 1],
    ],
    4: [
      [R - 1, 0],
      [R - 1, C - 1],
      [0, C - 3],
      [0, C - 2],
      [0, C - 1],
      [1, C - 3],
      [1, C - 2],
      [1, C - 1],
    ],
  } as Record<number, Array<[number, number]>>;
  let chr = 0;
  let [row, col] = [4, 0];
  do {
    if (row === nrow && col === 0) shape(chr++, corners[1] as Array<[number, number]>);
    if (row === nrow - 2 && col === 0 && ncol % 4 !== 0) shape(chr++, corners[2] as Array<[number, number]>);
    if (row === nrow - 2 && col === 0 && ncol % 8 === 4) shape(chr++, corners[3] as Array<[number, number]>);
    if (row === nrow + 4 && col === 2 && ncol % 8 === 0) shape(chr++, corners[4] as Array<[number, number]>);
    do {
      if (row < nrow && col >= 0 && !(taken[row] as boolean[])[col]) utah(row, col, chr++);
      row -= 2;
      col += 2;
    } while (row >= 0 && col < ncol);
    row += 1;
    col += 3;
    do {
      if (row >= 0 && col < ncol && !(taken[row] as boolean[])[col]) utah(row, col, chr++);
      row += 2;
      col -= 2;
    } while (row < nrow && col >= 0);
    row += 3;
    col += 1;
  } while (row < nrow || col < ncol);
  return codewords;
}

/** Block 1's codeword j is raw codeword 2j (data) in a symbol of two equal blocks, interleaved codeword by codeword. */
const block1Raw = (j: number) => 2 * j;

describe('grading a printed QR or Data Matrix (ISO/IEC 15415 parameters)', () => {
  it('grades a clean QR A on every parameter, with SC from its two reflectances', async () => {
    const g = await gradeOne(qr5M());
    expect(g.symbology).toBe('QR');
    expect(g.value).toBe(TEXT);
    expect(g.parameters).toEqual(ALL_A);
    expect(g.grade).toBe('A');
    // Every parameter at the top of A's band: SC 0.906 ≥ 0.85, AN and GN 0, UEC 1.
    expect(g.score).toBe(4);
    expect(g.scores).toEqual({ decode: 4, sc: 4, mod: 4, rm: 4, fpd: 4, an: 4, gn: 4, uec: 4 });
    expect(g.measures.sc).toBeCloseTo(linearOf(245) - linearOf(20), 4);
    expect(g.measures.uec).toBe(1);
    expect(g.measures.errors).toBe(0);
    expect(g.measures.failedBlocks).toBe(0);
    expect(g.measures.an).toBeLessThan(0.01);
    expect(g.measures.gn).toBeLessThan(0.05);
    expect(g.measures.modules).toBe(37);
  });

  it('grades a clean Data Matrix A on every parameter', async () => {
    const grid = dm();
    const g = await gradeOne(grid, { quiet: 2 });
    expect(g.symbology).toBe('DATA_MATRIX');
    expect(g.value).toBe(TEXT);
    expect(g.parameters).toEqual(ALL_A);
    expect(g.measures.modules).toBe(grid.size);
    expect(g.measures.uec).toBe(1);
  });

  it.each([
    // dark byte, light byte, SC = linear(light) − linear(dark), letter by A ≥ 0.70, B ≥ 0.55, C ≥ 0.40, D ≥ 0.20
    [90, 215, 0.577, 'B'],
    [120, 210, 0.4567, 'C'],
    [150, 200, 0.2727, 'D'],
  ] as const)('grades grey %i on grey %i to SC %f (%s)', async (darkByte, lightByte, sc, letter) => {
    const g = await gradeOne(qr5M(), { darkByte, lightByte });
    expect(g.measures.sc).toBeCloseTo(sc, 3);
    expect(g.parameters.sc).toBe(letter);
    expect(g.grade).toBe(letter);
    expect(g.worst).toBe('sc');
    // Two levels only: every module is as far from GT as can be.
    expect(g.parameters.mod).toBe('A');
  });

  it.each([
    // k codewords of block 1 inverted: UEC = 1 − 2k/24
    [3, 0.75, 'A'],
    [5, 1 - 10 / 24, 'B'],
    [7, 1 - 14 / 24, 'C'],
    [9, 0.25, 'D'],
  ] as const)('with %i codewords of one block changed, UEC is 1 − 2k/24 = %f (%s)', async (k, uec, letter) => {
    const grid = qr5M();
    const modules = qr5CodewordModules();
    for (let j = 0; j < k; j += 1)
      for (const [r, c] of modules[block1Raw(j)] as Array<[number, number]>) (grid.dark[r] as boolean[])[c] = !(grid.dark[r] as boolean[])[c];
    const g = await gradeOne(grid);
    expect(g.measures.errors).toBe(k);
    expect(g.measures.uec).toBeCloseTo(uec, 6);
    expect(g.parameters.uec).toBe(letter);
    expect(g.parameters.fpd).toBe('A');
  });

  it.each([
    // k codewords changed of the 22 × 22 symbol's one block of 20 error correction codewords (ISO/IEC 16022,
    // table 7), p = 0: UEC = 1 − 2k/20, A ≥ 0.62, B ≥ 0.50, C ≥ 0.37, D ≥ 0.25
    [2, 0.8, 'A'],
    [5, 0.5, 'B'],
    [6, 0.4, 'C'],
    [7, 0.3, 'D'],
    [9, 0.1, 'F'],
  ] as const)('with %i codewords of a Data Matrix changed, UEC is 1 − 2k/20 = %f (%s)', async (k, uec, letter) => {
    const grid = dm();
    expect(grid.size).toBe(22);
    const codewords = dmCodewordModules(grid.size);
    // 30 data and 20 error correction codewords fill the 20 × 20 mapping matrix.
    expect(codewords).toHaveLength(50);
    // Every other codeword from the first, each module of it inverted.
    for (let j = 0; j < k; j += 1)
      for (const [r, c] of codewords[2 * j] as Array<[number, number]>) (grid.dark[r] as boolean[])[c] = !(grid.dark[r] as boolean[])[c];
    const g = await gradeOne(grid, { quiet: 2 });
    expect(g.value).toBe(TEXT);
    expect(g.measures.errors).toBe(k);
    expect(g.measures.uec).toBeCloseTo(uec, 6);
    expect(g.parameters.uec).toBe(letter);
    expect(g.parameters.fpd).toBe('A');
  });

  it('grades modulation down by the error correction grey codewords use up', async () => {
    // 8 codewords of block 1 have their dark modules printed grey at a modulation of 0.25 (module grade D): at
    // levels A–C they count against block 1's 24 error correction codewords, 1 − 8/24 = 0.667 ≥ 0.62 → A;
    // with 14 such codewords, 1 − 14/24 = 0.417 → C, so the modulation grade is C.
    for (const [k, letter] of [
      [8, 'A'],
      [14, 'C'],
    ] as const) {
      const grid = qr5M();
      const grey = new Set<string>();
      for (let j = 0; j < k; j += 1) for (const [r, c] of qr5CodewordModules()[block1Raw(j)] as Array<[number, number]>) grey.add(`${r},${c}`);
      const dark = linearOf(20);
      const light = linearOf(245);
      // R with 2·|R − GT| / SC = 0.25, on the dark side: GT − 0.125·SC.
      const target = (dark + light) / 2 - 0.125 * (light - dark);
      let byte = 0;
      while (linearOf(byte + 1) <= target) byte += 1;
      const g = await gradeOne(grid, { moduleByte: (r, c, isDark) => (isDark && grey.has(`${r},${c}`) ? byte : undefined) });
      expect(g.measures.errors).toBe(0);
      expect(g.parameters.uec).toBe('A');
      expect(g.parameters.mod).toBe(letter);
      expect(g.parameters.rm).toBe(letter);
    }
  });

  it('grades a damaged QR finder pattern by its modules in error (2 → C)', async () => {
    // A light spot 0.6 module square on two dark modules of the top-right finder's outer ring: the 0.8-module
    // aperture then sees about 70 % light, above GT, so each reads light. (zxing-cpp gives up on a finder with a
    // whole module missing, so the spots stay smaller than a module.)
    const spot = (u: number, v: number, col: number, row: number) => Math.abs(u - col - 0.5) <= 0.3 && Math.abs(v - row - 0.5) <= 0.3;
    const g = await gradeOne(qr5M(), { pointByte: (u, v) => (spot(u, v, 33, 0) || spot(u, v, 35, 0) ? 245 : undefined) });
    expect(g.measures.fixedPatternErrors).toBe(2);
    expect(g.parameters.fpd).toBe('C');
    expect(g.worst).toBe('fpd');
    expect(g.parameters.uec).toBe('A');
  });

  it('grades a damaged QR timing pattern by its share of modules in error (5 of 42 → C)', async () => {
    const grid = qr5M();
    for (const col of [10, 14, 18, 22, 26]) (grid.dark[6] as boolean[])[col] = false;
    // 5 / 42 = 11.9 %: A 0 %, B ≤ 9 %, C ≤ 13 %
    const g = await gradeOne(grid);
    expect(g.measures.fixedPatternErrors).toBe(5);
    expect(g.parameters.fpd).toBe('C');
  });

  it('grades a damaged Data Matrix clock track by its share of modules in error', async () => {
    const grid = dm();
    const n = grid.size;
    // Two dark modules of the top clock track printed light: 2 of the clock's 2(n − 1) modules.
    (grid.dark[0] as boolean[])[4] = false;
    (grid.dark[0] as boolean[])[8] = false;
    const share = 2 / (2 * (n - 1));
    const expected = share <= 0.09 ? 'B' : share <= 0.13 ? 'C' : share <= 0.17 ? 'D' : 'F';
    const g = await gradeOne(grid, { quiet: 2 });
    expect(g.measures.fixedPatternErrors).toBe(2);
    expect(g.parameters.fpd).toBe(expected);
  });

  it.each([
    // module 10 px across and Y px down: AN = |X − Y| / ((X + Y) / 2)
    [10.7, 0.7 / 10.35, 'B'],
    [11, 1 / 10.5, 'C'],
    [11.5, 1.5 / 10.75, 'F'],
  ] as const)('grades a symbol stretched to 10 × %f px modules to AN %f (%s)', async (moduleY, an, letter) => {
    const g = await gradeOne(qr5M(), { moduleY });
    expect(g.measures.an).toBeCloseTo(an, 2);
    expect(g.parameters.an).toBe(letter);
  });

  it.each([
    // The alignment pattern (centre module 30, 30 of version 5) printed 0.45 X to the right of its place: the
    // reference grid of ISO/IEC 18004 (the finders' centres) puts it 0.45 module away, GN 0.45 → B (≤ 0.50).
    [0.45, 0, 0.45, 'B'],
    // 0.3 X right and 0.3 X down: 0.424 → B. 0.25 X right: 0.25 → A. 0.6 X right: 0.6 → C.
    [0.3, 0.3, Math.hypot(0.3, 0.3), 'B'],
    [0.25, 0, 0.25, 'A'],
    [0.6, 0, 0.6, 'C'],
  ] as const)('grades a QR whose alignment pattern is displaced by %f X across and %f X down to GN %f (%s)', async (du, dv, gn, letter) => {
    // 20 px modules: the displaced edges fall on pixel edges to 0.05 module.
    const inBox = (u: number, v: number) => u >= 28 && u < 33 && v >= 28 && v < 33;
    const dark = (u: number, v: number) => Math.max(Math.abs(Math.floor(u) - 30), Math.abs(Math.floor(v) - 30)) !== 1;
    const g = await gradeOne(qr5M(), {
      moduleX: 20,
      moduleY: 20,
      // The pattern drawn at its displaced place; where it was, and is no more, the stock shows.
      pointByte: (u, v) => (inBox(u - du, v - dv) ? (dark(u - du, v - dv) ? 20 : 245) : inBox(u, v) ? 245 : undefined),
    });
    expect(g.measures.gn).toBeCloseTo(gn, 1);
    expect(g.parameters.gn).toBe(letter);
    // The modules are sampled on the grid the alignment pattern moved, as the reference decode samples them.
    expect(g.parameters.decode).toBe('A');
  });

  it('measures GN on the finder and alignment patterns only: columns warped between them show as decode damage', async () => {
    // Columns 9–28 displaced by up to 0.57 module (A·sin²(π(u − 8)/21)) while the finders and the alignment pattern
    // (columns 28–32, displaced by at most 0.013) stay: the reference grid is where they are, so GN stays A, and the
    // modules sampled off their places cost codewords (UEC) and timing modules (FPD).
    const shift = (u: number) => (u > 8 && u < 29 ? 0.57 * Math.sin((Math.PI * (u - 8)) / 21) ** 2 : 0);
    const g = await gradeOne(qr5M(), { warpU: shift, moduleX: 20, moduleY: 20 });
    expect(g.parameters.gn).toBe('A');
    expect(g.measures.errors).toBeGreaterThan(0);
    expect(g.parameters.uec).not.toBe('A');
    expect(g.score).toBeLessThan(2.5);
  });

  it('grades a QR blurred past reading by the reference decode Decode F, whatever zxing read', async () => {
    // σ 5 px on 10 px modules: zxing-wasm still reads the value, but the modules sampled through the grader's
    // aperture on the reference grid no longer Reed–Solomon decode: Decode F, UEC 0, the grade F.
    const g = await gradeOne(qr5M(), {}, { blurSigma: 5 });
    expect(g.value).toBe(TEXT);
    expect(g.parameters.decode).toBe('F');
    expect(g.measures.failedBlocks).toBeGreaterThan(0);
    expect(g.measures.uec).toBe(0);
    expect(g.grade).toBe('F');
    expect(g.score).toBeLessThan(0.5);
  });

  it("gives crisp, blurred and rotated codes scores that tell them apart, each in its letter's band", async () => {
    const crisp = await gradeOne(qr5M());
    // σ 2.5 px on 10 px modules greys the single modules: modulation falls (C, 1.5–2.4).
    const blurred = await gradeOne(qr5M(), {}, { blurSigma: 2.5 });
    // 30° turned: resampled edges, AN and GN a little off 0, still A but below 4.
    const rotated = await gradeOne(qr5M(), {}, { rotate: 30 });
    expect(crisp.score).toBe(4);
    expect(rotated.grade).toBe('A');
    expect(rotated.score).toBeGreaterThanOrEqual(3.5);
    expect(rotated.score).toBeLessThan(4);
    expect(blurred.score).toBeLessThan(rotated.score);
    expect(['B', 'C', 'D']).toContain(blurred.grade);
    for (const g of [crisp, blurred, rotated]) {
      // One decimal, and the letter ISO/IEC 15415 gives that decimal (A ≥ 3.5, B ≥ 2.5, C ≥ 1.5, D ≥ 0.5).
      expect(Math.round(g.score * 10) / 10).toBe(g.score);
      const letter = g.score >= 3.5 ? 'A' : g.score >= 2.5 ? 'B' : g.score >= 1.5 ? 'C' : g.score >= 0.5 ? 'D' : 'F';
      expect(g.grade).toBe(letter);
      expect(g.scores?.[g.worst]).toBe(g.score);
    }
  });

  it('lowers modulation under blur and JPEG, and finds no symbol in an image without one', async () => {
    const sharp = await gradeOne(qr5M(), { moduleX: 5, moduleY: 5 });
    const soft = await gradeOne(qr5M(), { moduleX: 5, moduleY: 5 }, { blurSigma: 1.6, jpegQuality: 85 });
    expect(sharp.parameters.mod).toBe('A');
    expect(soft.score).toBeLessThan(sharp.score);
    expect(['F', 'D', 'C', 'B']).toContain(soft.parameters.mod);
    const blank = renderModules({ size: 1, dark: [[false]] }, { quiet: 20 });
    expect(await gradeImage(blank.rgb, blank.width, blank.height)).toEqual([]);
  });
});
