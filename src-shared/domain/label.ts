import { z } from 'zod';
import { TagTypeSchema, type TagType } from '../api/common';
import type { ExpectedIdentifier } from '../api/labels';
import { identifierMapKey, identifierValuesMatch } from './identifier-values';

// Pure rules about a Label as the station keeps it (spec: Resources, "Label, Reel, Label Collection";
// the Reel map colours its cells by these states).

/** Where a Label stands on this station. `gap` = a skipped or voided position. */
export const LABEL_STATES = ['expected', 'queued', 'enrolled', 'attention', 'bound', 'archived', 'gap'] as const;
export const LabelStateSchema = z.enum(LABEL_STATES);
export type LabelState = z.infer<typeof LabelStateSchema>;

/** One identifier of a Label as enrolled on the bench. SVC carries the capture's content hash instead of a value. */
export const LocalIdentifierSchema = z.object({
  tagType: TagTypeSchema,
  value: z.string().min(1).optional(),
  captureSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export type LocalIdentifier = z.infer<typeof LocalIdentifierSchema>;

/** The values printed at a position (print data), one per string tagType. */
export const ExpectedValuesSchema = z.object({
  TEXT: z.string().min(1).optional(),
  QR: z.string().min(1).optional(),
  DATA_MATRIX: z.string().min(1).optional(),
  BAR_CODE: z.string().min(1).optional(),
  NFC: z.string().min(1).optional(),
});
export type ExpectedValues = z.infer<typeof ExpectedValuesSchema>;

export interface ExpectedValueMismatch {
  tagType: TagType;
  expected: string;
  actual: string;
}

/**
 * Which read values differ from the print data at this position (misprint, misorder). A type the
 * print data does not name is not checked; TEXT compares case-insensitively (spec: Identifier, Matching).
 */
export function mismatchesAgainstPrintData(identifiers: readonly LocalIdentifier[], expected: ExpectedValues): ExpectedValueMismatch[] {
  const out: ExpectedValueMismatch[] = [];
  for (const identifier of identifiers) {
    if (identifier.tagType === 'SVC' || identifier.value === undefined) continue;
    const want = expected[identifier.tagType];
    if (want !== undefined && !identifierValuesMatch(identifier.tagType, want, identifier.value)) {
      out.push({ tagType: identifier.tagType, expected: want, actual: identifier.value });
    }
  }
  return out;
}

/** Tag types the Reel's expected composition wants more of than this Label carries (a hint only, spec: Reel). */
export function missingTagTypes(identifiers: readonly Pick<LocalIdentifier, 'tagType'>[], composition: readonly ExpectedIdentifier[]): TagType[] {
  return composition.filter(({ tagType, count }) => identifiers.filter((i) => i.tagType === tagType).length < count).map(({ tagType }) => tagType);
}

/** Tag types this Label carries that the Reel does not expect at all. */
export function unexpectedTagTypes(identifiers: readonly Pick<LocalIdentifier, 'tagType'>[], composition: readonly ExpectedIdentifier[]): TagType[] {
  const expected = new Set(composition.filter((e) => e.count > 0).map((e) => e.tagType));
  return [...new Set(identifiers.map((i) => i.tagType))].filter((t) => !expected.has(t));
}

/** Whether two identifier lists carry the same markings (order-free); SVC compares by capture. */
export function sameIdentifiers(a: readonly LocalIdentifier[], b: readonly LocalIdentifier[]): boolean {
  const key = (i: LocalIdentifier) => identifierMapKey(i.tagType, i.value ?? i.captureSha256 ?? '');
  const left = a.map(key).sort();
  const right = b.map(key).sort();
  return left.length === right.length && left.every((k, n) => k === right[n]);
}
