import { NfcEncodeCode } from '../../../../src-shared/domain/nfc-encoding';
import { StationError } from '../../../../src-shared/ipc/station-error';
import { ChipGoneError, Type2Access, type CardChannel } from './access';
import { findNdef, ndefTlv, parseMessage, uriMessage, type NdefRecordView } from './ndef';
import { layoutFromCc, layoutFromVersion, notType2Kind, type Type2Layout } from './tag-types';

// Encoding a Type 2 tag with a Label's URL (docs/devices.md, "Encoding a chip"): what the chip is, what it holds,
// the pages that differ written so that a chip taken away halfway never shows a half URL, the lock, and every
// written byte read back before anyone may enroll the chip.

const USER_PAGE = 4;

interface ChipState {
  layout: Type2Layout;
  /** Pages 0-3: UID, static lock bytes (bytes 10 and 11), CC (bytes 12-15). */
  head: Buffer;
  /** Lock bits set on the CC or user memory, or a CC that grants no write access. */
  locked: boolean;
}

export interface ChipReading {
  type: string;
  capacity: number;
  locked: boolean;
  ndef: NdefRecordView[];
}

export interface EncodeResult {
  type: string;
  url: string;
  bytesWritten: number;
  locked: boolean;
  verified: true;
  /** The chip held this very URL already (locked, or not): nothing had to be written. */
  alreadyEncoded: boolean;
  /** APDUs sent, and the fewest pages the URL needs (the benchmark's ratio). */
  commands: number;
  pagesNeeded: number;
}

function refuse(code: string, message: string, detail?: Record<string, unknown>): StationError {
  return new StationError({ code, message, ...(detail ? { detail } : {}) });
}

const hex = (b: Buffer) => b.toString('hex').toUpperCase();

/** What the chip is and whether it is locked; refuses a card that is no Type 2 tag, in words. */
async function inspectChip(access: Type2Access, atr: Buffer | null): Promise<ChipState> {
  const kind = notType2Kind(atr);
  if (kind)
    throw refuse(
      NfcEncodeCode.notType2,
      `This card is ${kind.words}, not an NFC Forum Type 2 tag (NTAG21x, MIFARE Ultralight): the station cannot encode it. Use the Label's own chip.`,
      { kind: kind.words, kindKey: kind.key },
    );
  const version = await access.getVersion();
  const head = await access.read(0);
  if (!head)
    throw refuse(NfcEncodeCode.notType2, 'The card refused to read its first pages: it is not an NFC Forum Type 2 tag the station can encode.', {
      kind: 'a card that did not answer as a Type 2 tag',
      kindKey: 'unknown',
    });
  const cc = head.subarray(12, 16);
  const layout = (version && layoutFromVersion(version)) ?? layoutFromCc(cc);
  if (!layout) {
    throw refuse(
      NfcEncodeCode.unsupported,
      version
        ? `The chip's GET_VERSION (${hex(version)}) names no type the station knows, and its capability container (${hex(cc)}) is not NDEF's: the station cannot tell its memory. Use an NTAG213/215/216 or MIFARE Ultralight EV1.`
        : `The chip does not answer GET_VERSION and its capability container (${hex(cc)}) is not NDEF's: the station cannot tell its memory. Use an NTAG213/215/216 or MIFARE Ultralight EV1.`,
    );
  }
  const lock0 = head.readUInt8(10);
  const lock1 = head.readUInt8(11);
  const ccAccess = cc.readUInt8(3);
  const locked = (lock0 & 0xf8) !== 0 || lock1 !== 0 || (cc[0] === 0xe1 && (ccAccess & 0x0f) !== 0);
  return { layout, head, locked };
}

/** Reads the NDEF area as far as its TLVs go (at most the user memory). */
async function readNdefArea(access: Type2Access, layout: Type2Layout, have: Buffer): Promise<Buffer> {
  let data = have;
  for (;;) {
    const found = findNdef(data);
    if (found.found !== 'truncated' || data.length >= layout.userBytes) return data;
    const pages = Math.ceil(Math.min(found.needed, layout.userBytes) / 4);
    const start = data.length / 4;
    data = Buffer.concat([data, await access.readPages(USER_PAGE + start, pages - start)]);
  }
}

function recordsIn(data: Buffer): NdefRecordView[] {
  const found = findNdef(data);
  if (found.found !== 'message') return [];
  try {
    return parseMessage(found.message);
  } catch {
    return [];
  }
}

/** What a chip holds, in words (for a refusal). */
function describe(data: Buffer): string {
  const found = findNdef(data);
  if (found.found === 'none') return 'no NDEF message (it is empty)';
  if (found.found !== 'message') return 'data that is no NDEF message';
  if (found.message.length === 0) return 'an empty NDEF message';
  let records: NdefRecordView[];
  try {
    records = parseMessage(found.message);
  } catch {
    return 'an NDEF message that cannot be read';
  }
  const words = records.map((r) => (r.uri !== undefined ? `the URL ${r.uri}` : r.text !== undefined ? `the text "${r.text}"` : `a record of type "${r.type}"`));
  return words.join(', ');
}

async function chipOnReader<T>(access: Type2Access, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ChipGoneError)) throw error;
    if (access.writes > 0) {
      throw refuse(
        NfcEncodeCode.tornWrite,
        `The chip was taken away while it was written (${access.writes} page${access.writes === 1 ? '' : 's'} written): its read-back failed and it is not enrolled. Present the chip again; the station completes the writing.`,
        { pagesWritten: access.writes },
      );
    }
    throw refuse(NfcEncodeCode.tornWrite, 'The chip left the reader before it could be written. Present the chip again and hold it still.', {
      pagesWritten: 0,
    });
  }
}

/** `station nfc read`: the chip's type, capacity, lock and NDEF records. */
export async function readChip(channel: CardChannel): Promise<ChipReading> {
  const access = new Type2Access(channel);
  return chipOnReader(access, async () => {
    const { layout, locked } = await inspectChip(access, channel.atr);
    const data = await readNdefArea(access, layout, await access.readPages(USER_PAGE, 4));
    return { type: layout.type, capacity: layout.userBytes, locked, ndef: recordsIn(data) };
  });
}

/**
 * Writes `url` as one NDEF URI record, locks when asked, and reads every written byte back; `verifying` is called when
 * the writing is done and the read-back starts (the Bench's slot says so).
 */
export async function encodeChip(channel: CardChannel, options: { url: string; lock: boolean; verifying?: () => void }): Promise<EncodeResult> {
  const access = new Type2Access(channel);
  return chipOnReader(access, async () => {
    const { layout, head, locked } = await inspectChip(access, channel.atr);
    const message = uriMessage(options.url);
    const tlv = ndefTlv(message);
    if (tlv.length > layout.userBytes) {
      throw refuse(
        NfcEncodeCode.urlTooLong,
        `The URL does not fit on this chip: it needs ${tlv.length} bytes and the ${layout.type} holds ${layout.userBytes}. Shorten the URL (a shorter domain or template) or use Labels with a larger chip.`,
        { needed: tlv.length, capacity: layout.userBytes },
      );
    }
    const pages = Math.ceil(tlv.length / 4);
    const target = Buffer.alloc(pages * 4);
    tlv.copy(target);
    const current = await access.readPages(USER_PAGE, pages);
    const holdsThis = (data: Buffer) => {
      const found = findNdef(data);
      return found.found === 'message' && found.message.equals(message);
    };
    const done = (bytesWritten: number, nowLocked: boolean, alreadyEncoded: boolean): EncodeResult => ({
      type: layout.type,
      url: options.url,
      bytesWritten,
      locked: nowLocked,
      verified: true,
      alreadyEncoded,
      commands: access.commands,
      pagesNeeded: pages,
    });
    if (locked) {
      if (holdsThis(current)) return done(0, true, true);
      const data = await readNdefArea(access, layout, current);
      throw refuse(
        NfcEncodeCode.lockedOther,
        `This chip is locked and holds ${describe(data)}: it can never be rewritten. Set it aside and use another Label.`,
        { holds: recordsIn(data) },
      );
    }

    const cc = head.subarray(12, 16);
    const writePage = async (page: number, data: Buffer) => {
      if (!(await access.write(page, data))) {
        const data = await readNdefArea(access, layout, await access.readPages(USER_PAGE, pages));
        throw refuse(
          NfcEncodeCode.lockedOther,
          `The chip refused the write to page ${page}: part of it is locked. It holds ${describe(data)}. Set it aside and use another Label.`,
          { page, holds: recordsIn(data) },
        );
      }
    };
    if (cc.equals(Buffer.alloc(4))) {
      // A blank CC (MIFARE Ultralight EV1 as delivered): formatted for NDEF with the size GET_VERSION gave.
      if (!layout.fromVersion)
        throw refuse(NfcEncodeCode.unsupported, 'The chip is blank and does not answer GET_VERSION: the station cannot tell its memory size to format it.');
      await writePage(3, layout.cc);
    } else if (cc[0] !== 0xe1) {
      throw refuse(
        NfcEncodeCode.unsupported,
        `The chip's capability container (${hex(cc)}) is not NDEF's: it holds other data, which the station does not overwrite.`,
      );
    }

    const differs = [];
    for (let i = 0; i < pages; i += 1) if (!current.subarray(i * 4, i * 4 + 4).equals(target.subarray(i * 4, i * 4 + 4))) differs.push(i);
    const others = differs.filter((i) => i > 0);
    // Page 4 holds the NDEF TLV's length: written last, so a chip taken away earlier shows its old message (or an
    // empty one), never a half URL. When it already claims a message, it is emptied first.
    if (others.length > 0 && current[0] === 0x03 && current[1] !== 0x00)
      await writePage(USER_PAGE, Buffer.from([0x03, 0x00, target.readUInt8(2), target.readUInt8(3)]));
    for (const i of others) await writePage(USER_PAGE + i, target.subarray(i * 4, i * 4 + 4));
    if (others.length > 0 || differs.includes(0)) await writePage(USER_PAGE, target.subarray(0, 4));

    if (options.lock) {
      if (!layout.dynamicLock && layout.userBytes > 48) {
        throw refuse(
          NfcEncodeCode.unsupported,
          `The URL is written, but the station cannot lock this chip: it did not tell its type (no GET_VERSION), so its dynamic lock bits cannot be found. Use a reader that passes GET_VERSION, or do not lock.`,
        );
      }
      await writePage(3, Buffer.concat([(cc[0] === 0xe1 ? cc : layout.cc).subarray(0, 3), Buffer.from([0x0f])]));
      if (layout.dynamicLock) await writePage(layout.dynamicLock.page, Buffer.from([...layout.dynamicLock.bytes, 0x00]));
      await writePage(2, Buffer.from([0x00, 0x00, 0xff, 0xff]));
    }

    // The read-back: every byte of the message, and of the lock.
    options.verifying?.();
    const back = await access.readPages(USER_PAGE, pages);
    for (let i = 0; i < pages; i += 1) {
      const wrote = target.subarray(i * 4, i * 4 + 4);
      const read = back.subarray(i * 4, i * 4 + 4);
      if (!wrote.equals(read)) {
        throw refuse(
          NfcEncodeCode.verifyFailed,
          `The chip reads back differently from what was written (page ${USER_PAGE + i}: wrote ${hex(wrote)}, read ${hex(read)}): it is not enrolled. Present it again; if it fails again, set it aside.`,
          { page: USER_PAGE + i },
        );
      }
    }
    if (options.lock) {
      const after = await access.read(0);
      const dynamic = layout.dynamicLock ? await access.read(layout.dynamicLock.page) : null;
      const lockHeld =
        after !== null &&
        after[10] === 0xff &&
        after[11] === 0xff &&
        (after.readUInt8(15) & 0x0f) === 0x0f &&
        (!layout.dynamicLock || (dynamic !== null && layout.dynamicLock.bytes.every((b, i) => (dynamic.readUInt8(i) & b) === b)));
      if (!lockHeld) {
        throw refuse(
          NfcEncodeCode.verifyFailed,
          'The URL reads back right but the lock bits did not hold: the chip is not enrolled. Present it again; if it fails again, set it aside.',
        );
      }
    }
    return done(access.writes * 4, options.lock, access.writes === 0);
  });
}
