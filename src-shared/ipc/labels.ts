import { z } from 'zod';
import { StringTagTypeSchema, TagTypeSchema } from '../api/common';
import { IndexingModeSchema } from '../api/scan';
import { LabelStateSchema } from '../domain/label';
import { PRINT_DATA_COLUMNS } from '../domain/print-data';
import { FileReadingSchema, SeparatorSchema, TextEncodingSchema } from './files';
import { LocalId } from './reels';

// Label operations. Every write is saved locally and queued (works offline); the answer is
// given after the SQLite commit, so "saved" means on disk.

/** sha256 (hex) of an accepted still kept under <data>/captures/incoming (camera.submitStill). */
const CaptureSha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 in lower-case hex');

/** What was read from one Label: string values (scanner, keyboard wedge, NFC) and the optical tag's capture. */
export const ScannedLabel = {
  identifiers: z.array(z.object({ tagType: StringTagTypeSchema, value: z.string().min(1) }).strict()).default([]),
  /** The optical tag's capture (tagType SVC): an accepted still the camera service kept (its sha256). */
  captureSha256: CaptureSha256.optional(),
  /** A capture file (JPEG or PNG); accepted only by stations created with `allowFilePaths` (the CLI). */
  svcImagePath: z.string().min(1).optional(),
};

const EnrollInput = z
  .object({
    reelId: LocalId,
    position: z.number().int().nonnegative(),
    ...ScannedLabel,
    indexing: IndexingModeSchema.optional(),
    /** Enroll even though the position is outside this bench's range of the Reel (`reels.setRange`): the operator said so. */
    outsideRange: z.boolean().optional(),
    /**
     * Enroll even though a value is not the print data of this position: printed for another one (else
     * STATION_MISORDER) or for none (else STATION_MISPRINT). Recorded with the Label and counted as a problem
     * (docs/print-run.md, "The check against the print data").
     */
    acceptMismatch: z.boolean().optional(),
  })
  .strict();
type EnrollInput = z.infer<typeof EnrollInput>;

/** What the bench caught: the kinds the shift summary counts (src-shared/ipc/report.ts ShiftSummary.problems). */
const BENCH_ERROR_KINDS = ['misprint', 'misorder', 'duplicate', 'refusedCapture'] as const;
const BenchErrorKindSchema = z.enum(BENCH_ERROR_KINDS);
export type BenchErrorKind = z.infer<typeof BenchErrorKindSchema>;

const LabelWriteResult = z.object({ labelId: z.string(), state: LabelStateSchema, opId: z.string().nullable() });

export const MoveInput = z
  .object({
    reelId: LocalId,
    fromPosition: z.number().int().nonnegative(),
    toPosition: z.number().int().nonnegative().optional(),
    target: z.union([
      z.object({ reelId: LocalId }).strict(),
      z.object({ newReel: z.object({ name: z.string().min(1), description: z.string().optional() }).strict() }).strict(),
    ]),
    expectedCount: z.number().int().nonnegative().optional(),
  })
  .strict();
export type MoveInput = z.infer<typeof MoveInput>;

const ImportInput = z
  .object({
    reelId: LocalId,
    /** The CSV text, or a path to it. */
    csv: z.string().optional(),
    path: z.string().min(1).optional(),
    /** How to read a file (`path`), where the station's guess is not right; found from the bytes when not given. */
    encoding: TextEncodingSchema.optional(),
    /** The CSV's separator; found from the first lines when not given. */
    separator: SeparatorSchema.optional(),
    expectedOnly: z.boolean().optional(),
    indexing: IndexingModeSchema.optional(),
    /** Enroll rows whose values are not the print data this bench holds for their position (as labels.enroll). */
    acceptMismatch: z.boolean().optional(),
  })
  .strict()
  .refine((i) => (i.csv === undefined) !== (i.path === undefined), 'give exactly one of csv or path')
  .refine((i) => i.encoding === undefined || i.path !== undefined, 'encoding is for a file (path); text is read already');

export const labelCommands = {
  'labels.enroll': { input: EnrollInput, output: LabelWriteResult },
  /** Attention "recapture": enrolls the Label again with a new SVC capture and its other identifiers; the refused enrollment is discarded (audited). */
  'labels.recapture': {
    input: z
      .object({ labelId: LocalId, captureSha256: CaptureSha256.optional(), svcImagePath: z.string().min(1).optional() })
      .strict()
      .refine((i) => (i.captureSha256 === undefined) !== (i.svcImagePath === undefined), 'give exactly one of captureSha256 or svcImagePath'),
    output: LabelWriteResult,
  },
  /**
   * A problem the bench caught before anything was saved (a misprint, a misorder, a duplicate, a refused capture):
   * kept in the audit log so the shift summary counts it (src-main/reports/reel-report.ts). Local only.
   */
  'labels.benchError': {
    input: z.object({ reelId: LocalId, position: z.number().int().nonnegative(), kind: BenchErrorKindSchema, value: z.string().max(2000).optional() }).strict(),
    output: z.object({}).strict(),
  },
  /**
   * Bench "skip": records the position as a gap (no Label there); local only. `reason: 'void'` is the Bench's void of a
   * damaged label never saved: the same gap, counted as a void in the reports (audit `label.void`).
   */
  'labels.skip': {
    input: z.object({ reelId: LocalId, position: z.number().int().nonnegative(), reason: z.enum(['gap', 'void']).default('gap') }).strict(),
    output: LabelWriteResult,
  },
  /**
   * Bench "void" and "undo last": an enrollment not yet sent is discarded (the position becomes a gap),
   * a Label on the service gets a queued archive. Audited either way.
   */
  'labels.void': {
    input: z.object({ reelId: LocalId, position: z.number().int().nonnegative(), reason: z.enum(['void', 'undo']).default('void') }).strict(),
    output: LabelWriteResult,
  },
  /** The Label panel's history: audit entries, every queued operation with its attempts, capture thumbnails (data URLs). */
  'labels.history': {
    input: z.object({ labelId: LocalId }).strict(),
    output: z.object({
      audit: z.array(z.object({ at: z.string(), action: z.string(), detail: z.record(z.string(), z.unknown()) })),
      operations: z.array(
        z.object({
          opId: z.string(),
          kind: z.string(),
          state: z.string(),
          createdAt: z.string(),
          attempts: z.array(
            z.object({
              at: z.string(),
              method: z.string().nullable(),
              path: z.string().nullable(),
              durationMs: z.number().int().nullable(),
              status: z.number().nullable(),
              code: z.string().nullable(),
              reason: z.string().nullable(),
              requestId: z.string().nullable(),
              message: z.string().nullable(),
              outcome: z.string(),
            }),
          ),
        }),
      ),
      captures: z.array(z.object({ sha256: z.string(), at: z.string(), current: z.boolean(), thumbnail: z.string() })),
    }),
  },
  'labels.addIdentifier': {
    input: z
      .object({
        labelId: LocalId,
        tagType: TagTypeSchema,
        value: z.string().min(1).optional(),
        captureSha256: CaptureSha256.optional(),
        svcImagePath: z.string().min(1).optional(),
      })
      .strict(),
    output: LabelWriteResult,
  },
  'labels.removeIdentifier': {
    input: z.object({ labelId: LocalId, tagType: TagTypeSchema, value: z.string().min(1).optional() }).strict(),
    output: LabelWriteResult,
  },
  'labels.archive': { input: z.object({ labelId: LocalId }).strict(), output: LabelWriteResult },
  'labels.unarchive': { input: z.object({ labelId: LocalId }).strict(), output: LabelWriteResult },
  'labels.activate': { input: z.object({ labelId: LocalId }).strict(), output: LabelWriteResult },
  'labels.bind': { input: z.object({ labelId: LocalId, threadId: z.guid() }).strict(), output: LabelWriteResult },
  'labels.unbind': { input: z.object({ labelId: LocalId }).strict(), output: LabelWriteResult },
  /** Resolves a scanned value to Reel positions: the local mirror first, then the service when online. */
  'labels.resolve': {
    input: z.object({ tagType: TagTypeSchema, value: z.string().min(1), reelId: LocalId.optional() }).strict(),
    output: z.object({
      matches: z.array(
        z.object({
          reelId: z.string().nullable(),
          serviceReelId: z.string().nullable(),
          position: z.number(),
          labelId: z.string().nullable(),
          serviceId: z.string().nullable(),
          source: z.enum(['local', 'service']),
          /** The Reel's name, where this station knows the Reel (a duplicate message names it). */
          reelName: z.string().nullable(),
          /** An archived Label (set aside, say): its values block no other Label. */
          archived: z.boolean(),
        }),
      ),
    }),
  },
  /** Online only: what the move would do (changes nothing). */
  'labels.movePreview': { input: MoveInput, output: z.record(z.string(), z.unknown()) },
  'labels.move': { input: MoveInput, output: z.object({ opId: z.string() }) },
  'labels.import': {
    input: ImportInput,
    output: z.object({
      rows: z.number().int(),
      queued: z.number().int(),
      expected: z.number().int(),
      /** How the file was read. */
      reading: FileReadingSchema,
      /** Columns the Reel's composition prints that the file lacks. */
      missingColumns: z.array(z.enum(PRINT_DATA_COLUMNS)),
      /** Labels already on the Reel that the print data contradicts. */
      contradicted: z.number().int().nonnegative(),
    }),
  },
} as const;

export const labelEvents = {
  /** Labels changed locally or from the service (state, service id, attention). */
  'labels.changed': z.object({ reelId: z.string(), labelIds: z.array(z.string()) }),
  /**
   * A Label this station enrolled landed in attention (docs/sync.md, "What the operator sees"): the Bench says so at
   * once, naming the position and what to do. `code` is the attention's (STATION_POSITION_TAKEN: another bench or app
   * holds the position).
   */
  'labels.attention': z.object({
    reelId: z.string(),
    labelId: z.string(),
    position: z.number().int(),
    opId: z.string(),
    code: z.string(),
    reason: z.string(),
  }),
} as const;
