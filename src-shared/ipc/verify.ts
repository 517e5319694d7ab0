import { z } from 'zod';
import { StringTagTypeSchema } from '../api/common';
import { IDENTIFY_OUTCOMES } from '../api/identifiers';
import { AQL_VALUES, CODE_LETTERS, INSPECTION_LEVELS } from '../domain/sampling';
import { ScannedLabel } from './labels';
import { LocalId } from './reels';

// The quality check of an enrolled Reel: an ISO 2859-1 sampling plan over its enrolled Labels (src-shared/domain/
// sampling.ts), each sampled Label checked against the service (resolve its values with the Reel, identify its
// optical marking; src-shared/domain/verification.ts judges), and the lot's verdict by the plan's numbers. Plans,
// seeds and every sample's result are kept in the station database, so the Reel report shows them and a sample
// scanned while the service is out of reach is kept for later.

const AqlSchema = z.number().refine((aql) => AQL_VALUES.includes(aql), {
  error: (issue) => `AQL ${String(issue.input)} is not a column of ISO 2859-1 Table 2-A; choose one of ${AQL_VALUES.join(', ')}`,
});

/** The seed of the sample's random draw (recorded with the plan, so the same positions can be drawn again). */
const SeedSchema = z
  .number()
  .int()
  .min(0)
  .max(2 ** 32 - 1);

export const VerificationPlan = z.object({
  verificationId: z.string(),
  reelId: z.string(),
  /** The lot: the Reel's enrolled Labels on the service (enrolled or bound), the population sampled. */
  lotSize: z.number().int(),
  /** ISO 2859-1 Table 1's letter for the lot size (general inspection level II). */
  codeLetter: z.enum(CODE_LETTERS),
  /** The row whose plan applies: codeLetter, or where Table 2-A's arrow leads (its sample size is `sampleSize`). */
  planLetter: z.enum(CODE_LETTERS),
  level: z.enum(INSPECTION_LEVELS),
  sampleSize: z.number().int(),
  /** Ac: the lot is accepted with this many failed samples or fewer. */
  accept: z.number().int(),
  /** Re: the lot is rejected with this many failed samples or more. */
  reject: z.number().int(),
  aql: z.number(),
  seed: z.number().int(),
  /** The sampled positions, ascending. */
  positions: z.array(z.number().int()),
  /** Labels of the Reel not yet on the service (queued or needing attention) when the plan was drawn: not in the lot. */
  notOnService: z.number().int(),
  createdAt: z.string(),
});
export type VerificationPlan = z.infer<typeof VerificationPlan>;

/** Why a sample passed or failed: verified, a station finding, or an identify outcome other than label/identified. */
const SAMPLE_OUTCOMES = [
  'verified',
  'wrong_position',
  'wrong_label',
  'not_on_service',
  'not_checked',
  ...IDENTIFY_OUTCOMES.filter((o) => o !== 'label' && o !== 'identified'),
] as const;
const SampleOutcomeSchema = z.enum(SAMPLE_OUTCOMES);

export const SampleCheck = z.object({
  position: z.number().int(),
  pass: z.boolean(),
  outcome: SampleOutcomeSchema,
  /** The service's code of the failure (e.g. IDENTIFIER_NOT_FOUND for an optical no-match), when the service gave one. */
  code: z.string().optional(),
  /** The x-request-id of the service's answer the verdict rests on. */
  requestId: z.string().optional(),
  /** Where a misplaced value or optical marking belongs, when it belongs to another position. */
  foundPosition: z.number().int().optional(),
  /** Every finding, in English (the screen words the outcome in the operator's language). */
  reason: z.string(),
  /** A fresh scan can change the answer (the capture or the search failed, not necessarily the Label). */
  retry: z.boolean(),
});
export type SampleCheck = z.infer<typeof SampleCheck>;

const LotDecisionSchema = z.enum(['accept', 'reject', 'pending']);

export const LotVerdictView = z.object({
  inspected: z.number().int(),
  failed: z.number().int(),
  accept: z.boolean(),
  complete: z.boolean(),
  decision: LotDecisionSchema,
  decidedEarly: z.boolean(),
});
export type LotVerdictView = z.infer<typeof LotVerdictView>;

const SampleState = z.enum(['waiting', 'kept', 'pass', 'fail']);

export const SampleView = z.object({
  position: z.number().int(),
  /** waiting: not scanned yet; kept: scanned while the service was out of reach, to be checked; pass/fail: judged. */
  state: SampleState,
  result: SampleCheck.nullable(),
  /** What was scanned (kept samples are checked from it later). */
  scanned: z.object({ identifiers: z.array(z.object({ tagType: StringTagTypeSchema, value: z.string() })), captureSha256: z.string().nullable() }).nullable(),
  checkedAt: z.string().nullable(),
});
export type SampleView = z.infer<typeof SampleView>;

export const VerificationView = z.object({
  plan: VerificationPlan,
  samples: z.array(SampleView),
  verdict: LotVerdictView,
  /** When the verdict was reached (accepted after the whole sample, or rejected), else null. */
  decidedAt: z.string().nullable(),
});
export type VerificationView = z.infer<typeof VerificationView>;

const VerifyCheckInput = z
  .object({
    reelId: LocalId,
    position: z.number().int().nonnegative(),
    ...ScannedLabel,
  })
  .strict();
type VerifyCheckInput = z.infer<typeof VerifyCheckInput>;

export const VerifyCheckOutput = SampleCheck.extend({ verdict: LotVerdictView });
export type VerifyCheckOutput = z.infer<typeof VerifyCheckOutput>;

const VerifySettings = z.object({ aql: z.number(), aqls: z.array(z.number()) });

export const verifyCommands = {
  /**
   * Draws a new sampling plan for the Reel (it becomes the Reel's current verification): ISO 2859-1, level II,
   * single sampling, normal inspection; AQL from the input, else Settings (default 0.65); positions drawn from the
   * enrolled Labels with `seed` (random when not given; recorded either way).
   */
  'verify.plan': {
    input: z.object({ reelId: LocalId, aql: AqlSchema.optional(), seed: SeedSchema.optional() }).strict(),
    output: VerificationPlan,
  },
  /**
   * Checks one sampled position against the service: every value must resolve (with the Reel) to this position's
   * Label, a capture must identify to it. Needs the service: offline the scan is kept (verify.status shows it
   * `kept`) and the answer is STATION_OFFLINE; calling again with no identifiers and no capture checks the kept scan.
   */
  'verify.check': { input: VerifyCheckInput, output: VerifyCheckOutput },
  /** The Reel's current verification (plan, every sample, the lot's verdict), or null before the first plan. */
  'verify.status': {
    input: z.object({ reelId: LocalId }).strict(),
    output: z.object({ verification: VerificationView.nullable(), expectsSvc: z.boolean(), composition: z.array(StringTagTypeSchema) }),
  },
  /** The AQL a new plan uses unless it names one (Settings), and the AQLs to choose from. */
  'verify.settings.get': { input: z.object({}).strict(), output: VerifySettings },
  'verify.settings.set': { input: z.object({ aql: AqlSchema }).strict(), output: VerifySettings },
} as const;
