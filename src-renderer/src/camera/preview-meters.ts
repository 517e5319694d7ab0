import { analysisSize, measureQuality, toGray, type QualityMetrics } from '../../../src-shared/domain/image-quality';

/**
 * Focus and exposure of the live preview, measured like main's gate (same reduction to
 * ANALYSIS_MAX_SIDE, same functions) so the bench can show them against the gate's limits.
 * Canvas scaling is not sharp's, so figures agree closely, not exactly.
 */
export class PreviewMeter {
  readonly #canvas = document.createElement('canvas');
  readonly #maxSide: number | undefined;

  constructor(maxSide?: number) {
    this.#maxSide = maxSide;
  }

  measure(video: HTMLVideoElement): QualityMetrics | null {
    if (video.videoWidth === 0 || video.readyState < 2) return null;
    const { width, height } = analysisSize(video.videoWidth, video.videoHeight, this.#maxSide);
    this.#canvas.width = width;
    this.#canvas.height = height;
    const context = this.#canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(video, 0, 0, width, height);
    const { data } = context.getImageData(0, 0, width, height);
    return measureQuality(toGray(data, width, height, 4));
  }
}
