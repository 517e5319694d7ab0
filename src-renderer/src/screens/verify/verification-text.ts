import type { TFunction } from 'i18next';
import type { LotVerdictView, SampleCheck, SampleView, VerificationPlan } from '../../../../src-shared/ipc';

// The quality check in the operator's language: one sample's outcome (both positions named on a mismatch; each of
// the eight identify outcomes in its own words), the plan's numbers and the lot's verdict. Shared by the Verify
// screen and the Reel report.

const IDENTIFY = new Set(['matches', 'no_match', 'search_incomplete', 'ambiguous', 'quality_reject', 'not_bound']);

/** What a judged sample means: pass, or why it failed and what to do. */
export function sampleMessage(t: TFunction, result: SampleCheck): string {
  const position = result.position;
  if (IDENTIFY.has(result.outcome)) return t('verify.outcome.optical', { position, text: t(`identify.${result.outcome}`) });
  if (result.outcome === 'wrong_position' && result.foundPosition !== undefined)
    return t('verify.outcome.wrong_position', { position, found: result.foundPosition });
  return t(`verify.outcome.${result.outcome === 'wrong_position' ? 'wrong_label' : result.outcome}`, { position });
}

export function planText(t: TFunction, plan: VerificationPlan): string {
  const letters =
    plan.planLetter === plan.codeLetter
      ? t('verify.letter', { letter: plan.codeLetter })
      : t('verify.letterArrow', { letter: plan.codeLetter, planLetter: plan.planLetter });
  return t('verify.planLine', {
    lot: plan.lotSize,
    letters,
    sample: plan.sampleSize,
    accept: plan.accept,
    reject: plan.reject,
    aql: plan.aql,
  });
}

export function verdictText(t: TFunction, verdict: LotVerdictView, plan: Pick<VerificationPlan, 'sampleSize' | 'accept' | 'reject'>): string {
  const counts = { failed: verdict.failed, inspected: verdict.inspected, sample: plan.sampleSize, accept: plan.accept, reject: plan.reject };
  if (verdict.decision === 'accept') return t('verify.verdict.accept', counts);
  if (verdict.decision === 'reject') return t(verdict.decidedEarly ? 'verify.verdict.rejectEarly' : 'verify.verdict.reject', counts);
  return t('verify.verdict.pending', counts);
}

/** What was decided, in a line a shift lead reads: which positions failed a rejected lot, or that the lot passed. */
export function decidedText(
  t: TFunction,
  verification: { verdict: LotVerdictView; plan: Pick<VerificationPlan, 'accept'>; samples: readonly SampleView[] },
): string {
  const failed = verification.samples.filter((s) => s.state === 'fail').map((s) => String(s.position));
  const counts = { count: failed.length, positions: failed, inspected: verification.verdict.inspected, accept: verification.plan.accept };
  if (verification.verdict.decision === 'reject') return t('verify.decided.reject', counts);
  return failed.length ? t('verify.decided.acceptWithFailures', counts) : t('verify.decided.accept', counts);
}
