import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeModules, linearOf, renderModules } from '../../fixtures/printed-code';
import { runStationAsync as station } from '../../helpers/peer';
import { tempDir } from '../../helpers/tmp';

// `station grade` and a grade per Label (docs/print-quality.md): the CLI grades an image's codes; an enrollment whose
// capture carries a code keeps its grade, flagged below the Reel's lowest accepted grade, or refused when the Reel
// says so. Each image is a QR 5-M of known reflectances, so its grade is known from how it was made.

const dir = tempDir('grade-cli-');
const data = join(dir.path, 'data');
afterAll(() => dir.remove());

async function codePng(name: string, value: string, darkByte: number, lightByte: number): Promise<string> {
  const grid = encodeModules('qrcode', value, { eclevel: 'M', version: 5, fixedeclevel: true });
  const { rgb, width, height } = renderModules(grid, { darkByte, lightByte, quiet: 6 });
  const path = join(dir.path, name);
  writeFileSync(
    path,
    await sharp(Buffer.from(rgb), { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
  );
  return path;
}

interface GradeAnswer {
  symbols: Array<{ symbology: string; value: string; grade: string; score: number; parameters: Record<string, string>; measures: Record<string, number> }>;
}

describe('station grade', () => {
  it('grades the codes of an image: letters per parameter, raw measures as fractions, the score as a number', async () => {
    const clean = await codePng('clean.png', 'https://example.test/l/1', 20, 245);
    const out = await station(['--json', 'grade', clean]);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const { symbols } = out.json() as GradeAnswer;
    expect(symbols).toHaveLength(1);
    expect(symbols[0]).toMatchObject({ symbology: 'QR', value: 'https://example.test/l/1', grade: 'A', score: 4 });
    expect(Object.keys(symbols[0]?.parameters ?? {}).sort()).toEqual(['an', 'decode', 'fpd', 'gn', 'mod', 'rm', 'sc', 'uec']);
    expect(symbols[0]?.measures.sc).toBeCloseTo(linearOf(245) - linearOf(20), 3);

    // Grey 150 on grey 200: SC = 0.578 − 0.305 = 0.273, D; its decimal score where 0.273 lies in D's band
    // (0.20–0.40 → 0.5–1.5): 0.5 + 0.073 / 0.2 = 0.86, one decimal 0.8.
    const grey = await codePng('grey.png', 'https://example.test/l/2', 150, 200);
    const low = (await station(['--json', 'grade', grey])).json() as GradeAnswer;
    expect(low.symbols[0]).toMatchObject({ grade: 'D', score: 0.8 });
    expect(low.symbols[0]?.parameters.sc).toBe('D');
  }, 60_000);

  it('answers no symbols for an image without one, and an error with its code for a missing file or one that is no image', async () => {
    const blank = join(dir.path, 'blank.png');
    writeFileSync(
      blank,
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#eeeeee' } })
        .png()
        .toBuffer(),
    );
    const none = await station(['--json', 'grade', blank]);
    expect(none.code).toBe(0);
    expect(none.json()).toEqual({ symbols: [] });

    const missing = await station(['--json', 'grade', join(dir.path, 'nope.png')]);
    expect(missing.code).toBe(1);
    expect((missing.json() as { error: { code: string; message: string } }).error).toMatchObject({ code: 'STATION_NOT_FOUND' });

    const text = join(dir.path, 'notes.txt');
    writeFileSync(text, 'not an image');
    const notImage = await station(['--json', 'grade', text]);
    expect(notImage.code).toBe(1);
    const error = (notImage.json() as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('IMAGE_NOT_SUPPORTED');
    expect(error.message).toContain('JPEG or PNG');
  }, 60_000);
});

describe('a grade per Label', () => {
  let reelId = '';

  it("keeps the grade of an enrolled capture, flags one below the Reel's lowest accepted grade (default C)", async () => {
    expect((await station(['--data', data, '--json', 'connect', '--sandbox'])).code).toBe(0);
    const created = await station(['--data', data, '--json', 'reel', 'create', '--name', 'Graded reel']);
    reelId = (created.json() as { reelId: string }).reelId;
    const clean = await codePng('label-1.png', 'https://example.test/l/11', 20, 245);
    const grey = await codePng('label-2.png', 'https://example.test/l/12', 150, 200);
    expect((await station(['--data', data, '--json', 'enroll', '--reel', reelId, '--position', '1', '--svc', clean])).code).toBe(0);
    expect((await station(['--data', data, '--json', 'enroll', '--reel', reelId, '--position', '2', '--svc', grey])).code).toBe(0);

    const out = await station(['--data', data, '--json', 'grade', '--reel', reelId]);
    expect(out.code).toBe(0);
    const grades = out.json() as {
      grading: { minGrade: string; below: string };
      labels: Array<{ position: number; grade: string; worst: string; flagged: boolean }>;
      distribution: Record<string, number>;
      worstParameters: Record<string, number>;
      flagged: number;
    };
    expect(grades.grading).toEqual({ minGrade: 'C', below: 'flag' });
    expect(grades.labels.map((l) => [l.position, l.grade, l.flagged])).toEqual([
      [1, 'A', false],
      [2, 'D', true],
    ]);
    expect(grades.labels[1]?.worst).toBe('sc');
    expect(grades.distribution).toEqual({ A: 1, B: 0, C: 0, D: 1, F: 0 });
    expect(grades.worstParameters.sc).toBe(1);
    expect(grades.flagged).toBe(1);

    const one = (await station(['--data', data, '--json', 'grade', '--reel', reelId, '--position', '2'])).json() as { labels: unknown[] };
    expect(one.labels).toHaveLength(1);

    const shown = await station(['--data', data, 'reel', 'show', reelId]);
    expect(shown.stdout).toMatch(/\n\s+2 .*grade D \(low contrast\) FLAGGED/);

    // The Reel report carries the counts and the grade along the positions.
    const report = (await station(['--data', data, '--json', 'report', '--reel', reelId])).json() as {
      printQuality: { graded: number; distribution: Record<string, number>; flagged: number; trend: Array<{ position: number; grade: string; worst: string }> };
    };
    expect(report.printQuality).toMatchObject({ graded: 2, flagged: 1, distribution: { A: 1, D: 1 } });
    // Grey 150 on grey 200: SC 0.273, D's band 0.20–0.40 → 0.5–1.5: 0.8.
    expect(report.printQuality.trend).toEqual([
      { position: 1, grade: 'A', score: 4, worst: 'decode', flagged: false },
      { position: 2, grade: 'D', score: 0.8, worst: 'sc', flagged: true },
    ]);
    const text = await station(['--data', data, 'report', '--reel', reelId]);
    expect(text.stdout).toContain(
      'Print quality (bench camera, process-control grade, not certified): A 1, B 0, C 0, D 1, F 0; worst: low contrast ×1; 1 below C',
    );
  }, 120_000);

  it("counts the Labels below the Reel's lowest accepted grade as the Reel says it now: raised to B, C, D and D are 3", async () => {
    // Grey 120 on grey 210: SC 0.457, C (accepted under C); grey 150 on grey 200: D (flagged).
    const c = await codePng('label-4.png', 'https://example.test/l/14', 120, 210);
    const d = await codePng('label-5.png', 'https://example.test/l/15', 150, 200);
    expect((await station(['--data', data, '--json', 'enroll', '--reel', reelId, '--position', '4', '--svc', c])).code).toBe(0);
    expect((await station(['--data', data, '--json', 'enroll', '--reel', reelId, '--position', '5', '--svc', d])).code).toBe(0);
    type Grades = { labels: Array<{ position: number; grade: string; flagged: boolean }>; flagged: number };
    const underC = (await station(['--data', data, '--json', 'grade', '--reel', reelId])).json() as Grades;
    expect(underC.labels.map((l) => [l.position, l.grade, l.flagged])).toEqual([
      [1, 'A', false],
      [2, 'D', true],
      [4, 'C', false],
      [5, 'D', true],
    ]);
    expect(underC.flagged).toBe(2);

    expect((await station(['--data', data, '--json', 'grade', 'setting', '--reel', reelId, '--min', 'B'])).code).toBe(0);
    const underB = (await station(['--data', data, '--json', 'grade', '--reel', reelId])).json() as Grades;
    expect(underB.labels.filter((l) => l.flagged).map((l) => [l.position, l.grade])).toEqual([
      [2, 'D'],
      [4, 'C'],
      [5, 'D'],
    ]);
    expect(underB.flagged).toBe(3);
    const report = (await station(['--data', data, '--json', 'report', '--reel', reelId])).json() as { printQuality: { flagged: number } };
    expect(report.printQuality.flagged).toBe(3);
    const text = await station(['--data', data, 'report', '--reel', reelId]);
    expect(text.stdout).toContain('; 3 below B');
    const shown = await station(['--data', data, 'reel', 'show', reelId]);
    expect(shown.stdout).toMatch(/\n\s+4 .*grade C \(low contrast\) FLAGGED/);

    // Lowered to D, none is below it.
    expect((await station(['--data', data, '--json', 'grade', 'setting', '--reel', reelId, '--min', 'D'])).code).toBe(0);
    expect(((await station(['--data', data, '--json', 'grade', '--reel', reelId])).json() as Grades).flagged).toBe(0);
  }, 120_000);

  it('refuses a Label below the lowest accepted grade when the Reel says so, and keeps nothing of it', async () => {
    const set = await station(['--data', data, '--json', 'grade', 'setting', '--reel', reelId, '--min', 'b', '--below', 'refuse']);
    expect(set.code).toBe(0);
    expect(set.json()).toEqual({ minGrade: 'B', below: 'refuse' });
    // Grey 120 on grey 210: SC = 0.645 − 0.188 = 0.457, C: below B.
    const c = await codePng('label-3.png', 'https://example.test/l/13', 120, 210);
    const refused = await station(['--data', data, '--json', 'enroll', '--reel', reelId, '--position', '3', '--svc', c]);
    expect(refused.code).toBe(1);
    const error = (refused.json() as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('PRINT_GRADE_LOW');
    expect(error.message).toContain('grades C (low contrast)');
    expect(error.message).toContain('lowest accepted grade B');
    const shown = (await station(['--data', data, '--json', 'reel', 'show', reelId])).json() as { labels: Array<{ position: number; state: string }> };
    expect(shown.labels.find((l) => l.position === 3)).toBeUndefined();
  }, 120_000);
  it("shows the day's grades in the shift summary: the distribution, the worst parameters and each Reel's trend, as the Reel report counts them", async () => {
    const report = (await station(['--data', data, '--json', 'report', '--reel', reelId])).json() as { printQuality: { trend: unknown[] } };
    const shift = await station(['--data', data, '--json', 'report', 'shift']);
    expect(shift.code).toBe(0);
    const summary = shift.json() as {
      printQuality: {
        graded: number;
        distribution: Record<string, number>;
        worstParameters: Record<string, number>;
        flagged: number;
        reels: Array<{ reelId: string; name: string; grading: { minGrade: string }; graded: number; flagged: number; trend: unknown[] }>;
      };
    };
    // The four Labels enrolled today (A, D, C, D: low contrast), three below the Reel's grade B as it is now; the
    // refused one kept nothing.
    expect(summary.printQuality).toMatchObject({ graded: 4, flagged: 3, distribution: { A: 1, B: 0, C: 1, D: 2, F: 0 } });
    expect(summary.printQuality.worstParameters.sc).toBe(3);
    expect(summary.printQuality.reels).toHaveLength(1);
    expect(summary.printQuality.reels[0]).toMatchObject({ reelId, name: 'Graded reel', grading: { minGrade: 'B' }, graded: 4, flagged: 3 });
    expect(summary.printQuality.reels[0]?.trend).toEqual(report.printQuality.trend);

    const text = await station(['--data', data, 'report', 'shift']);
    expect(text.stdout).toContain(
      "Print quality (bench camera, process-control grade, not certified): A 1, B 0, C 1, D 2, F 0; worst: low contrast ×3; 3 below their Reel's accepted grade",
    );
    // Another day graded nothing.
    const before = (await station(['--data', data, '--json', 'report', 'shift', '--day', '2020-01-01'])).json() as typeof summary;
    expect(before.printQuality).toMatchObject({ graded: 0, reels: [] });
  }, 120_000);
});
