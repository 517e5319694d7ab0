import { IDENTIFY_OUTCOMES, type IdentifyOutcome } from '../api/identifiers';
import type { SamplingPlan } from './sampling';

// Verdicts of the quality check: one sampled Label (do its values and its optical marking lead back to it, at its
// position?) and the lot (the Reel) under the plan from sampling.ts. Pure; the checks themselves (resolve,
// identify) are made by the caller, whose answers come in as data.

export { IDENTIFY_OUTCOMES, type IdentifyOutcome };

export interface IdentifyOutcomeWording {
  /** The outcome's stable code (spec: Errors, "Identify outcomes (eight)"). */
  code: IdentifyOutcome;
  /** What happened, for an operator. */
  what: string;
  /** What to do about it. */
  action: string;
  /** A fresh scan can change the answer: the capture or the search failed, not necessarily the Label. */
  retry: boolean;
  /** what and action in one sentence pair. */
  text: string;
}

const WORDING: Readonly<Record<IdentifyOutcome, Omit<IdentifyOutcomeWording, 'code' | 'text'>>> = {
  identified: {
    what: 'The optical marking was recognised: it is bound to an item (a Thread) on the service.',
    action: 'Nothing to do if it is this Label.',
    retry: false,
  },
  matches: {
    what: 'The optical marking resembles several bound markings and the service could not tell which one it is.',
    action: 'Set the Label aside for review: choosing one of the candidates is a decision for a supervisor.',
    retry: false,
  },
  label: {
    what: 'The optical marking was recognised as the marking of a Label not yet bound to an item.',
    action: 'Nothing to do if it is this Label.',
    retry: false,
  },
  no_match: {
    what: 'The service searched every Team in scope and found no marking like this one.',
    action:
      'Check that the Label was enrolled with its optical marking and activated for identification, then scan again. If it is still missing, set the Label aside.',
    retry: false,
  },
  search_incomplete: {
    what: 'The service could not reach every Team it had to search, so the answer is unknown (this is not a miss).',
    action: 'Scan again in a moment. If it keeps happening, check the connection to the service.',
    retry: true,
  },
  ambiguous: {
    what: 'Two or more different bound markings matched this capture, even after the service searched twice.',
    action: 'A new capture will not settle it: set the Label aside and report it with the scan id.',
    retry: false,
  },
  quality_reject: {
    what: 'The capture had too little usable detail (blurred, too dark, glare, or the same image as an earlier capture).',
    action: 'Clean the lens or reposition the Label under the camera and scan again.',
    retry: true,
  },
  not_bound: {
    what: 'The identifier exists on the service but is bound to no item (this answer comes from identifying by identifier id).',
    action: 'Identify the Label by scanning its optical marking instead.',
    retry: false,
  },
};

/** The English wording of an identify outcome: what happened and what to do. */
export function describeIdentifyOutcome(outcome: IdentifyOutcome): IdentifyOutcomeWording {
  const w = WORDING[outcome];
  return { code: outcome, ...w, text: `${w.what} ${w.action}` };
}

// --- One sampled Label ---------------------------------------------------------------------------------

/** One Label found by `POST /api/v1/composite-tags/resolve` with the Reel given (candidates are by position). */
interface ResolveCandidate {
  compositeTagId: string;
  position: number;
}

/** A value read at the sampled position (printed text, QR, barcode, NFC) and what resolve found for it. */
export interface ValueCheck {
  value: string;
  candidates: readonly ResolveCandidate[];
}

/** The optical identify of the sampled Label: its outcome and, for label/identified, the Label it names. */
export interface OpticalCheck {
  outcome: IdentifyOutcome;
  /** The Label the identified marking belongs to; null or absent when the answer names none. */
  compositeTagId?: string | null;
  /** That Label's position, when the answer gives it. */
  position?: number | null;
}

export interface SampleCheckInput {
  /** The sampled position. */
  position: number;
  /** The service id of the Label this station has at that position. */
  compositeTagId: string;
  reads: readonly ValueCheck[];
  optical?: OpticalCheck | null;
}

/** Why a sampled Label passed or failed; identify outcomes other than label/identified keep their own code. */
type SampleOutcome = 'verified' | 'wrong_position' | 'wrong_label' | 'not_on_service' | 'not_checked' | Exclude<IdentifyOutcome, 'label' | 'identified'>;

export interface SampleResult {
  position: number;
  pass: boolean;
  /** 'verified' on a pass, else the first failure's code. */
  outcome: SampleOutcome;
  /** Where the first misplaced value (or optical marking) belongs, when it belongs to another position. */
  foundPosition?: number;
  /** Every finding in English, separated by "; " (no finding contains that separator). */
  reason: string;
}

interface Finding {
  outcome: Exclude<SampleOutcome, 'verified'>;
  reason: string;
  foundPosition?: number;
}

function positionList(positions: readonly number[]): string {
  return positions.map((p) => `position ${p}'s`).join(' and ');
}

/**
 * Judge one sampled Label. It passes when every check leads back to it: each value read resolves to this Label at
 * this position (the same value also on other positions is reported, not failed: repeated TEXT and QR values are
 * allowed), and the optical identify, when made, answers label or identified naming this Label. A value that
 * resolves to another position fails naming both positions; one that resolves to nothing fails as not on the
 * service; any other identify outcome fails with its wording. A Label with no check at all fails.
 */
export function judgeSample(input: SampleCheckInput): SampleResult {
  const { position, compositeTagId } = input;
  const findings: Finding[] = [];
  const notes: string[] = [];
  const positionOfLabel = new Map<string, number>();
  for (const read of input.reads) for (const c of read.candidates) positionOfLabel.set(c.compositeTagId, c.position);

  for (const { value, candidates } of input.reads) {
    if (candidates.length === 0) {
      findings.push({
        outcome: 'not_on_service',
        reason: `position ${position} read ${value}, which is not on the service (no Label of this Reel has it): check the print and the enrollment of this Label`,
      });
      continue;
    }
    const own = candidates.some((c) => c.compositeTagId === compositeTagId && c.position === position);
    const elsewhere = [...new Set(candidates.filter((c) => c.position !== position).map((c) => c.position))].sort((a, b) => a - b);
    if (own) {
      notes.push(
        elsewhere.length === 0
          ? `${value} is this Label's`
          : `${value} is this Label's (the same value is also on ${elsewhere.map((p) => `position ${p}`).join(', ')})`,
      );
      continue;
    }
    const first = elsewhere[0];
    if (first !== undefined) {
      findings.push({ outcome: 'wrong_position', foundPosition: first, reason: `position ${position} read ${value}, which is ${positionList(elsewhere)}` });
    } else {
      findings.push({
        outcome: 'wrong_label',
        reason: `position ${position} read ${value}, which the service has on another Label at this position than the one this station recorded: refresh the Reel from the service and check again`,
      });
    }
  }

  const optical = input.optical;
  if (optical) {
    if (optical.outcome === 'label' || optical.outcome === 'identified') {
      const named = optical.compositeTagId ?? null;
      if (named === compositeTagId) {
        notes.push('the optical marking identifies this Label');
      } else if (named === null) {
        findings.push({ outcome: 'wrong_label', reason: `position ${position}'s optical marking identifies a marking that belongs to no Label` });
      } else {
        const at = optical.position ?? positionOfLabel.get(named) ?? null;
        findings.push(
          at !== null && at !== position
            ? { outcome: 'wrong_position', foundPosition: at, reason: `position ${position}'s optical marking identifies position ${at}'s Label` }
            : { outcome: 'wrong_label', reason: `position ${position}'s optical marking identifies another Label (${named})` },
        );
      }
    } else {
      findings.push({ outcome: optical.outcome, reason: `position ${position}'s optical check: ${describeIdentifyOutcome(optical.outcome).text}` });
    }
  }

  if (input.reads.length === 0 && !optical) {
    findings.push({ outcome: 'not_checked', reason: `position ${position} was not checked: scan its printed values or its optical marking` });
  }

  const failure = findings[0];
  if (failure === undefined) {
    return { position, pass: true, outcome: 'verified', reason: `position ${position} passed: ${notes.join('; ')}` };
  }
  const foundPosition = findings.find((f) => f.foundPosition !== undefined)?.foundPosition;
  return {
    position,
    pass: false,
    outcome: failure.outcome,
    ...(foundPosition !== undefined ? { foundPosition } : {}),
    reason: findings.map((f) => f.reason).join('; '),
  };
}

// --- The lot -------------------------------------------------------------------------------------------

type LotDecision = 'accept' | 'reject' | 'pending';

export interface LotVerdict {
  /** Sampled Labels judged so far. */
  inspected: number;
  failed: number;
  /** True only once the lot is accepted (the whole sample judged with failures <= Ac). */
  accept: boolean;
  /** The whole sample has been judged. */
  complete: boolean;
  decision: LotDecision;
  /** Rejected before the whole sample was judged (failures reached Re early). */
  decidedEarly?: true;
}

/**
 * The lot's verdict under a single sampling plan: rejected as soon as the failures reach Re (reported as
 * decidedEarly when the sample is not complete yet), accepted when the whole sample is judged with failures at
 * most Ac, pending otherwise. Results must be for distinct positions, at most the plan's sample size of them.
 */
export function lotVerdict(
  plan: Pick<SamplingPlan, 'sampleSize' | 'accept' | 'reject'>,
  results: readonly Pick<SampleResult, 'position' | 'pass'>[],
): LotVerdict {
  if (results.length > plan.sampleSize) {
    throw new RangeError(`${results.length} results for a sample of ${plan.sampleSize}: judge only the sampled positions`);
  }
  const seen = new Set<number>();
  for (const r of results) {
    if (seen.has(r.position)) throw new RangeError(`position ${r.position} is judged twice; keep one result per sampled position`);
    seen.add(r.position);
  }
  const inspected = results.length;
  const failed = results.filter((r) => !r.pass).length;
  const complete = inspected === plan.sampleSize;
  if (failed >= plan.reject) {
    return { inspected, failed, accept: false, complete, decision: 'reject', ...(complete ? {} : { decidedEarly: true as const }) };
  }
  if (complete && failed <= plan.accept) return { inspected, failed, accept: true, complete, decision: 'accept' };
  return { inspected, failed, accept: false, complete, decision: complete ? 'reject' : 'pending' };
}
