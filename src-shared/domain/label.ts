import { z } from 'zod';
import { LABEL_STATES } from './label-states';
import type { TagType } from '../api/common';
import type { ExpectedIdentifier } from '../api/labels';

// Pure rules about a Label as the station keeps it (spec: Resources, "Label, Reel, Label Collection";
// the Reel map colours its cells by these states).

/** Where a Label stands on this station (LABEL_STATES in label-states.ts, zod-free for the renderer). */
export { LABEL_STATES };
export const LabelStateSchema = z.enum(LABEL_STATES);
export type LabelState = z.infer<typeof LabelStateSchema>;

/** One identifier of a Label as enrolled on the bench. SVC carries the capture's content hash (sha256, hex) instead of a value. */
export interface LocalIdentifier {
  tagType: TagType;
  value?: string | undefined;
  captureSha256?: string | undefined;
}

/** The values printed at a position (print data), one per string tagType. */
export const ExpectedValuesSchema = z.object({
  TEXT: z.string().min(1).optional(),
  QR: z.string().min(1).optional(),
  DATA_MATRIX: z.string().min(1).optional(),
  BAR_CODE: z.string().min(1).optional(),
  NFC: z.string().min(1).optional(),
});
export type ExpectedValues = z.infer<typeof ExpectedValuesSchema>;

/** Tag types this Label carries that the Reel does not expect at all. */
export function unexpectedTagTypes(identifiers: readonly Pick<LocalIdentifier, 'tagType'>[], composition: readonly ExpectedIdentifier[]): TagType[] {
  const expected = new Set(composition.filter((e) => e.count > 0).map((e) => e.tagType));
  return [...new Set(identifiers.map((i) => i.tagType))].filter((t) => !expected.has(t));
}
