import { useTranslation } from 'react-i18next';
import { StationError, StationErrorCode } from '../../../../src-shared/ipc/station-error';
import { Details } from '../../components/Details';
import { refusalWords, sayError } from '../../components/say-error';
import type { Feedback } from './bench-reducer';

const ICON = { ok: '✓', warning: '⚠', error: '✖' } as const;

/**
 * The last read's verdict, big; an error says how to go on (Enter), and names a read that came while it waited
 * (`heldBack`). While the page has lost its station (`lost`) it says so instead: no save it could not confirm.
 */
export function FeedbackBanner({
  feedback,
  blocked,
  saveError,
  lost = false,
  waiting = false,
  position,
  heldBack,
}: {
  feedback: Feedback | null;
  blocked: boolean;
  saveError: unknown;
  lost?: boolean;
  /** Something read here is not saved yet (a slot filled, or a save the station did not confirm): only then "Not saved". */
  waiting?: boolean;
  /** The Bench's position (a save cut off by the station's loss names it). */
  position?: number;
  heldBack?: { values: string[]; count: number } | undefined;
}) {
  const { t, i18n } = useTranslation();
  if (lost) {
    return (
      // The outage's one error box is the shell's banner (shell/StationLostBanner.tsx); here the Bench says what becomes
      // of the Label in hand.
      <div className="feedback level-warning" role="status" data-testid="bench-feedback" data-code="STATION_UNREACHABLE">
        <span className="icon" aria-hidden="true">
          {ICON.warning}
        </span>
        <span>
          {saveError instanceof StationError && saveError.code === 'STATION_UNREACHABLE' && position !== undefined
            ? t('bench.stationLostUnconfirmed', { position })
            : t(waiting ? 'bench.stationLost' : 'bench.stationLostNothingWaiting')}
        </span>
        <code>STATION_UNREACHABLE</code>
        {heldBack ? (
          <span className="held-back" data-testid="bench-held-back" data-count={heldBack.count}>
            <span aria-hidden="true">⚠ </span>
            {t('bench.heldBack', { values: heldBack.values, count: heldBack.count })}
          </span>
        ) : null}
      </div>
    );
  }
  if (saveError) {
    const code = saveError instanceof StationError ? saveError.code : StationErrorCode.internal;
    const detail = saveError instanceof StationError ? saveError.detail : undefined;
    const refusal = printRefusal(saveError);
    return (
      <div className="feedback level-error" role="alert" data-testid="bench-feedback" data-code={refusal ? code : 'SAVE_FAILED'}>
        <span className="icon" aria-hidden="true">
          {ICON.error}
        </span>
        <span className="words">
          {refusal
            ? refusal.printedFor !== undefined
              ? t('printCheck.refusedMisorder', { ...refusal, printedFor: refusal.printedFor })
              : t('printCheck.refusedMisprint', refusal)
            : t('bench.feedback.SAVE_FAILED', { message: sayError(t, i18n, code, detail) })}
        </span>
        <code>{code}</code>
        <Details testId="error-details">
          <pre className="raw">{saveError instanceof Error ? saveError.message : String(saveError)}</pre>
        </Details>
        <strong className="ack">{t('bench.pressEnter')}</strong>
      </div>
    );
  }
  if (!feedback)
    return (
      <div className="feedback level-none" role="status" data-testid="bench-feedback">
        {t('bench.waiting')}
      </div>
    );
  // An acknowledged error stays readable as a neutral line: the flow goes on.
  const level = feedback.level === 'error' && !blocked ? 'none' : feedback.level;
  return (
    <div
      className={`feedback level-${level}`}
      role={blocked ? 'alert' : 'status'}
      data-testid="bench-feedback"
      data-code={feedback.code}
      data-blocked={blocked}
    >
      <span className="icon" aria-hidden="true">
        {level === 'none' ? 'ⓘ' : ICON[feedback.level]}
      </span>
      {level === 'none' ? <span>{t('bench.acknowledged')}</span> : null}
      <span className="words">
        {t(`bench.feedback.${feedback.code}`, { ...feedback, reasons: 'reasons' in feedback ? refusalWords(t, feedback.reasons) : '' })}
        {/* What to do with the Label in hand, beside what happened; the code stays small after it. */}
        {level === 'error' && i18n.exists(`bench.todo.${feedback.code}`) ? (
          <strong className="todo" data-testid="bench-todo">
            {t(`bench.todo.${feedback.code}`, { ...feedback })}
          </strong>
        ) : null}
      </span>
      {feedback.level !== 'ok' ? <code>{feedback.code}</code> : null}
      {blocked ? <strong className="ack">{t('bench.pressEnter')}</strong> : null}
      {blocked && heldBack ? (
        <span className="held-back" data-testid="bench-held-back" data-count={heldBack.count}>
          <span aria-hidden="true">⚠ </span>
          {t('bench.heldBack', { values: heldBack.values, count: heldBack.count })}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The station refused the save because a value is not the print data of the position (the core decides,
 * docs/print-run.md "The check against the print data"): its detail, said in the catalog's words.
 */
function printRefusal(error: unknown): { position: number; value: string; printedFor?: number } | undefined {
  if (!(error instanceof StationError) || (error.code !== StationErrorCode.misorder && error.code !== StationErrorCode.misprint)) return undefined;
  const detail = error.detail ?? {};
  const { position, value, printedFor } = detail as { position?: unknown; value?: unknown; printedFor?: unknown };
  if (typeof position !== 'number' || typeof value !== 'string') return undefined;
  return { position, value, ...(typeof printedFor === 'number' ? { printedFor } : {}) };
}
