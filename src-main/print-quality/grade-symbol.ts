// One symbol graded to the parameters of ISO/IEC 15415 from one image (docs/print-quality.md): locate (the corners
// zxing-wasm found), build the reference grid as the symbology's reference decode does (QR: the finder and alignment
// patterns' centres; Data Matrix: the L finder and the clock track), sample the modules through a synthetic aperture,
// read and Reed–Solomon decode the codewords, and grade each parameter on the 4-to-0 scale with a decimal score; the
// symbol's grade is the lowest.
import { qrAlignmentCentres, readSymbolCodewords, type CodewordLayout, type GradedSymbology, type ModuleMatrix, type SymbolCodewords } from './codewords';
import { affine, homography, moduleSpacing, type Corners, type Homography, type Point } from './geometry';
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
  inBand,
  letterOf,
  whole,
  type GradeScore,
  type Graded,
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

/**
 * The centre of a square pattern of concentric rings (a QR finder: 1:1:3:1:1; an alignment pattern: 1:1:1:1:1) as
 * ISO/IEC 18004's reference decode finds it: the mean of its edges along a line through it, across and then down, each
 * edge the crossing of GT nearest its place on the grid (within a module). `profile` is its modules through the
 * centre, dark = true, light beyond it. The measured centre in the grid's module coordinates, or null when fewer than
 * two edges of either line were found.
 */
function patternCentre(grid: Homography, sampler: Sampler, gt: number, centre: Point, profile: readonly boolean[]): Point | null {
  const half = profile.length / 2;
  const edges: Array<[number, boolean]> = [];
  for (let k = 0; k <= profile.length; k += 1) {
    const before = k > 0 && (profile[k - 1] as boolean);
    const after = k < profile.length && (profile[k] as boolean);
    // [offset from the centre, to light]
    if (before !== after) edges.push([k - half, before]);
  }
  const along = (axis: 'u' | 'v', at: Point): number | null => {
    const start = -half - 1;
    const crossings: Array<[number, boolean]> = [];
    const sample = (t: number) => {
      const p = axis === 'u' ? grid(at.x + t, at.y) : grid(at.x, at.y + t);
      return sampler.point(p.x, p.y) - gt;
    };
    let prev = sample(start);
    for (let t = start + STEP; t <= half + 1 + 1e-9; t += STEP) {
      const cur = sample(t);
      if (prev < 0 !== cur < 0) crossings.push([t - STEP + (STEP * prev) / (prev - cur), cur >= 0]);
      prev = cur;
    }
    let sum = 0;
    let found = 0;
    for (const [e, toLight] of edges) {
      let best = Number.NaN;
      for (const [c, up] of crossings) if (up === toLight && Math.abs(c - e) < 1 && !(Math.abs(c - e) >= Math.abs(best - e))) best = c;
      if (Number.isFinite(best)) {
        sum += best - e;
        found += 1;
      }
    }
    return found >= 2 ? sum / found : null;
  };
  // Across at the expected row, down at the column found, and across again at the row found when that is a tenth of
  // a module or more off the expected one (nearer, the first line crossed the same edges).
  const du0 = along('u', centre);
  if (du0 === null) return null;
  const dv = along('v', { x: centre.x + du0, y: centre.y });
  if (dv === null) return null;
  const du = Math.abs(dv) < 0.1 ? du0 : along('u', { x: centre.x, y: centre.y + dv });
  return du === null ? null : { x: centre.x + du, y: centre.y + dv };
}

const FINDER_PROFILE = [true, false, true, true, true, false, true];
const ALIGNMENT_PROFILE = [true, false, true, false, true];

/** A module-centre sampling grid: symbol coordinates (module (0,0) spans [0,1)²) to image coordinates. */
type SamplingGrid = (u: number, v: number) => Point;

interface ReferenceGrid {
  sample: SamplingGrid;
  /** GN: the largest distance of a reference point's measured centre from its ideal place, in modules. */
  nonuniformity: number;
}

/**
 * QR's reference grid (ISO/IEC 18004, reference decode): the three finder patterns' centres, measured, fix the ideal
 * grid (an affine map: module (3.5, 3.5) → the top-left finder's centre, (n − 3.5, 3.5) → the top right's,
 * (3.5, n − 3.5) → the bottom left's); each alignment pattern's centre is then measured near its ideal place, and its
 * distance from it is the grid's nonuniformity there. Modules are sampled on the ideal grid moved by the alignment
 * patterns' displacements, interpolated bilinearly between the pattern centres around each module (a finder's corner
 * of that lattice moves by nothing). A pattern not found counts as a module's displacement (GN F).
 */
function qrReferenceGrid(n: number, corners: Homography, sampler: Sampler, gt: number): ReferenceGrid | null {
  const finders = [
    { x: 3.5, y: 3.5 },
    { x: n - 3.5, y: 3.5 },
    { x: 3.5, y: n - 3.5 },
  ].map((c) => patternCentre(corners, sampler, gt, c, FINDER_PROFILE));
  const [tl, tr, bl] = finders;
  if (!tl || !tr || !bl) return null;
  const ideal = affine([3.5, 3.5], n - 7, n - 7, corners(tl.x, tl.y), corners(tr.x, tr.y), corners(bl.x, bl.y));
  const lattice = qrAlignmentCentres(n);
  const last = lattice.length - 1;
  const onFinder = (i: number, j: number) => (i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0);
  // Displacement (in modules) of each lattice node; rows i, columns j.
  const du = lattice.map(() => lattice.map(() => 0));
  const dv = lattice.map(() => lattice.map(() => 0));
  let nonuniformity = 0;
  lattice.forEach((row, i) =>
    lattice.forEach((col, j) => {
      if (onFinder(i, j)) return;
      const found = patternCentre(ideal, sampler, gt, { x: col + 0.5, y: row + 0.5 }, ALIGNMENT_PROFILE);
      if (!found) {
        nonuniformity = Math.max(nonuniformity, 1);
        return;
      }
      (du[i] as number[])[j] = found.x - col - 0.5;
      (dv[i] as number[])[j] = found.y - row - 0.5;
      nonuniformity = Math.max(nonuniformity, Math.hypot(found.x - col - 0.5, found.y - row - 0.5));
    }),
  );
  if (lattice.length < 2) return { sample: ideal, nonuniformity };
  // The lattice cell around a coordinate and where in it (clamped outside the outermost centres).
  const cell = (t: number): [number, number] => {
    let k = 0;
    while (k < last - 1 && t > (lattice[k + 1] as number) + 0.5) k += 1;
    const a = (lattice[k] as number) + 0.5;
    const b = (lattice[k + 1] as number) + 0.5;
    return [k, Math.min(1, Math.max(0, (t - a) / (b - a)))];
  };
  const lerp = (m: number[][], i: number, j: number, fi: number, fj: number) => {
    const r0 = m[i] as number[];
    const r1 = m[i + 1] as number[];
    return ((r0[j] as number) * (1 - fj) + (r0[j + 1] as number) * fj) * (1 - fi) + ((r1[j] as number) * (1 - fj) + (r1[j + 1] as number) * fj) * fi;
  };
  return {
    nonuniformity,
    sample: (u, v) => {
      const [i, fi] = cell(v);
      const [j, fj] = cell(u);
      return ideal(u + lerp(du, i, j, fi, fj), v + lerp(dv, i, j, fi, fj));
    },
  };
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
function gradeAgainstCorrection(codewordGrades: Int8Array, layout: CodewordLayout): Graded {
  let best: Graded = { grade: 0, score: 0 };
  for (let level = 4; level >= 1; level -= 1) {
    let worst = 1;
    for (const block of layout.blocks) {
      let below = 0;
      for (const i of block.raw) if ((codewordGrades[i] as number) < level) below += 1;
      worst = Math.min(worst, Math.max(0, 1 - below / (block.ecCodewords - block.protection)));
    }
    // The level, held by the notional UEC it leaves: its score, no higher than the level's own band.
    const notional = gradeUnusedCorrection(worst);
    const grade = Math.min(level, notional.grade) as GradeScore;
    const candidate = { grade, score: inBand(grade, Math.min(level === 4 ? 4 : level + 0.4, notional.score)) };
    if (candidate.score > best.score) best = candidate;
  }
  return best;
}

/**
 * UEC and whether the reference decode succeeded: every block Reed–Solomon decoded with its corrections within what
 * the block may correct, 2t ≤ d − p (a decode past that is a misdecode, ISO/IEC 18004 and 15415, "Decode").
 */
function unusedCorrection(read: SymbolCodewords): { uec: number; decoded: boolean; failedBlocks: number } {
  let uec = 1;
  let failedBlocks = 0;
  read.layout.blocks.forEach((block, i) => {
    const decode = read.decodes[i];
    const room = block.ecCodewords - block.protection;
    const ok = decode !== undefined && decode.corrected !== null && room > 0 && 2 * decode.errors <= room;
    if (!ok) failedBlocks += 1;
    uec = Math.min(uec, ok ? Math.max(0, 1 - (2 * decode.errors) / room) : 0);
  });
  return { uec, decoded: failedBlocks === 0, failedBlocks };
}

export function gradeSymbol(image: ReflectanceImage, found: LocatedSymbol): SymbolGrade {
  const n = found.size;
  const map = homography(n, found.corners);
  const spacing = moduleSpacing(n, found.corners);
  const modulePixels = (spacing.x + spacing.y) / 2;
  const sampler = new Sampler(image, (APERTURE_MODULES * modulePixels) / 2);

  // Rmax and Rmin: the aperture's highest and lowest reflectance over the module centres and one ring of quiet zone.
  const extremes = (grid: SamplingGrid) => {
    const reflectance = new Float64Array(n * n);
    let rmax = 0;
    let rmin = 1;
    for (let r = -1; r <= n; r += 1) {
      for (let c = -1; c <= n; c += 1) {
        const p = grid(c + 0.5, r + 0.5);
        const value = sampler.aperture(p.x, p.y);
        if (r >= 0 && c >= 0 && r < n && c < n) reflectance[r * n + c] = value;
        rmax = Math.max(rmax, value);
        rmin = Math.min(rmin, value);
      }
    }
    return { reflectance, rmax, rmin };
  };
  const first = extremes(map);
  const gt0 = (first.rmax + first.rmin) / 2;
  // The reference grid of the symbology's reference decode, and GN measured on it.
  let grid: SamplingGrid;
  let gn: number;
  if (found.symbology === 'QR') {
    const reference = qrReferenceGrid(n, map, sampler, gt0);
    // Finder patterns the reference decode cannot find: sampled on the corners' grid, GN F.
    grid = reference?.sample ?? map;
    gn = reference?.nonuniformity ?? 1;
  } else {
    // Data Matrix (ISO/IEC 16022, reference decode): the L finder's and the clock tracks' edges fix the grid; each
    // column and row sampled where the clock track's module centre was measured.
    const tracks = tracksOf(found.symbology, n);
    const columns = measureTrack(tracks.columns, map, sampler, gt0);
    const rows = measureTrack(tracks.rows, map, sampler, gt0);
    const offU = offsetsFrom(n, columns);
    const offV = offsetsFrom(n, rows);
    const inside = (k: number) => k >= 0 && k < n;
    grid = (u, v) => {
      const c = Math.floor(u);
      const r = Math.floor(v);
      return map(u + (inside(c) && inside(r) ? (offU[c] as number) : 0), v + (inside(c) && inside(r) ? (offV[r] as number) : 0));
    };
    gn = Math.max(columns.nonuniformity, rows.nonuniformity);
  }
  const { reflectance, rmax, rmin } = extremes(grid);
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

  const read = readSymbolCodewords(found.symbology, matrix);
  let uec = 0;
  let decoded = false;
  let failedBlocks = 0;
  let mod: Graded = whole(0);
  let rm: Graded = whole(0);
  let errors = 0;
  if (read) {
    ({ uec, decoded, failedBlocks } = unusedCorrection(read));
    // t of the blocks decoded; a block that failed corrected nothing (failedBlocks counts it).
    errors = read.decodes.reduce((sum, d) => sum + (d.corrected ? d.errors : 0), 0);
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
  } else {
    // The format or version information could not be read from the sample: the reference decode fails.
    failedBlocks = 1;
  }

  const graded: Record<GradeParameter, Graded> = {
    // Decode: the reference decode on the grader's own sample, not zxing's read (ISO/IEC 15415, "Decode").
    decode: whole(decoded ? 4 : 0),
    sc: gradeContrast(sc),
    mod,
    rm,
    fpd: whole(fpd),
    an: gradeAxial(an),
    gn: gradeGrid(gn),
    uec: gradeUnusedCorrection(uec),
  };
  let worst: GradeParameter = 'decode';
  for (const p of GRADE_PARAMETERS) if (graded[p].score < graded[worst].score) worst = p;
  const score = graded[worst].score;
  const parameters = Object.fromEntries(GRADE_PARAMETERS.map((p) => [p, letterOf(graded[p].grade)])) as SymbolGrade['parameters'];
  const scores = Object.fromEntries(GRADE_PARAMETERS.map((p) => [p, graded[p].score])) as NonNullable<SymbolGrade['scores']>;
  return {
    symbology: found.symbology,
    value: found.value,
    grade: letterOf(score),
    score,
    parameters,
    scores,
    measures: { sc, rmax, rmin, gt, an, gn, uec, errors, failedBlocks, fixedPatternErrors, modules: n, modulePixels },
    worst,
  };
}
