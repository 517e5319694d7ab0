import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPRINT_REASONS, type PrintJobView, type ReprintReason } from '../../../../src-shared/ipc/printers';
import { StationError, StationErrorCode } from '../../../../src-shared/ipc/station-error';
import { ErrorNote } from '../../components/ErrorNote';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';
import { useReasonWords } from '../devices/printers/reason-words';
import type { BenchState } from './bench-reducer';
import { reprintOffer, type ReprintOffer as Offer } from './reprint-offer';

// "Reprint position N" at the Bench (docs/printing.md, "Reprints at the bench"): offered for a misprint or misorder
// caught, a Label voided, or a code graded below the Reel's lowest accepted grade (docs/print-quality.md). It asks why,
// prints the position's replacement on the bench's printer (print.reprint), says the job's outcome in words, and hands
// the position back to the session, which waits there for the new Label's scans.

type Outcome =
  | { kind: 'printing'; position: number; printer: string }
  | { kind: 'done'; position: number; printer: string; waits: boolean }
  | { kind: 'notPrinted'; position: number; job: PrintJobView }
  | { kind: 'error'; error: unknown };

export function ReprintOffer({
  reelId,
  bench,
  saveError,
  register,
  reprinted,
}: {
  reelId: string;
  bench: BenchState;
  saveError: unknown;
  register: (reprint: (() => void) | undefined) => void;
  reprinted: (position: number) => boolean;
}) {
  const { t } = useTranslation();
  const reasonWords = useReasonWords();
  // The Reel's lowest accepted grade: its setting alone, read once per Reel (GradeBelow.tsx reads the same), not the
  // grades of each position, which every save made stale and the next position read again.
  const grading = useCommandQuery('grades.getSetting', { reelId });
  const benchPrinter = useCommandQuery('print.benchPrinter', {});
  const reprint = useCommandMutation('print.reprint', ['report.reel', 'report.shift', 'print.log']);
  // The grade of the capture on the slots, kept after the save so a flagged Label is offered too.
  const lastGrade = useRef<{ position: number; grade: NonNullable<BenchState['slots'][number]['grade']>['grade'] }>(undefined);
  const slotGrade = bench.slots.find((s) => s.grade)?.grade;
  if (slotGrade) lastGrade.current = { position: bench.position, grade: slotGrade.grade };
  const offer = reprintOffer({
    position: bench.position,
    feedback: bench.feedback,
    blocked: bench.blocked,
    saveErrorCode: saveError instanceof StationError ? saveError.code : undefined,
    minGrade: grading.data?.minGrade,
    grade: lastGrade.current,
  });
  const [outcome, setOutcome] = useState<Outcome>();
  const [dismissed, setDismissed] = useState<string>();
  const key = offer ? `${offer.situation}:${offer.position}` : undefined;
  const [reason, setReason] = useState<ReprintReason>('misprint');
  useEffect(() => {
    if (offer) setReason(offer.reason);
    // A new situation preselects its reason.
  }, [key]);

  const shown = offer && dismissed !== key ? offer : undefined;
  const printer = benchPrinter.data?.name ?? null;
  const print = async (at: Offer) => {
    if (!printer) return setOutcome({ kind: 'error', error: 'noPrinter' });
    setOutcome({ kind: 'printing', position: at.position, printer });
    try {
      const job = await reprint.mutateAsync({ reelId, position: at.position, reason });
      if (job.state !== 'done') return setOutcome({ kind: 'notPrinted', position: at.position, job });
      setOutcome({ kind: 'done', position: at.position, printer: job.printer, waits: reprinted(at.position) });
    } catch (error) {
      setOutcome({ kind: 'error', error });
    }
  };
  // The outcome stays while the bench is at its position (or still printing), and goes once the bench moves on.
  useEffect(() => {
    setOutcome((o) => (!o || o.kind === 'printing' || ('position' in o && o.position === bench.position) ? o : undefined));
  }, [bench.position]);
  const printRef = useRef(print);
  printRef.current = print;
  useEffect(() => {
    register(shown && outcome?.kind !== 'printing' ? () => void printRef.current(shown) : undefined);
    return () => register(undefined);
  }, [shown, outcome?.kind, register]);

  return (
    <>
      {shown ? (
        <div className="reprint-offer" role="group" aria-label={t('reprint.title')} data-testid="reprint-offer" data-situation={shown.situation}>
          <p className="reprint-why">
            {t(`reprint.why.${shown.situation}`, { position: shown.position, grade: shown.grade ?? '', min: grading.data?.minGrade ?? '' })}
          </p>
          <div className="toolbar">
            <label>
              {t('reprint.reason')}
              <select value={reason} onChange={(e) => setReason(e.target.value as ReprintReason)}>
                {REPRINT_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {t(`reprint.reasons.${r}`)}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" onClick={() => void print(shown)} disabled={outcome?.kind === 'printing'} aria-keyshortcuts="F4">
              {t('reprint.button', { position: shown.position })} <kbd>F4</kbd>
            </button>
            <button type="button" onClick={() => setDismissed(key)}>
              {t('reprint.dismiss')}
            </button>
          </div>
        </div>
      ) : null}
      {outcome ? <OutcomeNote outcome={outcome} reasonWords={reasonWords} /> : null}
    </>
  );
}

function OutcomeNote({ outcome, reasonWords }: { outcome: Outcome; reasonWords: (reasons: readonly string[]) => string }) {
  const { t } = useTranslation();
  if (outcome.kind === 'printing')
    return (
      <p role="status" data-testid="reprint-outcome" data-state="printing">
        {t('reprint.printing', outcome)}
      </p>
    );
  if (outcome.kind === 'done')
    return (
      <p role="status" className="feedback level-ok" data-testid="reprint-outcome" data-state="done">
        {t(outcome.waits ? 'reprint.done' : 'reprint.doneSaved', outcome)}
      </p>
    );
  if (outcome.kind === 'notPrinted')
    return (
      <p role="alert" className="feedback level-error" data-testid="reprint-outcome" data-state={outcome.job.state}>
        {t(outcome.job.state === 'stopped' ? 'reprint.stopped' : 'reprint.failed', { position: outcome.position, reason: outcome.job.reason ?? '' })}
      </p>
    );
  const { error } = outcome;
  if (error === 'noPrinter')
    return (
      <p role="alert" className="feedback level-error" data-testid="reprint-outcome" data-state="noPrinter">
        {t('reprint.noPrinter')}
      </p>
    );
  if (error instanceof StationError && error.code === StationErrorCode.printerNotReady) {
    const { printer, reasons } = (error.detail ?? {}) as { printer?: string; reasons?: string[] };
    return (
      <p role="alert" className="feedback level-error" data-testid="reprint-outcome" data-state="notReady">
        {t('reprint.notReady', { printer: printer ?? '', reasons: reasonWords(reasons ?? []) })} <code>{error.code}</code>
      </p>
    );
  }
  return <ErrorNote error={error} testId="reprint-outcome" />;
}
