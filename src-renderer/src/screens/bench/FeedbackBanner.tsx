import { useTranslation } from 'react-i18next';
import { StationError, StationErrorCode } from '../../../../src-shared/ipc/station-error';
import { Details } from '../../components/Details';
import { refusalWords, sayError } from '../../components/say-error';
import type { Feedback } from './bench-reducer';

const ICON = { ok: '✓', warning: '⚠', error: '✖' } as const;

/** The last read's verdict, big; an error says how to go on (Enter). */
export function FeedbackBanner({ feedback, blocked, saveError }: { feedback: Feedback | null; blocked: boolean; saveError: unknown }) {
  const { t, i18n } = useTranslation();
  if (saveError) {
    const code = saveError instanceof StationError ? saveError.code : StationErrorCode.internal;
    const detail = saveError instanceof StationError ? saveError.detail : undefined;
    return (
      <div className="feedback level-error" role="alert" data-testid="bench-feedback" data-code="SAVE_FAILED">
        <span className="icon" aria-hidden="true">
          {ICON.error}
        </span>
        <span className="words">{t('bench.feedback.SAVE_FAILED', { message: sayError(t, i18n, code, detail) })}</span>
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
    </div>
  );
}
