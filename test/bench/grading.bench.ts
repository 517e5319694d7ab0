// Grading print quality in the capture pipeline (docs/print-quality.md): the grading of one 1600×1200 capture's code
// alone (p95), and the capture pipeline with grading beside the same pipeline without it in the same run (grading
// adds at most 25 %).
import { analyzeCapture } from '../../src-main/devices/camera';
import { readCodes } from '../../src-main/devices/camera/barcodes';
import { decodeStill } from '../../src-main/devices/camera/decode-image';
import { gradeResults } from '../../src-main/print-quality';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../src-shared/domain/image-quality';
import { labelFrame } from '../helpers/frames';
import { median, percentile, timeRuns, type Bench } from './harness';

const FRAMES = 8;
const ROUNDS = 5;

export const gradingBench: Bench = {
  name: 'print-quality grading',
  async run() {
    const frames = await Promise.all(Array.from({ length: FRAMES }, (_, i) => labelFrame({ seed: 300 + i, qr: `https://example.test/l/${300 + i}` })));
    // Grading alone, on the frame and the zxing results the pipeline already has.
    const prepared = await Promise.all(
      frames.map(async (frame) => {
        const still = await decodeStill(frame);
        return { still, codes: await readCodes(still.rgb, still.analysisWidth, still.analysisHeight) };
      }),
    );
    let i = 0;
    const gradeTimes = await timeRuns(FRAMES * 5, () => {
      const { still, codes } = prepared[i++ % FRAMES] as (typeof prepared)[number];
      const grades = gradeResults(codes, still.rgb, still.analysisWidth, still.analysisHeight);
      if (grades.length !== 1) throw new Error('bench frame has no graded QR');
    });
    const pass = async (grade: boolean) => {
      const start = performance.now();
      for (const frame of frames) await analyzeCapture(frame, { thresholds: DEFAULT_QUALITY_THRESHOLDS, ...(grade ? { grade: gradeResults } : {}) });
      return FRAMES / ((performance.now() - start) / 1000);
    };
    await pass(true);
    const withGrading: number[] = [];
    const without: number[] = [];
    // Interleaved rounds, so drift on a shared machine hits both sides alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      without.push(await pass(false));
      withGrading.push(await pass(true));
    }
    return [
      { name: "grading one 1600×1200 capture's QR (p95, zxing read already done)", value: percentile(gradeTimes, 95), unit: 'ms', better: 'lower' },
      {
        name: 'capture 1600×1200: gate + QR decode + grading',
        value: median(withGrading),
        unit: 'frames/s',
        better: 'higher',
        baseline: { name: 'the same pipeline without grading', value: median(without) },
        target: 'ratio ≥ 0.8 (grading adds at most 25 %)',
      },
    ];
  },
};
