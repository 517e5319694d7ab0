// Encoding a Label's NFC chip (docs/devices.md, "Encoding a chip"): the refusals, each a code the CLI, the Bench and
// the Reel report share. Every refusal leaves the Label unenrolled.

export const NfcEncodeCode = {
  /** The NDEF message for the URL needs more bytes than the chip's user memory has. */
  urlTooLong: 'NFC_URL_TOO_LONG',
  /** The chip is locked and holds something else. */
  lockedOther: 'NFC_LOCKED_OTHER',
  /** The chip left the field while it was written; presenting it again completes it. */
  tornWrite: 'NFC_TORN_WRITE',
  /** What was read back differs from what was written. */
  verifyFailed: 'NFC_VERIFY_FAILED',
  /** The card is no NFC Forum Type 2 tag (a MIFARE Classic, a bank card…). */
  notType2: 'NFC_NOT_TYPE2',
  /** The chip was already encoded for another position. */
  otherPosition: 'NFC_OTHER_POSITION',
  /** The chip's memory is not an NDEF layout the station may overwrite, or its type could not be told. */
  unsupported: 'NFC_UNSUPPORTED',
  /** No URL is known for the position (no print data, no --url). */
  noUrl: 'NFC_NO_URL',
  /** No chip came to the reader in time. */
  noChip: 'NFC_NO_CHIP',
  /** The wait for a chip was called off (the Bench moved on to another position); nothing was written. */
  canceled: 'NFC_CANCELED',
} as const;

export type NfcEncodeCode = (typeof NfcEncodeCode)[keyof typeof NfcEncodeCode];

/** What an encoding wrote, recorded with the Label. */
export interface NfcEncoding {
  uid: string;
  url: string;
  /** The chip's type in words, e.g. "NTAG213". */
  type: string;
  locked: boolean;
  bytesWritten: number;
}
