import type { StringTagType, TagType } from '../api/common';
import type { TagTypeBasis } from './identifier-read';

// AIM symbology identifiers (ISO/IEC 15424): a scanner set to "transmit AIM ID" starts
// every read with `]` + a code character + a modifier character, e.g. `]Q1` (QR),
// `]d2` (GS1 DataMatrix), `]C0` (Code 128). The station maps `]Q` → QR, `]d` → DATA_MATRIX,
// linear symbologies → BAR_CODE.

/** Code characters of linear (1-D) symbologies, all of which enroll as BAR_CODE. */
const LINEAR_CODES = new Set([
  'A', // Code 39
  'B', // Telepen
  'C', // Code 128 (and GS1-128)
  'E', // EAN / UPC
  'F', // Codabar
  'G', // Code 93
  'H', // Code 11
  'I', // Interleaved 2 of 5
  'M', // MSI
  'P', // Plessey
  'R', // Straight 2 of 5 (2-bar start/stop)
  'S', // Straight 2 of 5 (3-bar start/stop)
  'e', // GS1 DataBar
]);

const AIM_PREFIX = /^\][A-Za-z][0-9A-Za-z]/;

export interface AimSplit {
  /** The three-character identifier (`]Q1`), when the text starts with one. */
  symbology: string | undefined;
  /** The tagType the identifier names; undefined for no prefix or a symbology the spec has no tagType for (PDF417, Aztec…). */
  tagType: StringTagType | undefined;
  /** The read without its identifier. */
  value: string;
}

/** Splits an AIM symbology identifier off a scanned text and names its tagType. */
export function splitAimPrefix(text: string): AimSplit {
  if (!AIM_PREFIX.test(text)) return { symbology: undefined, tagType: undefined, value: text };
  const code = text.charAt(1);
  return { symbology: text.slice(0, 3), tagType: tagTypeOfAimCode(code), value: text.slice(3) };
}

function tagTypeOfAimCode(code: string): StringTagType | undefined {
  if (code === 'Q') return 'QR';
  if (code === 'd') return 'DATA_MATRIX';
  if (LINEAR_CODES.has(code)) return 'BAR_CODE';
  return undefined;
}

/** The tagType a scanner read without a usable identifier gets when its device has no slot. */
const SCANNER_FALLBACK_TAG_TYPE: StringTagType = 'BAR_CODE';

/** Tag types a scanner can produce; a scanner's role outside these does not type its reads. */
const SCANNER_TAG_TYPES: ReadonlySet<TagType> = new Set<TagType>(['QR', 'BAR_CODE', 'DATA_MATRIX', 'TEXT']);

/**
 * The tagType of one scanner read: the symbology id when it names one, else the
 * device's slot (role), else the fallback — and which of the three decided, so the
 * bench session may place a `fallback` read by the slot it expects.
 */
export function scannerTagType(split: AimSplit, role: TagType | null): { tagType: StringTagType; basis: TagTypeBasis } {
  if (split.tagType) return { tagType: split.tagType, basis: 'symbology' };
  if (role && SCANNER_TAG_TYPES.has(role)) return { tagType: role as StringTagType, basis: 'device' };
  return { tagType: SCANNER_FALLBACK_TAG_TYPE, basis: 'fallback' };
}
