import { z } from 'zod';
import { ExpectedIdentifierSchema } from '../api/labels';
import { TagTypeSchema } from '../api/common';
import { ExpectedValuesSchema, LabelStateSchema } from '../domain/label';

// Reels and Label Collections as the station shows them: local state merged with the service's.

export const LocalId = z.string().min(1);

export const LabelView = z.object({
  labelId: z.string(),
  reelId: z.string(),
  position: z.number().int().nonnegative(),
  state: LabelStateSchema,
  serviceId: z.string().nullable(),
  identifiers: z.array(z.object({ tagType: TagTypeSchema, value: z.string().optional(), captureSha256: z.string().optional() })),
  expected: ExpectedValuesSchema.nullable(),
  warnings: z.array(z.string()),
  attention: z.object({ reason: z.string(), code: z.string(), requestId: z.string().nullable() }).nullable(),
  boundThreadId: z.string().nullable(),
});
export type LabelView = z.infer<typeof LabelView>;

export const ReelView = z.object({
  reelId: z.string(),
  serviceId: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  collectionId: z.string().nullable(),
  expectedIdentifiers: z.array(ExpectedIdentifierSchema),
  labelCounts: z.partialRecord(LabelStateSchema, z.number().int().nonnegative()),
  /** The service's counts as last read (null before the first read). */
  serviceCounts: z.record(z.string(), z.number()).nullable(),
  refreshedAt: z.string().nullable(),
});
export type ReelView = z.infer<typeof ReelView>;

export const ReelDetail = ReelView.extend({ labels: z.array(LabelView) });
export type ReelDetail = z.infer<typeof ReelDetail>;

export const ReelCreateInput = z
  .object({
    name: z.string().min(1),
    description: z.string().optional(),
    collectionId: LocalId.optional(),
    expectedIdentifiers: z.array(ExpectedIdentifierSchema).optional(),
  })
  .strict();

export const ReelUpdateInput = z
  .object({
    reelId: LocalId,
    name: z.string().min(1).optional(),
    description: z.string().nullable().optional(),
    collectionId: LocalId.nullable().optional(),
    expectedIdentifiers: z.array(ExpectedIdentifierSchema).optional(),
  })
  .strict();

export const reelCommands = {
  /** Works offline: the Reel gets a local id at once; its creation is queued. */
  'reels.create': { input: ReelCreateInput, output: z.object({ reelId: z.string() }) },
  'reels.update': { input: ReelUpdateInput, output: ReelView },
  'reels.list': { input: z.object({}).strict(), output: z.object({ reels: z.array(ReelView) }) },
  /** Local state merged with the service's Reel and Labels when online (`refresh: false` skips the read; `true` fails if it cannot read). */
  'reels.show': { input: z.object({ reelId: LocalId, refresh: z.boolean().optional() }).strict(), output: ReelDetail },
  'reels.activate': { input: z.object({ reelId: LocalId }).strict(), output: z.object({ opId: z.string() }) },
  'collections.create': {
    input: z.object({ name: z.string().min(1), description: z.string().optional() }).strict(),
    output: z.object({ collectionId: z.string() }),
  },
  'collections.update': {
    input: z.object({ collectionId: LocalId, name: z.string().min(1).optional(), description: z.string().nullable().optional() }).strict(),
    output: z.object({ collectionId: z.string() }),
  },
  'collections.list': {
    input: z.object({}).strict(),
    output: z.object({ collections: z.array(z.object({ collectionId: z.string(), serviceId: z.string().nullable(), name: z.string(), description: z.string().nullable() })) }),
  },
} as const;
