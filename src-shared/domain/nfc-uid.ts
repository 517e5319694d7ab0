import type { Checked } from './normalize';

// An NFC chip UID as the spec's NFC value (spec: Scanning and identifiers — NFC = the chip's hex id), one rule
// for every way a UID reaches the station: a reader, the CLI, the bench form, a print-data file.

/** ISO/IEC 14443 single size UIDs are 4 bytes, double 7, triple 10; ISO 15693 and FeliCa ids (8) lie between. */
const NFC_UID_MIN_BYTES = 4;
const NFC_UID_MAX_BYTES = 10;

const SEPARATORS = /[\s:-]/g;

/**
 * The UID as uppercase hex without separators (`04:a2 3b-1c` → `04A23B1C`), or a refusal that names the
 * input, what is wrong with it and what to do.
 */
export function normalizeNfcUid(input: string): Checked<string> {
  const digits = input.replace(SEPARATORS, '');
  const refuse = (what: string): Checked<string> => ({
    ok: false,
    code: 'INVALID_UID',
    reason: `NFC "${input.length > 40 ? `${input.slice(0, 40)}…` : input}" is not a hex UID: ${what}; a UID is ${NFC_UID_MIN_BYTES} to ${NFC_UID_MAX_BYTES} bytes in hex (e.g. 04:A2:3B:1C). Read the tag again or correct the value.`,
  });
  if (digits === '') return refuse('it is empty');
  const bad = digits.search(/[^0-9a-fA-F]/);
  if (bad >= 0) return refuse(`"${digits[bad]}" is not a hex digit`);
  if (digits.length % 2 !== 0) return refuse(`${digits.length} hex digits are not whole bytes`);
  const bytes = digits.length / 2;
  if (bytes < NFC_UID_MIN_BYTES) return refuse(`${bytes} ${bytes === 1 ? 'byte is' : 'bytes are'} too short`);
  if (bytes > NFC_UID_MAX_BYTES) return refuse(`${bytes} bytes are too long`);
  return { ok: true, value: digits.toUpperCase() };
}
