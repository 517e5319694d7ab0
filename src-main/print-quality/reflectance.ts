// Reflectance without a calibrated reference (docs/print-quality.md, "Reflectance"): a pixel's linear-light luminance,
// its sRGB values decoded, 0 to 1.

const LINEAR = Float32Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

export interface ReflectanceImage {
  width: number;
  height: number;
  /** Row-major, one value a pixel. */
  values: Float32Array;
}

/** A rectangle of pixels, [left, right) × [top, bottom). */
export interface PixelRegion {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * An sRGB frame (`channels` bytes a pixel, RGB first) as reflectance: Rec. 709 luminance of the linear channels.
 * With `regions`, only their pixels are converted (the rest stay 0): the grader reads the symbols and a margin around
 * them, and converting a whole 1024 × 768 frame cost more than grading its code.
 */
export function toReflectance(pixels: Uint8Array, width: number, height: number, channels = 3, regions?: readonly PixelRegion[]): ReflectanceImage {
  const values = new Float32Array(width * height);
  for (const r of regions ?? [{ left: 0, top: 0, right: width, bottom: height }]) {
    const [left, right] = [Math.max(0, Math.floor(r.left)), Math.min(width, Math.ceil(r.right))];
    const [top, bottom] = [Math.max(0, Math.floor(r.top)), Math.min(height, Math.ceil(r.bottom))];
    for (let y = top; y < bottom; y += 1) {
      for (let i = y * width + left, p = i * channels, end = y * width + right; i < end; i += 1, p += channels) {
        values[i] =
          0.2126 * (LINEAR[pixels[p] as number] as number) +
          0.7152 * (LINEAR[pixels[p + 1] as number] as number) +
          0.0722 * (LINEAR[pixels[p + 2] as number] as number);
      }
    }
  }
  return { width, height, values };
}
