import { z } from 'zod';
import { PositionSchema, TagTypeSchema, TimestampSchema, UuidSchema } from './common';

// spec: Resources, Identifier (tag). Kept in its own module so threads.ts and identifiers.ts can both use it.

// spec: Identifier (tag) — `label`: "present when the identifier belongs to a Label: the Label, its Reel and position".
// gap: spec does not show this; our choice — ids of the Label and Reel plus position, names optional.
const IdentifierLabelRefSchema = z.object({
  compositeTagId: UuidSchema,
  reelCollectionId: UuidSchema,
  position: PositionSchema,
  name: z.string().nullable().optional(),
  reelName: z.string().optional(),
});

/**
 * An identifier. Only tagId and tagType are guaranteed everywhere (spec: Thread, `tags` "each has tagId and
 * tagType"); the other fields of the spec table are optional so partial listings parse.
 */
export const IdentifierSchema = z.object({
  tagId: UuidSchema,
  tagType: TagTypeSchema,
  name: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  isPrivate: z.boolean().optional(),
  archivedAt: TimestampSchema.nullable().optional(),
  label: IdentifierLabelRefSchema.nullable().optional(),
  // gap: spec does not show this; our choice — the value (string types) / fingerprint (SVC) and the
  // Thread it is bound to may be returned.
  value: z.string().nullable().optional(),
  fingerprintId: z.string().nullable().optional(),
  threadId: UuidSchema.nullable().optional(),
  createdAt: TimestampSchema.optional(),
});
export type Identifier = z.infer<typeof IdentifierSchema>;
