import type { TFunction, i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Breakable } from '../../components/Breakable';
import { Details } from '../../components/Details';
import { ErrorNote } from '../../components/ErrorNote';
import { RequestId } from '../../components/RequestId';
import { useFormat } from '../../components/format';
import { useCommandQuery } from '../../query/use-command';

/** What was done to the Label, in words (its audit action's own name stays in the line's title). */
function historyWords(action: string, t: TFunction, i18n: I18n): string {
  const key = `label.actions.${action.replaceAll('.', '_')}`;
  return i18n.exists(key) ? t(key) : t('label.actions.other');
}

/** The Label's captures (thumbnails), what was done to it, and every attempt to send it (labels.history). */
export function LabelHistory({ labelId }: { labelId: string }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const history = useCommandQuery('labels.history', { labelId });
  if (history.error) return <ErrorNote error={history.error} />;
  const data = history.data;
  if (!data) return null;
  return (
    <section aria-label={t('label.history')} data-testid="label-history">
      {data.captures.length ? (
        <ul className="captures" aria-label={t('label.captures')}>
          {data.captures.map((c) => (
            <li key={c.sha256}>
              <img src={c.thumbnail} alt={t('label.captureAlt', { sha: c.sha256.slice(0, 12) })} width={160} />
              {c.current ? null : <span className="hint"> {t('label.replacedCapture')}</span>}
            </li>
          ))}
        </ul>
      ) : null}
      <h4>{t('label.history')}</h4>
      <ol className="history">
        {data.audit.map((a, n) => (
          <li key={`a${n}`} title={a.action}>
            <time dateTime={a.at}>{format.dateTime(a.at)}</time> {historyWords(a.action, t, i18n)}
          </li>
        ))}
      </ol>
      {/* Every attempt to send it, as a list (a four-column table did not fit the panel beside the map), behind a
          disclosure: each names its request's method and path, raw ids included (docs/architecture.md, "Renderer"). */}
      <Details label={t('label.sendAttempts')} testId="label-attempts">
        <ol className="attempts" aria-label={t('label.sendAttempts')}>
          {data.operations.flatMap((op) =>
            (op.attempts.length ? op.attempts : [null]).map((attempt, n) => (
              <li key={`${op.opId}-${n}`} data-testid="label-attempt">
                <strong>{t(`queue.kinds.${op.kind}`)}</strong> · {t(`queue.states.${op.state}`)}
                {attempt ? (
                  <>
                    {' · '}
                    <time dateTime={attempt.at} title={attempt.at}>
                      {format.dateTime(attempt.at)}
                    </time>
                    {/* The request it sent, then the answer: HTTP status (or none), the service's code small beside it. */}
                    {attempt.method && attempt.path ? (
                      <span className="mono hint attempt-request">
                        <Breakable text={`${attempt.method} ${attempt.path}`} />
                      </span>
                    ) : null}
                    <span className="attempt-answer">
                      {attempt.status !== null ? `HTTP ${attempt.status}` : t('label.noAnswer')}
                      {attempt.code ? <code className="code">{attempt.code}</code> : null}
                      {attempt.requestId ? <RequestId requestId={attempt.requestId} /> : null}
                    </span>
                  </>
                ) : (
                  <span className="hint"> · {t('label.notSentYet')}</span>
                )}
              </li>
            )),
          )}
        </ol>
      </Details>
    </section>
  );
}
