// The codeword layer of the grader (docs/print-quality.md, "Codewords"): which module carries which bit of which
// codeword, how codewords are interleaved into Reed–Solomon blocks, and the Reed–Solomon decode of each block.
// Placement, interleaving and the decoder are @zxing/library's (the ZXing reference port): the same tables every
// decoder uses, not a second copy of them here. Its package has no export map for these internals, so they are
// required from its CommonJS build.
import { createRequire } from 'node:module';
import type BitMatrixType from '@zxing/library/esm/core/common/BitMatrix';
import type GenericGFType from '@zxing/library/esm/core/common/reedsolomon/GenericGF';
import type ReedSolomonDecoderType from '@zxing/library/esm/core/common/reedsolomon/ReedSolomonDecoder';
import type QrParserType from '@zxing/library/esm/core/qrcode/decoder/BitMatrixParser';
import type QrDataBlockType from '@zxing/library/esm/core/qrcode/decoder/DataBlock';
import type DmParserType from '@zxing/library/esm/core/datamatrix/decoder/BitMatrixParser';
import type DmDataBlockType from '@zxing/library/esm/core/datamatrix/decoder/DataBlock';
import type QrVersionType from '@zxing/library/esm/core/qrcode/decoder/Version';

const require = createRequire(import.meta.url);
const lib = (path: string): unknown => (require(`@zxing/library/cjs/core/${path}.js`) as { default: unknown }).default;
const BitMatrix = lib('common/BitMatrix') as typeof BitMatrixType;
const GenericGF = lib('common/reedsolomon/GenericGF') as typeof GenericGFType;
const ReedSolomonDecoder = lib('common/reedsolomon/ReedSolomonDecoder') as typeof ReedSolomonDecoderType;
const QrParser = lib('qrcode/decoder/BitMatrixParser') as typeof QrParserType;
const QrDataBlock = lib('qrcode/decoder/DataBlock') as typeof QrDataBlockType;
const DmParser = lib('datamatrix/decoder/BitMatrixParser') as typeof DmParserType;
const DmDataBlock = lib('datamatrix/decoder/DataBlock') as typeof DmDataBlockType;
const QrVersion = lib('qrcode/decoder/Version') as typeof QrVersionType;

export type GradedSymbology = 'QR' | 'DATA_MATRIX';

/**
 * The row and column indexes of a QR symbol's alignment pattern centres (ISO/IEC 18004, Annex E), from its size:
 * every pair of them is a pattern but the three that fall on a finder pattern. Empty for version 1.
 */
export function qrAlignmentCentres(size: number): number[] {
  return Array.from(QrVersion.getVersionForNumber((size - 17) / 4).getAlignmentPatternCenters());
}

/** One Reed–Solomon block: its codewords (indexes into the raw sequence) and its error correction counts. */
interface CodewordBlock {
  /** Raw codeword index of each codeword of the block, in block order (data first, then error correction). */
  raw: number[];
  /** d: error correction codewords. */
  ecCodewords: number;
  /** p: misdecode protection codewords (ISO/IEC 18004 for small QR versions; 0 for Data Matrix ECC 200). */
  protection: number;
}

export interface CodewordLayout {
  /** Raw codeword index and bit (7 = most significant) of each module, row-major; -1 for a module of no codeword. */
  moduleCodeword: Int32Array;
  moduleBit: Int8Array;
  rawCount: number;
  blocks: CodewordBlock[];
}

interface BlockDecode {
  /** The codewords as corrected (null when the block could not be decoded). */
  corrected: number[] | null;
  /** t: codewords the decode changed. */
  errors: number;
}

/** A sampled symbol, dark = true, `size` modules a side (row-major `dark[row * size + col]`). */
export interface ModuleMatrix {
  size: number;
  dark: Uint8Array;
}

function toBitMatrix(m: ModuleMatrix): BitMatrixType {
  const bits = new BitMatrix(m.size, m.size);
  for (let r = 0; r < m.size; r += 1) for (let c = 0; c < m.size; c += 1) if (m.dark[r * m.size + c]) bits.set(c, r);
  return bits;
}

/** QR misdecode protection p (ISO/IEC 18004, table of error correction characteristics): versions 1–3 only. */
function qrProtection(version: number, level: string): number {
  if (version === 1) return level === 'L' ? 3 : level === 'M' ? 2 : 1;
  if (version === 2 && level === 'L') return 2;
  if (version === 3 && level === 'L') return 1;
  return 0;
}

interface Reader {
  read(m: ModuleMatrix): number[];
  blocks(rawCount: number): Array<{ raw: number[]; data: number }>;
  protection: number;
  field: GenericGFType;
}

function qrReader(m: ModuleMatrix): Reader {
  const parser = new QrParser(toBitMatrix(m));
  const format = parser.readFormatInformation();
  const version = parser.readVersion();
  const level = format.getErrorCorrectionLevel();
  return {
    read: (matrix) => Array.from(new QrParser(toBitMatrix(matrix)).readCodewords()),
    blocks: (rawCount) => {
      const lo = Uint8Array.from({ length: rawCount }, (_, i) => i & 0xff);
      const hi = Uint8Array.from({ length: rawCount }, (_, i) => i >> 8);
      const a = QrDataBlock.getDataBlocks(lo, version, level);
      const b = QrDataBlock.getDataBlocks(hi, version, level);
      return a.map((block, i) => ({
        raw: Array.from(block.getCodewords(), (v, j) => v | (((b[i] as QrDataBlockType).getCodewords()[j] as number) << 8)),
        data: block.getNumDataCodewords(),
      }));
    },
    protection: qrProtection(version.getVersionNumber(), level.toString()),
    field: GenericGF.QR_CODE_FIELD_256,
  };
}

function dmReader(m: ModuleMatrix): Reader {
  const version = new DmParser(toBitMatrix(m)).getVersion();
  return {
    read: (matrix) => Array.from(new DmParser(toBitMatrix(matrix)).readCodewords(), (v) => v & 0xff),
    blocks: (rawCount) => {
      const lo = Int8Array.from({ length: rawCount }, (_, i) => ((i & 0xff) << 24) >> 24);
      const hi = Int8Array.from({ length: rawCount }, (_, i) => ((i >> 8) << 24) >> 24);
      const a = DmDataBlock.getDataBlocks(lo, version);
      const b = DmDataBlock.getDataBlocks(hi, version);
      return a.map((block, i) => ({
        raw: Array.from(block.getCodewords(), (v, j) => v | (((b[i] as DmDataBlockType).getCodewords()[j] as number) << 8)),
        data: block.getNumDataCodewords(),
      }));
    },
    protection: 0,
    field: GenericGF.DATA_MATRIX_FIELD_256,
  };
}

const layouts = new Map<string, CodewordLayout>();

/**
 * Where the codewords are, found by asking the placement itself: flipping one module flips one bit of the codeword
 * it belongs to (masking is an XOR), and nothing for a module of a fixed pattern. Kept per symbology, size and
 * error correction level (placement does not depend on the data or the mask).
 */
function layoutOf(m: ModuleMatrix, reader: Reader, base: number[], key: string): CodewordLayout {
  const known = layouts.get(key);
  if (known) return known;
  const n = m.size * m.size;
  const moduleCodeword = new Int32Array(n).fill(-1);
  const moduleBit = new Int8Array(n).fill(-1);
  const probe: ModuleMatrix = { size: m.size, dark: Uint8Array.from(m.dark) };
  for (let i = 0; i < n; i += 1) {
    probe.dark[i] = probe.dark[i] ? 0 : 1;
    let read: number[] | null;
    try {
      read = reader.read(probe);
    } catch {
      read = null; // a flipped format or version bit the parser could not correct: a fixed-pattern module
    }
    probe.dark[i] = m.dark[i] as number;
    if (!read || read.length !== base.length) continue;
    let changed = -1;
    let count = 0;
    for (let k = 0; k < read.length; k += 1) {
      if (read[k] !== base[k]) {
        changed = k;
        count += 1;
      }
    }
    if (count !== 1) continue;
    const diff = (read[changed] as number) ^ (base[changed] as number);
    if ((diff & (diff - 1)) !== 0) continue;
    moduleCodeword[i] = changed;
    moduleBit[i] = 31 - Math.clz32(diff);
  }
  const blocks = reader.blocks(base.length).map(({ raw, data }) => ({
    raw,
    ecCodewords: raw.length - data,
    protection: reader.protection,
  }));
  const layout = { moduleCodeword, moduleBit, rawCount: base.length, blocks };
  layouts.set(key, layout);
  return layout;
}

export interface SymbolCodewords {
  layout: CodewordLayout;
  raw: number[];
  decodes: BlockDecode[];
}

/**
 * Reads the codewords of a sampled symbol and Reed–Solomon decodes each block (docs/print-quality.md, "Unused error
 * correction"). Null when the fixed information (format, version) cannot be read from the sample.
 */
export function readSymbolCodewords(symbology: GradedSymbology, m: ModuleMatrix): SymbolCodewords | null {
  let reader: Reader;
  let raw: number[];
  try {
    reader = symbology === 'QR' ? qrReader(m) : dmReader(m);
    raw = reader.read(m);
  } catch {
    return null;
  }
  // Placement depends on the symbology and size; the blocks on the error correction level too.
  const blocks = reader.blocks(raw.length).map((b) => b.data);
  const layout = layoutOf(m, reader, raw, `${symbology}:${m.size}:${blocks.join(',')}`);
  const rs = new ReedSolomonDecoder(reader.field);
  const decodes = layout.blocks.map((block): BlockDecode => {
    const received = Int32Array.from(block.raw, (i) => raw[i] as number);
    const copy = Int32Array.from(received);
    try {
      rs.decodeWithECCount(copy, block.ecCodewords);
    } catch {
      return { corrected: null, errors: block.ecCodewords };
    }
    let errors = 0;
    for (let k = 0; k < copy.length; k += 1) if (copy[k] !== received[k]) errors += 1;
    return { corrected: Array.from(copy), errors };
  });
  return { layout, raw, decodes };
}
