import { z } from 'zod';
import { LocalId } from './reels';

// Encoding Labels' NFC chips (docs/devices.md, "Encoding a chip"): what would be written at a position, the encoding
// itself (one command: the one-chip-one-position check, the write, the read-back, the record and the refusals all stay
// in the main process), what was written, the counts the Reel report shows, and the Reel's settings.

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
  /**
   * Waits for a chip on the reader (any, or `reader`) for up to `timeoutS`, and encodes it for the position: refuses a
   * chip encoded or enrolled for another position (NFC_OTHER_POSITION), writes the URL (`url`, else the print data's),
   * locks it when asked or when the Reel locks, reads every byte back, and records what was written with the Label.
   * Each refusal is counted by its code. Enrolling the UID is the caller's next step (labels.enroll).
   */
  'nfc.encode': {
    input: At.extend({
      url: Url.optional(),
      lock: z.boolean().optional(),
      reader: z.string().min(1).max(200).optional(),
      timeoutS: z.number().min(1).max(3600).default(60),
    }).strict(),
    output: z.object({
      uid: Uid,
      url: z.string(),
      type: z.string(),
      bytesWritten: z.number().int().nonnegative(),
      locked: z.boolean(),
      verified: z.literal(true),
      alreadyEncoded: z.boolean(),
    }),
  },
  /**
   * Calls off every encoding still waiting for a chip (the Bench moved to another position): each fails with
   * NFC_CANCELED, counted as no refusal. A chip being written when it comes is finished first.
   */
  'nfc.cancelEncode': { input: z.object({}).strict(), output: z.object({ canceled: z.number().int().nonnegative() }) },
  /** What was written on the chip at a position (the Label panel, `reel show`). */
  'nfc.encoding': { input: At, output: z.object({ encoding: NfcEncodingView.nullable() }) },
  /** Chips encoded and locked, and refusals by code: one Reel's (the Reel report, `nfc counts`), or a shift's across Reels (`from`, `to`: ISO times, `to` excluded). */
  'nfc.counts': {
    input: z.union([z.object({ reelId: LocalId }).strict(), z.object({ from: z.string().datetime(), to: z.string().datetime() }).strict()]),
    output: z.object({ encoded: z.number().int(), locked: z.number().int(), refused: z.record(z.string(), z.number().int()) }),
  },
  /** A Reel's encoding settings (only the fields given change): encode at the Bench, lock after writing; both off by default. */
  'nfc.settings': { input: z.object({ reelId: LocalId, encode: z.boolean().optional(), lock: z.boolean().optional() }).strict(), output: ReelNfcSettings },
} as const;

const Slot = { reelId: LocalId, position: Position };

/**
 * How an encoding at a position goes, for the Bench's NFC slot (docs/devices.md, "Encoding a chip"): the encoder
 * listens for a chip now (`waiting`); a chip came and is being written (`encoding`), then read back (`verifying`); it
 * was written and read back (`encoded`: the slot takes its UID); or it was refused, with the refusal's code,
 * its words for the log and CLI, and its detail (bytes needed and capacity, what a locked chip holds, the position it
 * was encoded for, the card's kind) for the Bench to say in the operator's language.
 */
export const NfcEncodeOutcome = z.discriminatedUnion('state', [
  z.object({ ...Slot, state: z.literal('waiting') }).strict(),
  z.object({ ...Slot, state: z.literal('encoding'), uid: Uid }).strict(),
  z.object({ ...Slot, state: z.literal('verifying'), uid: Uid }).strict(),
  z.object({ ...Slot, state: z.literal('encoded'), uid: Uid, url: z.string(), locked: z.boolean() }).strict(),
  z
    .object({
      ...Slot,
      state: z.literal('refused'),
      uid: Uid.nullable(),
      code: z.string().min(1),
      message: z.string(),
      detail: z.record(z.string(), z.unknown()).nullable(),
    })
    .strict(),
]);
export type NfcEncodeOutcome = z.infer<typeof NfcEncodeOutcome>;

export const nfcEvents = {
  /** An encoding's progress and outcome at a position (`nfc.encode`). */
  'nfc.encodeOutcome': NfcEncodeOutcome,
} as const;
