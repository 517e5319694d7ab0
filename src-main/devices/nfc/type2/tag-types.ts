// Which chip is on the reader (docs/devices.md, "Encoding a chip"): the card kind from the ATR the reader builds
// (PC/SC 2.01 part 3: a storage card's standard and card name), then the Type 2 tag's type and memory from its
// GET_VERSION answer (NXP: NTAG213/215/216 and NTAG210/212 data sheets, MF0ULx1), else from its capability container.

const STORAGE_ATR_PREFIX = Buffer.from('3B8F8001804F0CA000000306', 'hex');

/** A card that is no Type 2 tag: its kind as a key (the UI's catalogs say it, nfcEncode.kinds) and in words (the CLI, the log). */
export interface CardKind {
  key: 'mifareClassic1k' | 'mifareClassic4k' | 'mifareMini' | 'topaz' | 'mifarePlus' | 'felica' | 'iso15693' | 'storageOther' | 'iso14443_4' | 'unknown';
  words: string;
}

/** PC/SC part 3 card names that are no Type 2 tag. */
const OTHER_CARDS: Record<number, CardKind> = {
  0x0001: { key: 'mifareClassic1k', words: 'a MIFARE Classic 1K card' },
  0x0002: { key: 'mifareClassic4k', words: 'a MIFARE Classic 4K card' },
  0x0026: { key: 'mifareMini', words: 'a MIFARE Mini card' },
  0x0030: { key: 'topaz', words: 'a Topaz/Jewel tag (NFC Forum Type 1)' },
  0x0036: { key: 'mifarePlus', words: 'a MIFARE Plus card' },
  0x0037: { key: 'mifarePlus', words: 'a MIFARE Plus card' },
  0x0038: { key: 'mifarePlus', words: 'a MIFARE Plus card' },
  0x0039: { key: 'mifarePlus', words: 'a MIFARE Plus card' },
};
/** Card names of Type 2 tags: MIFARE Ultralight (readers give it to every NTAG and Ultralight EV1) and Ultralight C. */
const TYPE2_CARDS = new Set([0x0003, 0x003a]);

/** Null when the ATR is that of a Type 2 tag; else the card's kind. */
export function notType2Kind(atr: Buffer | null): CardKind | null {
  if (!atr) return null;
  if (atr.length >= 15 && atr.subarray(0, STORAGE_ATR_PREFIX.length).equals(STORAGE_ATR_PREFIX)) {
    const standard = atr[12];
    const name = atr.readUInt16BE(13);
    if (standard === 0x11) return { key: 'felica', words: 'a FeliCa card (NFC Forum Type 3)' };
    if (standard === 0x0b || standard === 0x0c) return { key: 'iso15693', words: 'an ISO 15693 vicinity tag (NFC Forum Type 5)' };
    if (TYPE2_CARDS.has(name)) return null;
    return (
      OTHER_CARDS[name] ?? {
        key: 'storageOther',
        words: `a storage card of a kind the station does not encode (PC/SC card name ${name.toString(16).padStart(4, '0').toUpperCase()})`,
      }
    );
  }
  return { key: 'iso14443_4', words: 'an ISO 14443-4 smart card (e.g. a MIFARE DESFire, a bank or ID card; NFC Forum Type 4)' };
}

/** Where a tag keeps its dynamic lock bits and what locking all of them writes. */
interface DynamicLock {
  page: number;
  /** Lock bytes 0-2 to write: every lock bit of user memory and their block-locking bits. */
  bytes: [number, number, number];
}

export interface Type2Layout {
  /** In words: "NTAG213", or "Type 2 tag" when only the CC told. */
  type: string;
  /** Bytes of user memory from page 4. */
  userBytes: number;
  dynamicLock: DynamicLock | null;
  /** The CC of an NDEF-formatted tag of this type (written when the chip's CC is still blank). */
  cc: Buffer;
  /** Whether the type came from GET_VERSION. */
  fromVersion: boolean;
}

interface Known {
  type: string;
  userBytes: number;
  ccSize: number;
  dynamicLock: DynamicLock | null;
}

// GET_VERSION: vendor 04 (NXP), product type (03 Ultralight EV1, 04 NTAG), storage size byte 6.
const BY_VERSION: Record<string, Known> = {
  '04:0f': { type: 'NTAG213', userBytes: 144, ccSize: 0x12, dynamicLock: { page: 0x28, bytes: [0xff, 0x0f, 0x07] } },
  '04:11': { type: 'NTAG215', userBytes: 504, ccSize: 0x3e, dynamicLock: { page: 0x82, bytes: [0xff, 0x00, 0x0f] } },
  '04:13': { type: 'NTAG216', userBytes: 888, ccSize: 0x6d, dynamicLock: { page: 0xe2, bytes: [0xff, 0x3f, 0x7f] } },
  '04:0b': { type: 'NTAG210', userBytes: 48, ccSize: 0x06, dynamicLock: null },
  '04:0e': { type: 'NTAG212', userBytes: 128, ccSize: 0x10, dynamicLock: { page: 0x24, bytes: [0xff, 0x03, 0x07] } },
  '03:0b': { type: 'MIFARE Ultralight EV1 (MF0UL11)', userBytes: 48, ccSize: 0x06, dynamicLock: null },
  '03:0e': { type: 'MIFARE Ultralight EV1 (MF0UL21)', userBytes: 128, ccSize: 0x10, dynamicLock: { page: 0x24, bytes: [0xff, 0x03, 0x07] } },
};

/** The layout from a GET_VERSION answer; null for a version the station does not know. */
export function layoutFromVersion(version: Buffer): Type2Layout | null {
  if (version.readUInt8(1) !== 0x04) return null;
  const known = BY_VERSION[`${version.readUInt8(2).toString(16).padStart(2, '0')}:${version.readUInt8(6).toString(16).padStart(2, '0')}`];
  if (!known) return null;
  return { type: known.type, userBytes: known.userBytes, dynamicLock: known.dynamicLock, cc: Buffer.from([0xe1, 0x10, known.ccSize, 0x00]), fromVersion: true };
}

/**
 * The layout from the capability container alone (a tag or reader without GET_VERSION): the data area the CC
 * states. The dynamic lock bits are where the NFC Forum Type 2 specification puts them by default (right after a
 * data area over 48 bytes, one bit per 8 bytes past the 48th) only for the CC sizes of the NXP tags that keep them
 * there; for any other the station does not guess, and such a chip cannot be locked.
 */
export function layoutFromCc(cc: Buffer): Type2Layout | null {
  if (cc[0] !== 0xe1) return null;
  const size = cc.readUInt8(2);
  const userBytes = size * 8;
  const byCc = Object.values(BY_VERSION).find((k) => k.ccSize === size && k.userBytes === userBytes);
  return { type: `Type 2 tag of ${userBytes} bytes`, userBytes, dynamicLock: byCc?.dynamicLock ?? null, cc: Buffer.from(cc), fromVersion: false };
}
