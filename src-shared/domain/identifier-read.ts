import { z } from 'zod';
import { TagTypeSchema } from '../api/common';

// Every device read reaches the bench session as one IdentifierRead (docs/devices.md): the
// `devices.read` event's payload. `value` is what the spec's scan `data` carries for
// string tag types (spec: Endpoints, "Scanning and identifiers").

/** Why a read has the tagType it has: the scanner's AIM symbology id, the device's setting, or the fallback. */
const TagTypeBasisSchema = z.enum(['symbology', 'device', 'fallback']);
export type TagTypeBasis = z.infer<typeof TagTypeBasisSchema>;

export const IdentifierReadSchema = z.object({
  tagType: TagTypeSchema,
  value: z.string().min(1),
  /** The device id (`serial:/dev/ttyUSB0`, `pcsc:<reader>`, `virtual:scanner`, …). */
  device: z.string().min(1),
  /** ISO 8601 time the read arrived. */
  at: z.string(),
  /**
   * Where tagType came from. `fallback` means the scanner sent no symbology id and the
   * device has no slot: the bench session may place it by the slot it expects.
   */
  basis: TagTypeBasisSchema.optional(),
  /** The AIM symbology identifier (`]Q1`), when the scanner sent one. */
  symbology: z.string().optional(),
});
export type IdentifierRead = z.infer<typeof IdentifierReadSchema>;

/** Why a raw read was refused before it became an IdentifierRead. */
export const ReadRejectCodeSchema = z.enum(['EMPTY', 'TOO_LONG', 'CONTROL_CHARACTERS', 'INVALID_UTF8', 'INVALID_UID', 'UNKNOWN_USAGE']);
export type ReadRejectCode = z.infer<typeof ReadRejectCodeSchema>;
