import { z } from 'zod';
import { ExpectedIdentifierSchema, StringTagTypeSchema, TagTypeSchema } from '../../src-shared/api/common';
import { IndexingModeSchema } from '../../src-shared/api/scan';
import type { OperationKind } from '../../src-shared/ipc/queue';

// The payload of each outbox operation kind (docs/sync.md, "Operation kinds"). Payloads name local ids;
// the sync engine maps them to the service's ids when it sends. Each payload is validated when
// it is loaded, so a row written by an older version never reaches a handler half-understood. The schemas are built
// on first use: a command that neither queues nor sends (`station status`) never builds them (docs/architecture.md,
// "Start-up").

const buildPayloads = () => {
  const localId = z.string().min(1);
  return {
    createReel: z.object({
      reelId: localId,
      name: z.string().min(1),
      description: z.string().optional(),
      collectionId: localId.optional(),
      expectedIdentifiers: z.array(ExpectedIdentifierSchema).optional(),
    }),
    updateReel: z.object({
      reelId: localId,
      name: z.string().min(1).optional(),
      description: z.string().nullable().optional(),
      collectionId: localId.nullable().optional(),
      expectedIdentifiers: z.array(ExpectedIdentifierSchema).optional(),
    }),
    createCollection: z.object({ collectionId: localId, name: z.string().min(1), description: z.string().optional() }),
    updateCollection: z.object({ collectionId: localId, name: z.string().min(1).optional(), description: z.string().nullable().optional() }),
    enrollLabel: z.object({
      labelId: localId,
      reelId: localId,
      position: z.number().int().nonnegative(),
      identifiers: z.array(z.object({ tagType: StringTagTypeSchema, value: z.string().min(1) })),
      captureSha256: z.string().optional(),
      indexing: IndexingModeSchema,
    }),
    addIdentifier: z.object({ labelId: localId, tagType: TagTypeSchema, value: z.string().optional(), captureSha256: z.string().optional() }),
    removeIdentifier: z.object({ labelId: localId, tagType: TagTypeSchema, value: z.string().optional() }),
    archiveLabel: z.object({ labelId: localId }),
    unarchiveLabel: z.object({ labelId: localId }),
    activateLabel: z.object({ labelId: localId }),
    bindLabel: z.object({ labelId: localId, threadId: z.string() }),
    unbindLabel: z.object({ labelId: localId }),
    moveLabels: z.object({
      reelId: localId,
      fromPosition: z.number().int().nonnegative(),
      toPosition: z.number().int().nonnegative().optional(),
      labelIds: z.array(localId),
      target: z.union([
        z.object({ reelId: localId }),
        z.object({ newReel: z.object({ reelId: localId, name: z.string(), description: z.string().optional() }) }),
      ]),
      expectedCount: z.number().int().nonnegative().optional(),
    }),
    bulkBind: z.object({
      reelId: localId,
      fromPosition: z.number().int().nonnegative(),
      toPosition: z.number().int().nonnegative(),
      threadIds: z.array(z.string()),
      activate: z.boolean().optional(),
    }),
    activateReel: z.object({ reelId: localId }),
  } as const satisfies Record<OperationKind, z.ZodType>;
};
type Payloads = ReturnType<typeof buildPayloads>;
let payloads: Payloads | undefined;

/** The payload schema of an operation kind; undefined for a kind this version does not know (a row from a newer one). */
export function operationPayload<K extends OperationKind>(kind: K): Payloads[K] {
  return (payloads ??= buildPayloads())[kind];
}

export type OperationPayload<K extends OperationKind> = z.infer<Payloads[K]>;
