import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../src-shared/domain/image-quality';
import { encodeModules, renderModules } from '../../test/fixtures/printed-code';
import { analyzeCapture } from '../devices/camera/analyze-capture';
import { gradeResults } from './index';

// The capture pipeline grades the codes it reads, from the same zxing pass, with the grader the composition root
// passes it (docs/print-quality.md).
describe('grading in the capture pipeline', () => {
  it('gives every code it reads a grade, from the frame it analysed', async () => {
    const grid = encodeModules('qrcode', 'https://example.test/l/7', { eclevel: 'M', version: 5, fixedeclevel: true });
    const { rgb, width, height } = renderModules(grid, { darkByte: 120, lightByte: 210, quiet: 6 });
    const png = await sharp(Buffer.from(rgb), { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    const analysis = await analyzeCapture(png, { thresholds: DEFAULT_QUALITY_THRESHOLDS, grade: gradeResults });
    expect(analysis.barcodes.map((b) => b.value)).toEqual(['https://example.test/l/7']);
    expect(analysis.grades).toHaveLength(1);
    // SC = linear(210) − linear(120) = 0.457: C.
    expect(analysis.grades?.[0]).toMatchObject({ symbology: 'QR', value: 'https://example.test/l/7', grade: 'C', worst: 'sc' });
  });
});
