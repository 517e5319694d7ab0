import type { ReadRejectCode } from './identifier-read';

// Normalization and validation of raw device reads before they become IdentifierReads
// (docs/devices.md). Pure: bytes in, text or a reasoned refusal out.

export type Checked<T> = { ok: true; value: T } | { ok: false; code: ReadRejectCode; reason: string };

/** Longest scanner read accepted, in characters. A 2-D code tops out near 3 kB (QR version 40 holds 2953 bytes). */
export const MAX_SCAN_LENGTH = 4096;

/**
 * Control characters that belong in barcode data: GS (0x1D, GS1 field separator), RS and
 * EOT (ISO/IEC 15434 envelopes), FS and US (15434 separators). Everything else below 0x20,
 * DEL and C1 controls mean line noise or a misconfigured scanner.
 */
const DATA_CONTROLS = new Set([0x04, 0x1c, 0x1d, 0x1e, 0x1f]);

/** Strict UTF-8 decoding (no replacement characters): overlongs, surrogates and truncation are refused. */
export function decodeUtf8(bytes: Uint8Array): Checked<string> {
  let out = '';
  let i = 0;
  const fail = (at: number): Checked<string> => ({
    ok: false,
    code: 'INVALID_UTF8',
    reason: `The read is not valid UTF-8 (byte ${at} of ${bytes.length}). Set the scanner to UTF-8 or ASCII output.`,
  });
  while (i < bytes.length) {
    const b0 = bytes[i] as number;
    if (b0 < 0x80) {
      out += String.fromCharCode(b0);
      i += 1;
      continue;
    }
    let need: number;
    let cp: number;
    let min: number;
    if (b0 >= 0xc2 && b0 <= 0xdf) [need, cp, min] = [1, b0 & 0x1f, 0x80];
    else if (b0 >= 0xe0 && b0 <= 0xef) [need, cp, min] = [2, b0 & 0x0f, 0x800];
    else if (b0 >= 0xf0 && b0 <= 0xf4) [need, cp, min] = [3, b0 & 0x07, 0x10000];
    else return fail(i);
    for (let k = 1; k <= need; k += 1) {
      const b = bytes[i + k];
      if (b === undefined || (b & 0xc0) !== 0x80) return fail(i);
      cp = (cp << 6) | (b & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return fail(i);
    out += String.fromCodePoint(cp);
    i += need + 1;
  }
  return { ok: true, value: out };
}

/** Checks a decoded scanner read: not empty, not too long, no control characters but the data separators. */
export function checkScannedText(text: string, maxLength = MAX_SCAN_LENGTH): Checked<string> {
  if (text.length === 0) return { ok: false, code: 'EMPTY', reason: 'The scanner sent an empty read (only a line terminator). Scan again.' };
  if (text.length > maxLength) {
    return {
      ok: false,
      code: 'TOO_LONG',
      reason: `The read is ${text.length} characters, more than the ${maxLength} a label code can hold. Check the scanner's line terminator setting.`,
    };
  }
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && !DATA_CONTROLS.has(c)) || (c >= 0x7f && c <= 0x9f)) {
      return {
        ok: false,
        code: 'CONTROL_CHARACTERS',
        reason: `The read contains the control character 0x${c.toString(16).padStart(2, '0').toUpperCase()} at position ${i}. Check the scanner's baud rate, framing and terminator.`,
      };
    }
  }
  return { ok: true, value: text };
}
