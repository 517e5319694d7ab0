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

/** An sRGB frame (`channels` bytes a pixel, RGB first) as reflectance: Rec. 709 luminance of the linear channels. */
export function toReflectance(pixels: Uint8Array, width: number, height: number, channels = 3): ReflectanceImage {
  const values = new Float32Array(width * height);
  for (let i = 0, p = 0; i < values.length; i += 1, p += channels) {
    values[i] =
      0.2126 * (LINEAR[pixels[p] as number] as number) +
      0.7152 * (LINEAR[pixels[p + 1] as number] as number) +
      0.0722 * (LINEAR[pixels[p + 2] as number] as number);
  }
  return { width, height, values };
}
