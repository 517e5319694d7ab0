import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/ErrorNote';
import { useCommandQuery } from '../../query/use-command';

/** The Label's captures (thumbnails), what was done to it, and every attempt to send it (labels.history). */
export function LabelHistory({ labelId }: { labelId: string }) {
  const { t } = useTranslation();
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
          <li key={`a${n}`}>
            <time dateTime={a.at}>{new Date(a.at).toLocaleString()}</time> {a.action}
          </li>
        ))}
      </ol>
      <table>
        <caption>{t('label.sendAttempts')}</caption>
        <tbody>
          {data.operations.flatMap((op) =>
            (op.attempts.length ? op.attempts : [null]).map((attempt, n) => (
              <tr key={`${op.opId}-${n}`}>
                <td>{op.kind}</td>
                <td>{op.state}</td>
                <td>{attempt ? new Date(attempt.at).toLocaleString() : '–'}</td>
                <td>{attempt ? `${attempt.status ?? '–'} ${attempt.code ?? ''}` : ''}</td>
                <td>{attempt?.requestId ?? ''}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </section>
  );
}
