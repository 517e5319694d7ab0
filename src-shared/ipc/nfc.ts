import { z } from 'zod';
import { LocalId } from './reels';

// Encoding Labels' NFC chips (docs/devices.md, "Encoding a chip"): what to write at a position, the one-chip-one-
// position check, the record of what was written, the refusals the Reel report counts, and the Reel's settings.

const Position = z.number().int().nonnegative();
const Uid = z.string().regex(/^(?:[0-9A-F]{2}){4,10}$/, 'a UID in upper-case hex, 4 to 10 bytes');
/** A URI an NDEF URI record can hold: a scheme, then anything printable. */
const Url = z
  .string()
  .max(2048)
  .regex(/^[A-Za-z][A-Za-z0-9+.-]*:\S+$/, 'a URL with its scheme (e.g. https://example.test/A1)');

const NfcEncodingView = z.object({
  uid: Uid,
  url: z.string(),
  type: z.string(),
  locked: z.boolean(),
  bytesWritten: z.number().int().nonnegative(),
  encodedAt: z.string(),
});

const At = z.object({ reelId: LocalId, position: Position }).strict();
const ReelNfcSettings = z.object({ encode: z.boolean(), lock: z.boolean() });

export const nfcCommands = {
  /** The URL for a position (the given one, else the print data's QR value there) and whether to lock; and what was written there already. */
  'nfc.prepare': {
    input: At.extend({ url: Url.optional(), lock: z.boolean().optional() }).strict(),
    output: z.object({ url: z.string(), lock: z.boolean(), encoded: NfcEncodingView.nullable() }),
  },
  /** Refuses (NFC_OTHER_POSITION) a chip encoded, or enrolled, for another position; the refusal is counted. */
  'nfc.claim': { input: At.extend({ uid: Uid }).strict(), output: z.object({}) },
  /** Records what was written and read back at a position. */
  'nfc.record': {
    input: At.extend({ uid: Uid, url: Url, type: z.string().min(1).max(100), locked: z.boolean(), bytesWritten: z.number().int().nonnegative() }).strict(),
    output: NfcEncodingView,
  },
  /** Counts a refusal by its code (NFC_URL_TOO_LONG, NFC_LOCKED_OTHER, …). */
  'nfc.refused': { input: At.extend({ uid: Uid.nullable(), code: z.string().regex(/^NFC_[A-Z0-9_]+$/) }).strict(), output: z.object({}) },
  /** What was written on the chip at a position (the Label panel, `reel show`). */
  'nfc.encoding': { input: At, output: z.object({ encoding: NfcEncodingView.nullable() }) },
  /** A Reel's chips encoded and locked, and its refusals by code (the Reel report, the shift summary). */
  'nfc.counts': {
    input: z.object({ reelId: LocalId }).strict(),
    output: z.object({ encoded: z.number().int(), locked: z.number().int(), refused: z.record(z.string(), z.number().int()) }),
  },
  /** A Reel's encoding settings (only the fields given change): encode at the Bench, lock after writing; both off by default. */
  'nfc.settings': { input: z.object({ reelId: LocalId, encode: z.boolean().optional(), lock: z.boolean().optional() }).strict(), output: ReelNfcSettings },
} as const;
