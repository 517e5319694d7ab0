import { StationErrorCode } from './station-error';
import { z } from 'zod';
import { ReelPrintQualitySchema, ShiftPrintQualitySchema } from './grades';
import { PrintCountsSchema } from './printers';
import { ExpectedIdentifierSchema } from '../api/labels';
import { LabelStateSchema } from '../domain/label';
import { LocalId } from './reels';
import { VerificationView } from './verify';

// The Reel report (one page per Reel: what was enrolled, how fast, what went wrong, the sample's verdict) and the
// shift summary across Reels for a day. Built from the station database (labels, the audit log, the outbox, the
// verification records): it needs no service and works offline.

/** Which station wrote the records: the audit log is one station's (one data folder's), so this names it. */
const StationIdentity = z.object({ name: z.string(), dataDir: z.string() });

const RateSeries = z.object({
  /** Bucket width in seconds. */
  bucketSeconds: z.number().int().positive(),
  /** Start of each bucket, epoch seconds. */
  t: z.array(z.number()),
  /** Labels saved in each bucket. */
  count: z.array(z.number().int()),
  /** The same as Labels per hour. */
  perHour: z.array(z.number()),
});
type RateSeries = z.infer<typeof RateSeries>;

const TimePerLabel = z.object({
  /** When each Label was saved (epoch seconds), from the second save of a working stretch on. */
  t: z.array(z.number()),
  /** Seconds since the save before it. */
  seconds: z.array(z.number()),
  medianSeconds: z.number().nullable(),
  p90Seconds: z.number().nullable(),
  /** Pauses longer than `breakSeconds` between two saves: left out of the series and the figures above. */
  breaks: z.number().int(),
  breakSeconds: z.number().int(),
});
type TimePerLabel = z.infer<typeof TimePerLabel>;

const AttentionGroup = z.object({
  code: z.string(),
  /** The reason of the first Label with this code (reasons may name a position). */
  reason: z.string(),
  count: z.number().int(),
  /** The Labels' positions (the first 50). */
  positions: z.array(z.number().int()),
  /** Request ids the service gave (the first 10). */
  requestIds: z.array(z.string()),
});

const GapOrVoid = z.object({
  at: z.string(),
  /** skip: a gap left on purpose; void: a Label taken back; undo: the last save taken back. */
  action: z.enum(['skip', 'void', 'undo']),
  position: z.number().int(),
  station: z.string(),
});

const BulkBindEntry = z.object({
  opId: z.string(),
  at: z.string(),
  fromPosition: z.number().int(),
  toPosition: z.number().int(),
  threads: z.number().int(),
  /** Activation asked with the bind. */
  activate: z.boolean(),
  /** The queued operation's state (pending, sending, done, attention, discarded). */
  state: z.string(),
  /** Labels bound, once done. */
  bound: z.number().int().nullable(),
  /** The service's activation answer (queued, already_active, no_dust, not_requested), once done. */
  activation: z.string().nullable(),
  attention: z.object({ code: z.string(), message: z.string() }).nullable(),
});

export const ReelReport = z.object({
  generatedAt: z.string(),
  station: StationIdentity,
  reel: z.object({
    reelId: z.string(),
    serviceId: z.string().nullable(),
    name: z.string(),
    description: z.string().nullable(),
    expectedIdentifiers: z.array(ExpectedIdentifierSchema),
    /** The direction this bench enrolls the Reel in: `down` from its end, a rewound Reel (reels.setDirection). */
    direction: z.enum(['up', 'down']),
  }),
  /** Positions by the station's state, and their total. */
  counts: z.partialRecord(LabelStateSchema, z.number().int()),
  total: z.number().int(),
  /** Of those, the Labels another bench or app enrolled (a Reel shared between benches; docs/sync.md); the rate is this station's own. */
  enrolledElsewhere: z.number().int(),
  /** This station's Labels other benches took off their positions (moved or set aside; docs/sync.md, "Every bench knows"). */
  takenElsewhere: z.number().int(),
  /** The service's counts as last read (null before the first read). */
  serviceCounts: z.record(z.string(), z.number()).nullable(),
  enrollment: z.object({
    /** Label saves (a Label saved again after a take-back counts again). */
    saves: z.number().int(),
    firstAt: z.string().nullable(),
    lastAt: z.string().nullable(),
    rate: RateSeries,
    timePerLabel: TimePerLabel,
  }),
  attention: z.array(AttentionGroup),
  gapsAndVoids: z.object({ total: z.number().int(), entries: z.array(GapOrVoid) }),
  bulkBinds: z.array(BulkBindEntry),
  activation: z.object({
    /** Reel activations asked (`reels.activate`), each with its queued state. */
    reelActivations: z.array(z.object({ opId: z.string(), at: z.string(), state: z.string() })),
    /** The service's counts.identifiableCount as last read, null when unknown. */
    identifiable: z.number().int().nullable(),
  }),
  verification: VerificationView.nullable(),
  /**
   * The Labels, whoever enrolled them, against the print data this bench holds (docs/print-run.md, "The check against
   * the print data"): whether it holds any, how many do not match, and those (the first 100) with what they carry.
   */
  printCheck: z.object({
    hasPrintData: z.boolean(),
    mismatches: z.number().int(),
    positions: z.array(
      z.object({
        position: z.number().int(),
        origin: z.enum(['here', 'elsewhere']),
        findings: z.array(
          z.discriminatedUnion('kind', [
            z.object({ kind: z.literal('misorder'), tagType: z.string(), value: z.string(), printedFor: z.number().int() }),
            z.object({ kind: z.literal('misprint'), tagType: z.string(), value: z.string(), expected: z.string() }),
          ]),
        ),
      }),
    ),
  }),
  /** Print quality of the Labels' codes from the bench camera (docs/print-quality.md): a process-control grade. */
  printQuality: ReelPrintQualitySchema.optional(),
  /** The Reel's prints and reprints, reprints by reason (docs/printing.md, "Reprints at the bench"). */
  prints: PrintCountsSchema.optional(),
});
export type ReelReport = z.infer<typeof ReelReport>;

/** The error code of a PDF the host cannot print (no printer, Chromium missing, the page never ready). */
export const PDF_UNAVAILABLE = StationErrorCode.pdfUnavailable;

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD');
/** A time zone as minutes east of UTC (60 for CET). */
const UtcOffsetMinutes = z
  .number()
  .int()
  .min(-14 * 60)
  .max(14 * 60);

export const ShiftSummary = z.object({
  day: z.string(),
  /** The day's bounds (ISO) in the time zone asked for. */
  from: z.string(),
  to: z.string(),
  station: StationIdentity,
  /** Labels saved in each hour of the day (0–23, local to the time zone asked for). */
  perHour: z.array(z.number().int()),
  labels: z.number().int(),
  /** Saves of the day that needed attention (the service refused them) or were taken back (void, undo), and the problems the bench caught. */
  errors: z.number().int(),
  /** errors / (labels + problems caught at the bench); null on a day without either. */
  errorRate: z.number().nullable(),
  reels: z.array(
    z.object({
      reelId: z.string(),
      name: z.string(),
      /** Labels of this Reel saved that day. */
      labels: z.number().int(),
      errors: z.number().int(),
      /** Nothing of the Reel is left to enroll or send, and its last save was that day. */
      finished: z.boolean(),
      lastAt: z.string().nullable(),
    }),
  ),
  reelsFinished: z.number().int(),
  /** The shift's problems by kind: caught at the bench, refused by the service, taken back; gaps and voids. */
  problems: z.object({
    misprints: z.number().int(),
    misorders: z.number().int(),
    duplicates: z.number().int(),
    refusedCaptures: z.number().int(),
    /** Saves the service refused (they need attention). */
    attention: z.number().int(),
    /** Saved Labels taken back by undo. */
    undone: z.number().int(),
    gaps: z.number().int(),
    voids: z.number().int(),
    /** Labels seen that day (enrolled here or elsewhere) whose values are not the print data of their position, accepted mismatches included. */
    printMismatches: z.number().int(),
  }),
  /** Prints and reprints of the day on the profile's Reels, reprints by reason (docs/printing.md, "Reprints at the bench"). */
  prints: PrintCountsSchema.optional(),
  /** Quality checks whose verdict was reached that day, by Reel. */
  verdicts: z.array(
    z.object({ reelId: z.string(), name: z.string(), decision: z.enum(['accept', 'reject']), inspected: z.number().int(), failed: z.number().int() }),
  ),
  /** Print grades of the day's Labels from the bench camera (docs/print-quality.md, "Reading the trend"): a process-control grade. */
  printQuality: ShiftPrintQualitySchema,
});
export type ShiftSummary = z.infer<typeof ShiftSummary>;

export const reportCommands = {
  /** Everything the Reel report shows (local data; works offline). */
  'report.reel': { input: z.object({ reelId: LocalId }).strict(), output: ReelReport },
  /**
   * A day's work across Reels: Labels per hour, error rate, Reels finished. `utcOffsetMinutes` is the time zone
   * the day is counted in (minutes east of UTC, e.g. 60 for CET); default the station's own.
   */
  'report.shift': {
    input: z
      .object({
        day: DaySchema,
        utcOffsetMinutes: UtcOffsetMinutes.optional(),
      })
      .strict(),
    output: ShiftSummary,
  },
  /**
   * The Reel report as a PDF, printed from the report page itself (the same charts). Only hosts that can print
   * pages offer it (the Electron host, the web host and the CLI through Chromium); others answer STATION_PDF_UNAVAILABLE.
   */
  'report.pdf': {
    input: z.object({ reelId: LocalId, locale: z.enum(['en', 'de']).optional() }).strict(),
    output: z.object({ filename: z.string(), bytes: z.number().int(), pdfBase64: z.string() }),
  },
  /**
   * The shift summary of a day as a PDF, printed from the shift summary page the same way as report.pdf (the same
   * hosts; others answer STATION_PDF_UNAVAILABLE). The day and time zone as report.shift.
   */
  'report.shiftPdf': {
    input: z.object({ day: DaySchema, utcOffsetMinutes: UtcOffsetMinutes.optional(), locale: z.enum(['en', 'de']).optional() }).strict(),
    output: z.object({ filename: z.string(), bytes: z.number().int(), pdfBase64: z.string() }),
  },
} as const;
