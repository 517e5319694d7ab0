// From module coordinates to image coordinates (docs/print-quality.md, "Locating and sampling"): the projective map
// fixed by the symbol's four corners as zxing-wasm reports them, (0,0) top left … (n,n) bottom right, in modules.

export interface Point {
  x: number;
  y: number;
}

export interface Corners {
  topLeft: Point;
  topRight: Point;
  bottomRight: Point;
  bottomLeft: Point;
}

export type Homography = (u: number, v: number) => Point;

/** Solves the 8 unknowns of a homography from four correspondences (Gaussian elimination with pivoting). */
export function homography(size: number, corners: Corners): Homography {
  const src: Array<[number, number]> = [
    [0, 0],
    [size, 0],
    [size, size],
    [0, size],
  ];
  const dst = [corners.topLeft, corners.topRight, corners.bottomRight, corners.bottomLeft];
  const a: number[][] = [];
  for (let i = 0; i < 4; i += 1) {
    const [u, v] = src[i] as [number, number];
    const { x, y } = dst[i] as Point;
    a.push([u, v, 1, 0, 0, 0, -u * x, -v * x, x]);
    a.push([0, 0, 0, u, v, 1, -u * y, -v * y, y]);
  }
  for (let col = 0; col < 8; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < 8; r += 1) if (Math.abs((a[r] as number[])[col] as number) > Math.abs((a[pivot] as number[])[col] as number)) pivot = r;
    [a[col], a[pivot]] = [a[pivot] as number[], a[col] as number[]];
    const p = a[col] as number[];
    for (let r = 0; r < 8; r += 1) {
      if (r === col) continue;
      const row = a[r] as number[];
      const f = (row[col] as number) / (p[col] as number);
      for (let k = col; k < 9; k += 1) row[k] = (row[k] as number) - f * (p[k] as number);
    }
  }
  const h = a.map((row, i) => (row[8] as number) / (row[i] as number));
  const [h0, h1, h2, h3, h4, h5, h6, h7] = h as [number, number, number, number, number, number, number, number];
  return (u, v) => {
    const w = h6 * u + h7 * v + 1;
    return { x: (h0 * u + h1 * v + h2) / w, y: (h3 * u + h4 * v + h5) / w };
  };
}

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Average module width (X) and height (Y) in pixels from the symbol's sides. */
export function moduleSpacing(size: number, c: Corners): { x: number; y: number } {
  return {
    x: (dist(c.topLeft, c.topRight) + dist(c.bottomLeft, c.bottomRight)) / (2 * size),
    y: (dist(c.topLeft, c.bottomLeft) + dist(c.topRight, c.bottomRight)) / (2 * size),
  };
}

/** The affine map fixed by three points: module (u0, v0) → p0, (u0 + du, v0) → pu, (u0, v0 + dv) → pv. */
export function affine(origin: [number, number], du: number, dv: number, p0: Point, pu: Point, pv: Point): Homography {
  const ax = (pu.x - p0.x) / du;
  const ay = (pu.y - p0.y) / du;
  const bx = (pv.x - p0.x) / dv;
  const by = (pv.y - p0.y) / dv;
  return (u, v) => ({ x: p0.x + (u - origin[0]) * ax + (v - origin[1]) * bx, y: p0.y + (u - origin[0]) * ay + (v - origin[1]) * by });
}
