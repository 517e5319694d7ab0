import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { SEPARATORS, type FileReading, type Separator, type TextEncoding } from '../../src-shared/domain/text-file';

// Every text file the station reads (print data, Threads for a bulk-bind) is read here (docs/print-run.md, "Files as
// shops save them"): the encoding from its byte order mark, else UTF-8 when its bytes are UTF-8, else Windows-1252
// (German Excel's "CSV (Trennzeichen-getrennt)"); decoded by iconv-lite, in pieces for a file read as a stream. The
// separator is the one of comma, semicolon and tab that splits the first lines into the same number of fields.

/** The encoding a byte order mark at the start of `head` names, if it has one. */
function bomEncoding(head: Uint8Array): TextEncoding | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** Whether every byte fed so far is UTF-8, piece by piece (a character split between pieces is fine). */
class Utf8Check {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private valid = true;
  /** Whether the bytes fed so far are UTF-8 (a character cut off at the end is not yet wrong). */
  get validSoFar(): boolean {
    return this.valid;
  }
  feed(chunk: Uint8Array): void {
    if (!this.valid) return;
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.valid = false;
    }
  }
  end(): boolean {
    if (this.valid) this.feed(new Uint8Array(0));
    if (this.valid) {
      try {
        this.decoder.decode();
      } catch {
        this.valid = false;
      }
    }
    return this.valid;
  }
}

/** What the bytes say of the encoding: `head` is the file's start, `utf8` whether all its bytes are UTF-8 (only asked without a BOM). */
function guessEncoding(head: Uint8Array, utf8: () => boolean): { encoding: TextEncoding; bom: boolean; certain: boolean } {
  const bom = bomEncoding(head);
  if (bom) return { encoding: bom, bom: true, certain: true };
  // ASCII is the same in every encoding here; bytes that are UTF-8 are not Windows-1252 text by chance.
  if (utf8()) return { encoding: 'utf-8', bom: false, certain: true };
  return { encoding: 'windows-1252', bom: false, certain: false };
}

/** A decoder for a file read in pieces; a byte order mark is dropped. */
function textDecoder(encoding: TextEncoding): { write(chunk: Buffer): string; end(): string } {
  const decoder = iconv.getDecoder(encoding, { stripBOM: true });
  return { write: (chunk) => decoder.write(chunk), end: () => decoder.end() ?? '' };
}

/**
 * A decoder for a file read in pieces that finds the encoding as it goes, so the first rows arrive after the first
 * piece: a BOM decides at once; without one, bytes below 0x80 read alike in UTF-8 and Windows-1252, and the first piece
 * holding another byte decides: UTF-8 when the bytes from there are UTF-8, else Windows-1252 (a guess). A later byte
 * that is not of the encoding decided becomes U+FFFD, which the reader refuses, naming its line.
 */
export class GuessingDecoder {
  private decoder: { write(chunk: Buffer): string; end(): string } | undefined;
  private found: { encoding: TextEncoding; bom: boolean; certain: boolean } = { encoding: 'utf-8', bom: false, certain: true };
  private first = true;

  constructor(chosen?: TextEncoding) {
    if (chosen) this.decoder = textDecoder(chosen);
    if (chosen) this.found = { encoding: chosen, bom: false, certain: true };
  }

  /** The encoding as known so far (UTF-8 while every byte was ASCII). */
  get encoding(): { encoding: TextEncoding; bom: boolean; certain: boolean } {
    return this.found;
  }

  write(piece: Buffer): string {
    if (this.first) {
      this.first = false;
      const bom = bomEncoding(piece);
      if (bom) {
        this.found = { encoding: this.decoder ? this.found.encoding : bom, bom: true, certain: true };
        this.decoder ??= textDecoder(bom);
      }
    }
    if (this.decoder) return this.decoder.write(piece);
    const at = piece.findIndex((b) => b >= 0x80);
    if (at < 0) return piece.toString('latin1');
    const check = new Utf8Check();
    check.feed(piece.subarray(at));
    const utf8 = check.validSoFar;
    this.found = { encoding: utf8 ? 'utf-8' : 'windows-1252', bom: false, certain: utf8 };
    this.decoder = textDecoder(this.found.encoding);
    return piece.subarray(0, at).toString('latin1') + this.decoder.write(piece.subarray(at));
  }

  end(): string {
    return this.decoder?.end() ?? '';
  }
}

/**
 * The separator of a CSV from its first lines (`sample`; `complete` when it is the whole text, else its last line may
 * be cut off): the one that splits the header into more than one field and every other line into as many. Certain
 * when exactly one does, or when the header has none of them (one column: any separator reads it alike).
 */
export function detectSeparator(sample: string, complete: boolean): { separator: Separator; certain: boolean } {
  const cut = complete ? sample : sample.slice(0, Math.max(0, sample.lastIndexOf('\n')));
  const lines = (candidate: Separator) => Papa.parse<string[]>(cut, { delimiter: candidate, preview: 20, skipEmptyLines: 'greedy' }).data;
  const counted = SEPARATORS.map((separator) => {
    const rows = lines(separator);
    const fields = rows[0]?.length ?? 0;
    return { separator, fields, even: fields > 1 && rows.every((r) => r.length === fields) };
  });
  const even = counted.filter((c) => c.even);
  const most = (list: typeof counted) => list.reduce((a, b) => (b.fields > a.fields ? b : a));
  if (even.length === 1) return { separator: (even[0] as (typeof counted)[number]).separator, certain: true };
  if (even.length > 1) return { separator: most(even).separator, certain: false };
  const split = counted.filter((c) => c.fields > 1);
  if (split.length === 0) return { separator: ',', certain: true };
  return { separator: most(split).separator, certain: false };
}

/** How a file's bytes read: decoded whole (a file the renderer sends), with the user's choices where given. */
export function decodeText(
  bytes: Buffer,
  choice: { encoding?: TextEncoding | undefined; separator?: Separator | undefined } = {},
): { text: string; reading: FileReading } {
  const guess = guessEncoding(bytes, () => checked(bytes).end());
  const encoding = choice.encoding ?? guess.encoding;
  const text = iconv.decode(bytes, encoding, { stripBOM: true });
  const separator = detectSeparator(text.slice(0, 64 * 1024), text.length <= 64 * 1024);
  return {
    text,
    reading: {
      encoding,
      bom: guess.bom,
      encodingCertain: guess.certain,
      separator: choice.separator ?? separator.separator,
      separatorCertain: separator.certain,
    },
  };
}

function checked(bytes: Uint8Array): Utf8Check {
  const check = new Utf8Check();
  check.feed(bytes);
  return check;
}

const ENCODING_WORDS: Record<TextEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252',
};
const SEPARATOR_WORDS: Record<Separator, string> = { ',': ',', ';': ';', '\t': 'tab' };

/** How a file was read, in the CLI's words: "Windows-1252, separated by ;". */
export function readingWords(reading: FileReading): string {
  const encoding = reading.encoding
    ? `${ENCODING_WORDS[reading.encoding]}${reading.bom ? ' with BOM' : ''}${reading.encodingCertain ? '' : ' (guessed)'}, `
    : '';
  return `${encoding}separated by ${SEPARATOR_WORDS[reading.separator]}${reading.separatorCertain ? '' : ' (guessed)'}`;
}
