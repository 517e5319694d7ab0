// One symbol graded to the parameters of ISO/IEC 15415 from one image (docs/print-quality.md): locate (the corners
// zxing-wasm found), sample the module grid through a synthetic aperture, read and Reed–Solomon decode the codewords,
// and grade each parameter on the 4-to-0 scale; the symbol's grade is the lowest.
import { readSymbolCodewords, type CodewordLayout, type GradedSymbology, type ModuleMatrix, type SymbolCodewords } from './codewords';
import { homography, moduleSpacing, type Corners, type Homography } from './geometry';
import { GRADE_PARAMETERS, type GradeParameter, type SymbolGrade } from '../../src-shared/ipc/grades';
import type { ReflectanceImage } from './reflectance';
import {
  gradeAxial,
  gradeContrast,
  gradeDamagedCount,
  gradeDamagedShare,
  gradeGrid,
  gradeModule,
  gradeUnusedCorrection,
  letterOf,
  type GradeScore,
} from './scale';

export interface LocatedSymbol {
  symbology: GradedSymbology;
  value: string;
  /** Modules a side. */
  size: number;
  corners: Corners;
}

/** The synthetic aperture's diameter, in modules (docs/print-quality.md, "Reflectance"). */
const APERTURE_MODULES = 0.8;

class Sampler {
  private readonly offsets: Array<[number, number]> = [];
  constructor(
    private readonly img: ReflectanceImage,
    radius: number,
  ) {
    const r = Math.max(0.5, radius);
    const reach = Math.ceil(r);
    for (let dy = -reach; dy <= reach; dy += 1) for (let dx = -reach; dx <= reach; dx += 1) if (dx * dx + dy * dy <= r * r) this.offsets.push([dx, dy]);
  }

  /** The mean reflectance inside the aperture centred on an image point. */
  aperture(x: number, y: number): number {
    const cx = Math.floor(x);
    const cy = Math.floor(y);
    const { width, height, values } = this.img;
    let sum = 0;
    let count = 0;
    for (const [dx, dy] of this.offsets) {
      const px = cx + dx;
      const py = cy + dy;
      if (px < 0 || py < 0 || px >= width || py >= height) continue;
      sum += values[py * width + px] as number;
      count += 1;
    }
    return count ? sum / count : 1;
  }

  /** Bilinear reflectance at an image point (pixel centres at i + 0.5). */
  point(x: number, y: number): number {
    const { width, height, values } = this.img;
    const fx = Math.min(width - 1, Math.max(0, x - 0.5));
    const fy = Math.min(height - 1, Math.max(0, y - 0.5));
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    const x1 = Math.min(width - 1, x0 + 1);
    const y1 = Math.min(height - 1, y0 + 1);
    const ax = fx - x0;
    const ay = fy - y0;
    const v = (xx: number, yy: number) => values[yy * width + xx] as number;
    return (v(x0, y0) * (1 - ax) + v(x1, y0) * ax) * (1 - ay) + (v(x0, y1) * (1 - ax) + v(x1, y1) * ax) * ay;
  }
}

/** A track of alternating modules (timing pattern, clock track) along one axis, whose edges give the actual grid. */
interface Track {
  axis: 'u' | 'v';
  /** The other coordinate of the track's centre line, in modules. */
  across: number;
  first: number;
  last: number;
  dark: (k: number) => boolean;
}

interface TrackMeasure {
  /** Measured centre minus ideal centre, per module index (NaN where an edge was not found). */
  deviation: Map<number, number>;
  /** Largest distance of a measured centre from its place on the reference grid (the corners' projective map). */
  nonuniformity: number;
}

const STEP = 0.05;

function measureTrack(track: Track, map: Homography, sampler: Sampler, gt: number): TrackMeasure {
  const start = track.first - 0.5;
  const end = track.last + 1.5;
  // Each crossing of GT with its direction: rising (dark to light) or falling.
  const crossings: Array<[number, boolean]> = [];
  let prevT = start;
  let prev = sample(start) - gt;
  for (let t = start + STEP; t <= end + 1e-9; t += STEP) {
    const cur = sample(t) - gt;
    if (prev < 0 !== cur < 0) crossings.push([prevT + (STEP * prev) / (prev - cur), cur >= 0]);
    prev = cur;
    prevT = t;
  }
  function sample(t: number): number {
    const p = track.axis === 'u' ? map(t, track.across) : map(track.across, t);
    return sampler.point(p.x, p.y);
  }
  // The edge before module e is matched to the nearest crossing of its direction within a module: edges of one
  // direction are two modules apart, so a grid displaced by up to a module is still measured.
  const edge = new Map<number, number>();
  for (let e = track.first; e <= track.last + 1; e += 1) {
    const rising = e <= track.last ? !track.dark(e) : track.dark(track.last);
    let best = Number.NaN;
    for (const [c, up] of crossings) if (up === rising && Math.abs(c - e) < 1 && !(Math.abs(c - e) >= Math.abs(best - e))) best = c;
    edge.set(e, best);
  }
  const deviation = new Map<number, number>();
  const centres: Array<[number, number]> = [];
  for (let k = track.first; k <= track.last; k += 1) {
    const centre = ((edge.get(k) as number) + (edge.get(k + 1) as number)) / 2;
    deviation.set(k, centre - (k + 0.5));
    if (Number.isFinite(centre)) centres.push([k, centre]);
  }
  let nonuniformity = 0;
  for (const [k, c] of centres) nonuniformity = Math.max(nonuniformity, Math.abs(c - (k + 0.5)));
  return { deviation, nonuniformity };
}

/** Per-row or per-column correction of the sampling grid from a track: the nearest measured deviation. */
function offsetsFrom(size: number, measure: TrackMeasure): Float64Array {
  const out = new Float64Array(size);
  const known = [...measure.deviation].filter(([, d]) => Number.isFinite(d));
  if (known.length === 0) return out;
  for (let i = 0; i < size; i += 1) {
    let best = known[0] as [number, number];
    for (const k of known) if (Math.abs(k[0] - i) < Math.abs(best[0] - i)) best = k;
    const exact = measure.deviation.get(i);
    out[i] = exact !== undefined && Number.isFinite(exact) ? exact : best[1];
  }
  return out;
}

function tracksOf(symbology: GradedSymbology, n: number): { columns: Track; rows: Track } {
  if (symbology === 'QR') {
    // ISO/IEC 18004: timing patterns on row 6 and column 6 between the separators, dark on even indexes.
    return {
      columns: { axis: 'u', across: 6.5, first: 8, last: n - 9, dark: (k) => k % 2 === 0 },
      rows: { axis: 'v', across: 6.5, first: 8, last: n - 9, dark: (k) => k % 2 === 0 },
    };
  }
  // ISO/IEC 16022: the clock track on the top row (dark on even columns) and the right column (dark on odd rows);
  // the last light module of each lies against the quiet zone and has one edge only, so it is left out.
  return {
    columns: { axis: 'u', across: 0.5, first: 0, last: n - 2, dark: (k) => k % 2 === 0 },
    rows: { axis: 'v', across: n - 0.5, first: 1, last: n - 1, dark: (k) => k % 2 === 1 },
  };
}

interface FixedSegment {
  modules: Array<[number, number, boolean]>;
  grade: (errors: number, total: number) => GradeScore;
}

function fixedSegments(symbology: GradedSymbology, n: number): FixedSegment[] {
  const segments: FixedSegment[] = [];
  if (symbology === 'QR') {
    for (const [r0, c0] of [
      [0, 0],
      [0, n - 7],
      [n - 7, 0],
    ] as const) {
      const modules: Array<[number, number, boolean]> = [];
      // The finder pattern and its separator: an 8×8 square with the separator on the sides facing the symbol.
      for (let rr = -1; rr <= 7; rr += 1) {
        for (let cc = -1; cc <= 7; cc += 1) {
          const r = r0 + rr;
          const c = c0 + cc;
          if (r < 0 || c < 0 || r >= n || c >= n) continue;
          const ring = Math.max(Math.abs(rr - 3), Math.abs(cc - 3));
          modules.push([r, c, ring !== 2 && ring <= 3]);
        }
      }
      segments.push({ modules, grade: (errors) => gradeDamagedCount(errors) });
    }
    const timing: Array<[number, number, boolean]> = [];
    for (let k = 8; k <= n - 9; k += 1) timing.push([6, k, k % 2 === 0], [k, 6, k % 2 === 0]);
    segments.push({ modules: timing, grade: (errors, total) => gradeDamagedShare(errors / total) });
    return segments;
  }
  const finder: Array<[number, number, boolean]> = [];
  for (let k = 0; k < n; k += 1) finder.push([k, 0, true], [n - 1, k, true]);
  const clock: Array<[number, number, boolean]> = [];
  for (let k = 0; k < n - 1; k += 1) clock.push([0, k, k % 2 === 0], [k + 1, n - 1, (k + 1) % 2 === 1]);
  const share = (errors: number, total: number) => gradeDamagedShare(errors / total);
  segments.push({ modules: finder, grade: share }, { modules: clock, grade: share });
  return segments;
}

/** Codeword grades judged against the error correction left, level by level (ISO/IEC 15415 "Modulation"). */
function gradeAgainstCorrection(codewordGrades: Int8Array, layout: CodewordLayout): GradeScore {
  let best: GradeScore = 0;
  for (let level = 4; level >= 1; level -= 1) {
    let worst = 1;
    for (const block of layout.blocks) {
      let below = 0;
      for (const i of block.raw) if ((codewordGrades[i] as number) < level) below += 1;
      worst = Math.min(worst, Math.max(0, 1 - below / (block.ecCodewords - block.protection)));
    }
    best = Math.max(best, Math.min(level, gradeUnusedCorrection(worst))) as GradeScore;
  }
  return best;
}

function unusedCorrection(read: SymbolCodewords): number {
  let uec = 1;
  read.layout.blocks.forEach((block, i) => {
    const decode = read.decodes[i];
    const room = block.ecCodewords - block.protection;
    const u = !decode || decode.corrected === null || room <= 0 ? 0 : Math.max(0, 1 - (2 * decode.errors) / room);
    uec = Math.min(uec, u);
  });
  return uec;
}

export function gradeSymbol(image: ReflectanceImage, found: LocatedSymbol): SymbolGrade {
  const n = found.size;
  const map = homography(n, found.corners);
  const spacing = moduleSpacing(n, found.corners);
  const modulePixels = (spacing.x + spacing.y) / 2;
  const sampler = new Sampler(image, (APERTURE_MODULES * modulePixels) / 2);

  // Rmax and Rmin: the aperture's highest and lowest reflectance over the module centres and one ring of quiet zone.
  const extremes = (offU: Float64Array, offV: Float64Array) => {
    const reflectance = new Float64Array(n * n);
    let rmax = 0;
    let rmin = 1;
    for (let r = -1; r <= n; r += 1) {
      for (let c = -1; c <= n; c += 1) {
        const inside = r >= 0 && c >= 0 && r < n && c < n;
        const p = map(c + 0.5 + (inside ? (offU[c] as number) : 0), r + 0.5 + (inside ? (offV[r] as number) : 0));
        const value = sampler.aperture(p.x, p.y);
        if (inside) reflectance[r * n + c] = value;
        rmax = Math.max(rmax, value);
        rmin = Math.min(rmin, value);
      }
    }
    return { reflectance, rmax, rmin };
  };
  const first = extremes(new Float64Array(n), new Float64Array(n));
  const tracks = tracksOf(found.symbology, n);
  const gt0 = (first.rmax + first.rmin) / 2;
  const columns = measureTrack(tracks.columns, map, sampler, gt0);
  const rows = measureTrack(tracks.rows, map, sampler, gt0);
  const { reflectance, rmax, rmin } = extremes(offsetsFrom(n, columns), offsetsFrom(n, rows));
  const sc = rmax - rmin;
  const gt = (rmax + rmin) / 2;
  const matrix: ModuleMatrix = { size: n, dark: new Uint8Array(n * n) };
  const moduleGrade = new Int8Array(n * n);
  for (let i = 0; i < n * n; i += 1) {
    const value = reflectance[i] as number;
    matrix.dark[i] = value < gt ? 1 : 0;
    moduleGrade[i] = sc > 0 ? gradeModule((2 * Math.abs(value - gt)) / sc) : 0;
  }

  let fpd: GradeScore = 4;
  let fixedPatternErrors = 0;
  for (const segment of fixedSegments(found.symbology, n)) {
    let errors = 0;
    for (const [r, c, dark] of segment.modules) if ((matrix.dark[r * n + c] === 1) !== dark) errors += 1;
    fixedPatternErrors += errors;
    fpd = Math.min(fpd, segment.grade(errors, segment.modules.length)) as GradeScore;
  }

  const an = Math.abs(spacing.x - spacing.y) / modulePixels;
  const gn = Math.max(columns.nonuniformity, rows.nonuniformity);

  const read = readSymbolCodewords(found.symbology, matrix);
  let uec = 0;
  let mod: GradeScore = 0;
  let rm: GradeScore = 0;
  let errors = 0;
  if (read) {
    uec = unusedCorrection(read);
    errors = read.decodes.reduce((sum, d) => sum + d.errors, 0);
    const { layout } = read;
    const modGrades = new Int8Array(layout.rawCount).fill(4);
    const marginGrades = new Int8Array(layout.rawCount).fill(4);
    const wrongBits = new Map<number, number>();
    layout.blocks.forEach((block, b) => {
      const corrected = read.decodes[b]?.corrected;
      block.raw.forEach((raw, j) => {
        wrongBits.set(raw, corrected ? (read.raw[raw] as number) ^ (corrected[j] as number) : 0xff);
      });
    });
    for (let i = 0; i < n * n; i += 1) {
      const cw = layout.moduleCodeword[i] as number;
      if (cw < 0) continue;
      const g = moduleGrade[i] as number;
      modGrades[cw] = Math.min(modGrades[cw] as number, g);
      const wrong = (((wrongBits.get(cw) ?? 0) >> (layout.moduleBit[i] as number)) & 1) === 1;
      marginGrades[cw] = Math.min(marginGrades[cw] as number, wrong ? 0 : g);
    }
    mod = gradeAgainstCorrection(modGrades, layout);
    rm = gradeAgainstCorrection(marginGrades, layout);
  }

  const scores: Record<GradeParameter, GradeScore> = {
    decode: 4,
    sc: gradeContrast(sc),
    mod,
    rm,
    fpd,
    an: gradeAxial(an),
    gn: gradeGrid(gn),
    uec: gradeUnusedCorrection(uec),
  };
  let worst: GradeParameter = 'decode';
  for (const p of GRADE_PARAMETERS) if (scores[p] < scores[worst]) worst = p;
  const score = scores[worst];
  const parameters = Object.fromEntries(GRADE_PARAMETERS.map((p) => [p, letterOf(scores[p])])) as SymbolGrade['parameters'];
  return {
    symbology: found.symbology,
    value: found.value,
    grade: letterOf(score),
    score,
    parameters,
    measures: { sc, rmax, rmin, gt, an, gn, uec, errors, fixedPatternErrors, modules: n, modulePixels },
    worst,
  };
}
