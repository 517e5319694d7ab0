import { z } from 'zod';
import { ExpectedIdentifierSchema, TransferredFilterSchema } from '../api/labels';
import { StringTagTypeSchema, TagTypeSchema } from '../api/common';
import { ExpectedValuesSchema, LabelStateSchema } from '../domain/label';
import { PRINT_CHECK_RESULTS } from '../domain/print-check';
import { PRINT_DATA_COLUMNS, PRINT_DATA_PROBLEM_CODES } from '../domain/print-data';
import { FileReadingSchema, SeparatorSchema, TextEncodingSchema } from './files';

// Reels and Label Collections as the station shows them: local state merged with the service's.

export const LocalId = z.string().min(1);

/** One value of a Label that is not the print data of its position (src-shared/domain/print-check.ts). */
const PrintFindingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('misorder'), tagType: StringTagTypeSchema, value: z.string(), printedFor: z.number().int() }),
  z.object({ kind: z.literal('misprint'), tagType: StringTagTypeSchema, value: z.string(), expected: z.string() }),
]);

export const LabelView = z.object({
  labelId: z.string(),
  reelId: z.string(),
  position: z.number().int().nonnegative(),
  state: LabelStateSchema,
  serviceId: z.string().nullable(),
  identifiers: z.array(z.object({ tagType: TagTypeSchema, value: z.string().optional(), captureSha256: z.string().optional() })),
  expected: ExpectedValuesSchema.nullable(),
  warnings: z.array(z.string()),
  attention: z
    .object({ reason: z.string(), code: z.string(), requestId: z.string().nullable(), detail: z.record(z.string(), z.unknown()).optional() })
    .nullable(),
  boundThreadId: z.string().nullable(),
  /** `here`: enrolled by this station; `elsewhere`: by another bench or app (read from the service). */
  origin: z.enum(['here', 'elsewhere']),
  /**
   * Its values against the print data this bench holds, whoever enrolled it (docs/print-run.md, "The check against the
   * print data"): match, mismatch (the findings say which value was printed where), or unchecked (no print data decides).
   */
  printCheck: z.enum(PRINT_CHECK_RESULTS),
  printFindings: z.array(PrintFindingSchema),
});
export type LabelView = z.infer<typeof LabelView>;

/**
 * The positions this bench enrolls on a Reel split between benches (docs/sync.md, "Benches sharing a Reel"), first to
 * last, both included. This station's own setting: auto-advance stays inside it; enrolling outside it asks first.
 */
export const BenchRange = z
  .object({ first: z.number().int().nonnegative(), last: z.number().int().nonnegative() })
  .strict()
  .refine((r) => r.first <= r.last, 'the first position of a range comes before its last');
export type BenchRange = z.infer<typeof BenchRange>;

const ReelDirection = z.enum(['up', 'down']);

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
  /** This bench's range of the Reel; null: the whole Reel. */
  benchRange: BenchRange.nullable(),
  /** The direction this bench enrolls the Reel in: `down` from its end (a rewound Reel). */
  direction: ReelDirection,
});
export type ReelView = z.infer<typeof ReelView>;

/** A problem of the Reel: a Label (here or elsewhere) whose values are not the print data of its position. */
const ReelProblem = z.object({
  kind: z.literal('printMismatch'),
  position: z.number().int(),
  labelId: z.string(),
  origin: z.enum(['here', 'elsewhere']),
  findings: z.array(PrintFindingSchema),
});
export type ReelProblem = z.infer<typeof ReelProblem>;

const ReelDetail = ReelView.extend({
  labels: z.array(LabelView),
  /** Whether this bench holds print data for the Reel (any position): without it, values are not checked here. */
  hasPrintData: z.boolean(),
  problems: z.array(ReelProblem),
  /**
   * The Reel's known extent: the last position of its print data, this bench's range or a Label the service holds,
   * whichever is largest (docs/sync.md, "Benches sharing a Reel"); null when none is known. The Reel map spans it.
   */
  extent: z.number().int().positive().nullable(),
});
type ReelDetail = z.infer<typeof ReelDetail>;

/**
 * A read of a Reel again by a screen that holds an answer (docs/sync.md, "Only what changed reaches a screen"): `version` names the Labels the
 * answer carries (give it back as `since`). `all`: every Label, as reels.show; `since`: the Reel's fields and only the
 * Labels changed or come onto the Reel since `since` (`labels`) and the ids of those that left it (`gone`), both
 * empty when nothing changed; the print data and so `hasPrintData` are then as in the answer held.
 */
const ReelShowChanged = z.discriminatedUnion('read', [
  ReelDetail.extend({ read: z.literal('all'), version: z.string().min(1) }),
  ReelView.extend({
    read: z.literal('since'),
    version: z.string().min(1),
    labels: z.array(LabelView),
    gone: z.array(z.string()),
    extent: ReelDetail.shape.extent,
  }),
]);

const ReelCreateInput = z
  .object({
    name: z.string().min(1),
    description: z.string().optional(),
    collectionId: LocalId.optional(),
    expectedIdentifiers: z.array(ExpectedIdentifierSchema).optional(),
  })
  .strict();

const ReelUpdateInput = z
  .object({
    reelId: LocalId,
    name: z.string().min(1).optional(),
    description: z.string().nullable().optional(),
    collectionId: LocalId.nullable().optional(),
    expectedIdentifiers: z.array(ExpectedIdentifierSchema).optional(),
  })
  .strict();

/**
 * The Reels list's filters (spec: Labels and Reels, `GET /reels` query `collectionId`, `unfiled`,
 * `transferred`, `q`). Only the service knows whether a Reel was shipped: when online,
 * `transferred` is asked of the service; offline it is read from the Reel as last read from the
 * service (a Reel not yet on the service was never shipped). Search and filing are matched
 * against the local state, which includes edits still waiting in the queue.
 */
export const ReelListInput = z
  .object({
    /** Part of the name or description, case-insensitive. */
    q: z.string().optional(),
    /** Only Reels filed in this Label Collection (its local id). */
    collectionId: LocalId.optional(),
    /** Only Reels filed in no Label Collection. */
    unfiled: z.boolean().optional(),
    /** `any` (default), `only` shipped Reels, or `hide` shipped Reels. */
    transferred: TransferredFilterSchema.optional(),
  })
  .strict()
  .refine((i) => !(i.collectionId !== undefined && i.unfiled === true), 'give collectionId or unfiled: true, not both');
export type ReelListInput = z.infer<typeof ReelListInput>;

const ReelListItem = ReelView.extend({
  /** When the Reel was shipped (spec: Reel, transferredAt), as last read from the service; null when not (or not known to be). */
  transferredAt: z.string().nullable(),
});
type ReelListItem = z.infer<typeof ReelListItem>;

/** A Reel on the service (spec: `GET /reels`), with its local id when it is open on this station. */
const ServiceReelItem = z.object({
  serviceId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The service's count of the Reel's Labels (null when the service gave none). */
  labelCount: z.number().int().nonnegative().nullable(),
  reelId: z.string().nullable(),
});
type ServiceReelItem = z.infer<typeof ServiceReelItem>;

/** A print-data problem as a code and its parameters: the renderer words it in the UI's language (`import.problem.<code>`). */
const PrintDataIssueSchema = z.object({ code: z.enum(PRINT_DATA_PROBLEM_CODES), params: z.record(z.string(), z.union([z.string(), z.number()])) });

/** A print-data row the import would refuse (1-based line; the header is line 1): its problems in English and as codes, in the same order. */
export const PrintDataBadRow = z.object({
  line: z.number().int(),
  position: z.string(),
  problems: z.array(z.string()),
  issues: z.array(PrintDataIssueSchema),
});
export type PrintDataBadRow = z.infer<typeof PrintDataBadRow>;

export const reelCommands = {
  /** Works offline: the Reel gets a local id at once; its creation is queued. */
  'reels.create': { input: ReelCreateInput, output: z.object({ reelId: z.string() }) },
  'reels.update': { input: ReelUpdateInput, output: ReelView },
  /**
   * The Reels of the active profile matching the filters. `transferredFrom` says where the shipped
   * state came from: `service` (asked now) or `local` (offline: as last read from the service).
   */
  'reels.list': {
    input: ReelListInput,
    output: z.object({ reels: z.array(ReelListItem), transferredFrom: z.enum(['service', 'local']) }),
  },
  /**
   * The print-data import's dry run: checks the CSV as `labels.import` would (header, every row,
   * positions already holding a Label) and names each bad row. Writes nothing. The import itself
   * checks again, including what only enrolling finds (duplicates).
   */
  'reels.checkPrintData': {
    input: z.object({ reelId: LocalId, csv: z.string(), expectedOnly: z.boolean().optional(), separator: SeparatorSchema.optional() }).strict(),
    output: z.object({
      ok: z.boolean(),
      /** The rows the import would take (when ok), else null. */
      rows: z.number().int().nonnegative().nullable(),
      /** The first bad rows (at most 100), each with its problems. */
      badRows: z.array(PrintDataBadRow),
      /** How many rows are bad in all (more than `badRows` names when the file has many). */
      badRowCount: z.number().int().nonnegative(),
      fileProblems: z.array(z.string()),
      fileIssues: z.array(PrintDataIssueSchema),
      /** How the text was read (its separator found or chosen). */
      reading: FileReadingSchema,
      /** Columns the Reel's composition prints that the file lacks (docs/print-run.md, "Files as shops save them"). */
      missingColumns: z.array(z.enum(PRINT_DATA_COLUMNS)),
      /** The first Labels on the Reel whose values the print data contradicts, and how many in all. */
      contradicted: z.array(
        z.object({ line: z.number().int(), position: z.number().int(), tagType: StringTagTypeSchema, carries: z.string(), printed: z.string() }),
      ),
      contradictedCount: z.number().int().nonnegative(),
    }),
  },
  /** Local state merged with the service's Reel and Labels when online (`refresh: false` skips the read; `true` fails if it cannot read). */
  'reels.show': { input: z.object({ reelId: LocalId, refresh: z.boolean().optional() }).strict(), output: ReelDetail },
  /**
   * reels.show for a screen that holds its last answer (the Bench, the Reel map): with `since` (the `version` of that
   * answer), only what changed since. Reads the service as reels.show does.
   */
  'reels.showChanged': {
    input: z.object({ reelId: LocalId, refresh: z.boolean().optional(), since: z.string().min(1).optional() }).strict(),
    output: ReelShowChanged,
  },
  /** The Reels on the service for the active Team (every page; `q` searches name and description). Needs the service. */
  'reels.find': {
    input: z.object({ q: z.string().optional() }).strict(),
    output: z.object({ reels: z.array(ServiceReelItem) }),
  },
  /**
   * Opens a Reel of the service on this station (docs/sync.md, "Benches sharing a Reel"): its settings and every
   * Label on it become known here, each with its origin. Opening it again answers the same `reelId` and refreshes it.
   * Needs the service.
   */
  'reels.open': {
    /** `positions`: this bench's range of the Reel (as `reels.setRange`); left out, a range set before stays. */
    input: z
      .object({
        serviceId: z.string().min(1),
        positions: BenchRange.optional(),
        /** The print run's CSV (the import's format), kept as the Reel's print data on this bench: text, or a path (the CLI). */
        printData: z
          .union([
            z.object({ csv: z.string(), separator: SeparatorSchema.optional() }).strict(),
            z.object({ path: z.string().min(1), encoding: TextEncodingSchema.optional(), separator: SeparatorSchema.optional() }).strict(),
          ])
          .optional(),
        /**
         * The caller's name for this opening: the `reels.openProgress` events it causes carry it, so two openings at
         * once are told apart (docs/sync.md, "Opening at shop scale").
         */
        progressKey: z.string().min(1).max(100).optional(),
      })
      .strict(),
    output: z.object({
      reelId: z.string(),
      labels: z.array(LabelView),
      benchRange: BenchRange.nullable(),
      hasPrintData: z.boolean(),
      problems: z.array(ReelProblem),
    }),
  },
  /**
   * Sets this bench's range of a Reel (`range: null` clears it: the whole Reel). Local only, never sent: each bench
   * keeps its own. Auto-advance stays inside it; `labels.enroll` outside it is refused (`STATION_OUTSIDE_RANGE`)
   * unless asked with `outsideRange: true`.
   */
  'reels.setRange': {
    input: z.object({ reelId: LocalId, range: BenchRange.nullable() }).strict(),
    output: ReelView,
  },
  /**
   * Sets the direction this bench enrolls a Reel in (`down`: from its end, a rewound Reel): the Bench's advance, skip
   * and "next" follow it. Local only, never sent, as the range.
   */
  'reels.setDirection': {
    input: z.object({ reelId: LocalId, direction: ReelDirection }).strict(),
    output: ReelView,
  },
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
    output: z.object({
      collections: z.array(z.object({ collectionId: z.string(), serviceId: z.string().nullable(), name: z.string(), description: z.string().nullable() })),
    }),
  },
} as const;

/**
 * How far an opening of a Reel (`reels.open` with a `progressKey`) has read its Labels, after each page (docs/sync.md,
 * "Opening at shop scale"). `total` is the Reel's Label count as the service answered it (the spec names no total for
 * a list: null when the service gives none), never below what was read; `pagesTotal` follows from it and the first
 * page's length. `done` on the last event of an opening that read every page.
 */
export const ReelOpenProgress = z.object({
  progressKey: z.string(),
  serviceId: z.string(),
  pages: z.number().int().nonnegative(),
  labels: z.number().int().nonnegative(),
  total: z.number().int().nonnegative().nullable(),
  pagesTotal: z.number().int().nonnegative().nullable(),
  done: z.boolean(),
});
export type ReelOpenProgress = z.infer<typeof ReelOpenProgress>;

export const reelEvents = {
  /** A page of a Reel's Labels read while it opens (`reels.open` with a `progressKey`). */
  'reels.openProgress': ReelOpenProgress,
} as const;
