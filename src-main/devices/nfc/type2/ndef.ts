// NDEF as a Type 2 tag holds it (docs/devices.md, "Encoding a chip"): NFC Forum NDEF 1.0 records, the URI record
// type "U" of RTD-URI 1.0 with its abbreviation codes, the Text record type "T" of RTD-Text 1.0, and the TLV blocks
// of the Type 2 Tag specification (NULL 00h, Lock Control 01h, Memory Control 02h, NDEF Message 03h, Proprietary FDh,
// Terminator FEh). Written here rather than taken from npm: the NDEF packages there (ndef, @taptrack/ndef) have had
// no release in years, ship no types, and the part needed is a short record header and a prefix table.

/** RTD-URI 1.0, table 3: the identifier code stands for the prefix; code 0 abbreviates nothing. */
const URI_PREFIXES = [
  '',
  'http://www.',
  'https://www.',
  'http://',
  'https://',
  'tel:',
  'mailto:',
  'ftp://anonymous:anonymous@',
  'ftp://ftp.',
  'ftps://',
  'sftp://',
  'smb://',
  'nfs://',
  'ftp://',
  'dav://',
  'news:',
  'telnet://',
  'imap:',
  'rtsp://',
  'urn:',
  'pop:',
  'sip:',
  'sips:',
  'tftp:',
  'btspp://',
  'btl2cap://',
  'btgoep://',
  'tcpobex://',
  'irdaobex://',
  'file://',
  'urn:epc:id:',
  'urn:epc:tag:',
  'urn:epc:pat:',
  'urn:epc:raw:',
  'urn:epc:',
  'urn:nfc:',
] as const;

const TNF_WELL_KNOWN = 0x01;
const MB = 0x80;
const ME = 0x40;
const SR = 0x10;
const IL = 0x08;

const TLV = { null: 0x00, lockControl: 0x01, memoryControl: 0x02, ndef: 0x03, proprietary: 0xfd, terminator: 0xfe } as const;

/** One NDEF message holding one URI record for `url`, its prefix abbreviated by the longest code that fits. */
export function uriMessage(url: string): Buffer {
  let code = 0;
  for (let c = 1; c < URI_PREFIXES.length; c += 1)
    if (url.startsWith(URI_PREFIXES[c] ?? '') && (URI_PREFIXES[c] ?? '').length > (URI_PREFIXES[code] ?? '').length) code = c;
  const payload = Buffer.concat([Buffer.from([code]), Buffer.from(url.slice((URI_PREFIXES[code] ?? '').length), 'utf8')]);
  const type = Buffer.from('U', 'ascii');
  const short = payload.length <= 0xff;
  const header = short
    ? Buffer.from([MB | ME | SR | TNF_WELL_KNOWN, type.length, payload.length])
    : Buffer.concat([Buffer.from([MB | ME | TNF_WELL_KNOWN, type.length]), uint32(payload.length)]);
  return Buffer.concat([header, type, payload]);
}

function uint32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

/** The NDEF Message TLV for `message` followed by a Terminator TLV (a 3-byte length from 255 bytes on). */
export function ndefTlv(message: Buffer): Buffer {
  const length = message.length < 0xff ? Buffer.from([message.length]) : Buffer.from([0xff, message.length >> 8, message.length & 0xff]);
  return Buffer.concat([Buffer.from([TLV.ndef]), length, message, Buffer.from([TLV.terminator])]);
}

export type NdefFind =
  /** The first NDEF Message TLV: its value, where its value starts in `data`. */
  | { found: 'message'; message: Buffer; start: number }
  /** A Terminator, or nothing but NULL TLVs and zeros: no NDEF message at all. */
  | { found: 'none' }
  /** The TLVs run past `data`: `needed` bytes would hold them. */
  | { found: 'truncated'; needed: number }
  /** Bytes that are no TLV structure (a chip not formatted for NDEF, or garbage). */
  | { found: 'invalid'; at: number };

/** Finds the first NDEF Message TLV in a Type 2 tag's data area (`data` starts at page 4). */
export function findNdef(data: Buffer): NdefFind {
  let at = 0;
  while (at < data.length) {
    const t = data.readUInt8(at);
    if (t === TLV.null) {
      at += 1;
      continue;
    }
    if (t === TLV.terminator) return { found: 'none' };
    if (t !== TLV.ndef && t !== TLV.lockControl && t !== TLV.memoryControl && t !== TLV.proprietary) return { found: 'invalid', at };
    if (at + 1 >= data.length) return { found: 'truncated', needed: at + 2 };
    let length = data.readUInt8(at + 1);
    let start = at + 2;
    if (length === 0xff) {
      if (at + 3 >= data.length) return { found: 'truncated', needed: at + 4 };
      length = data.readUInt16BE(at + 2);
      start = at + 4;
    }
    if (start + length > data.length) return { found: 'truncated', needed: start + length };
    if (t === TLV.ndef) return { found: 'message', message: Buffer.from(data.subarray(start, start + length)), start };
    at = start + length;
  }
  return { found: 'none' };
}

/** One record as `station nfc read` shows it: TNF, type, and the URI or text of URI and Text records. */
export interface NdefRecordView {
  tnf: number;
  type: string;
  uri?: string;
  text?: string;
}

/** The records of an NDEF message; throws when the bytes are no well-formed message (chunked records included). */
export function parseMessage(message: Buffer): NdefRecordView[] {
  const records: NdefRecordView[] = [];
  let at = 0;
  while (at < message.length) {
    const flags = message.readUInt8(at);
    const tnf = flags & 0x07;
    const typeLength = message.readUInt8(at + 1);
    let p = at + 2;
    let payloadLength: number;
    if (flags & SR) {
      payloadLength = message.readUInt8(p);
      p += 1;
    } else {
      if (p + 4 > message.length) throw new Error('the record header runs past the message');
      payloadLength = message.readUInt32BE(p);
      p += 4;
    }
    const idLength = flags & IL ? message.readUInt8(p) : 0;
    if (flags & IL) p += 1;
    const type = message.subarray(p, p + typeLength);
    p += typeLength + idLength;
    const payload = message.subarray(p, p + payloadLength);
    p += payloadLength;
    if (p > message.length || typeLength === undefined) throw new Error('a record runs past the message');
    const view: NdefRecordView = { tnf, type: type.toString('latin1') };
    if (tnf === TNF_WELL_KNOWN && view.type === 'U' && payload.length > 0) {
      view.uri = (URI_PREFIXES[payload.readUInt8(0)] ?? '') + payload.subarray(1).toString('utf8');
    } else if (tnf === TNF_WELL_KNOWN && view.type === 'T' && payload.length > 0) {
      const status = payload.readUInt8(0);
      const languageLength = status & 0x3f;
      view.text = payload.subarray(1 + languageLength).toString(status & 0x80 ? 'utf16le' : 'utf8');
    }
    records.push(view);
    at = p;
    if (flags & ME) break;
  }
  return records;
}
