import { describe, expect, it } from 'vitest';
import { analysisSize, DEFAULT_QUALITY_THRESHOLDS, exposureStats, focusMeasure, judgeQuality, measureQuality, toGray, type GrayFrame } from './image-quality';

function frame(width: number, height: number, at: (x: number, y: number) => number): GrayFrame {
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) pixels[y * width + x] = at(x, y);
  return { width, height, pixels };
}

const checker = (level: number) => frame(64, 64, (x, y) => (((x >> 2) + (y >> 2)) % 2 ? level : level / 4));
const ramp = frame(64, 64, (x) => 60 + x);

describe('focus measure', () => {
  it('is zero on a flat field and high on hard edges, low on a smooth ramp', () => {
    expect(focusMeasure(frame(32, 32, () => 128))).toBe(0);
    expect(focusMeasure(checker(200))).toBeGreaterThan(1000);
    expect(focusMeasure(ramp)).toBeLessThan(1);
  });

  it('does not call a sharp but dim frame blurry: focus is scaled to mid-gray', () => {
    const bright = measureQuality(checker(200)).focus;
    const dim = measureQuality(checker(40)).focus;
    expect(dim / bright).toBeCloseTo(1, 1);
  });
});

describe('exposure', () => {
  it('reports mean, relative contrast and clipped shares', () => {
    const stats = exposureStats(frame(10, 10, (x) => (x < 2 ? 0 : x < 5 ? 255 : 100)));
    expect(stats.clippedShadows).toBeCloseTo(0.2);
    expect(stats.clippedHighlights).toBeCloseTo(0.3);
    expect(stats.meanLuminance).toBeCloseTo(0.3 * 255 + 0.5 * 100);
    expect(exposureStats(frame(8, 8, () => 90)).contrast).toBe(0);
  });
});

describe('judgeQuality', () => {
  const good = { focus: 500, meanLuminance: 150, contrast: 0.4, clippedShadows: 0, clippedHighlights: 0, analysisWidth: 1024, analysisHeight: 768 };
  const size = { width: 1600, height: 1200 };

  it('accepts good metrics and names every failed check with its figure and limit', () => {
    expect(judgeQuality(size, good, DEFAULT_QUALITY_THRESHOLDS)).toEqual([]);
    const reasons = judgeQuality({ width: 640, height: 480 }, { ...good, focus: 12, meanLuminance: 240, clippedShadows: 0.5 }, DEFAULT_QUALITY_THRESHOLDS);
    expect(reasons.map((r) => r.code)).toEqual(['RESOLUTION_TOO_LOW', 'TOO_BLURRY', 'TOO_BRIGHT', 'SHADOWS_CLIPPED']);
    expect(reasons[1]?.message).toBe('too blurry: focus 12 < 60; hold the label still or refocus');
    expect(reasons[3]?.message).toBe('shadows clipped: 50 % of pixels are black (limit 20 %); raise the exposure');
  });

  it('says "too little detail" instead of "blurry" for a featureless frame', () => {
    const reasons = judgeQuality(size, { ...good, focus: 0, contrast: 0.01 }, DEFAULT_QUALITY_THRESHOLDS);
    expect(reasons.map((r) => r.code)).toEqual(['LOW_DETAIL']);
  });
});

describe('helpers', () => {
  it('reduces the longest side to the analysis size and never enlarges', () => {
    expect(analysisSize(1600, 1200)).toEqual({ width: 1024, height: 768 });
    expect(analysisSize(1200, 1600)).toEqual({ width: 768, height: 1024 });
    expect(analysisSize(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it('converts RGBA and RGB to luma', () => {
    expect(Array.from(toGray(new Uint8Array([255, 255, 255, 255, 0, 0, 0, 255]), 2, 1, 4).pixels)).toEqual([255, 0]);
    expect(Array.from(toGray(new Uint8Array([255, 0, 0]), 1, 1, 3).pixels)).toEqual([76]);
  });
});
