import { useTranslation } from 'react-i18next';
import { Breakable } from '../../components/Breakable';
import { DataTable } from '../../components/DataTable';
import { ErrorNote } from '../../components/ErrorNote';
import { useFormat } from '../../components/format';
import { useCommandQuery } from '../../query/use-command';

/** The Label's captures (thumbnails), what was done to it, and every attempt to send it (labels.history). */
export function LabelHistory({ labelId }: { labelId: string }) {
  const { t } = useTranslation();
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
          <li key={`a${n}`}>
            <time dateTime={a.at}>{format.dateTime(a.at)}</time> {a.action}
          </li>
        ))}
      </ol>
      <DataTable
        label={t('label.sendAttemptsLabel')}
        caption={t('label.sendAttempts')}
        compact
        className="panel-table"
        rows={data.operations.flatMap((op) => (op.attempts.length ? op.attempts : [null]).map((attempt, n) => ({ op, attempt, n })))}
        rowKey={(r) => `${r.op.opId}-${r.n}`}
        columns={[
          { key: 'kind', header: t('label.attemptWhat'), cell: (r) => r.op.kind },
          { key: 'state', header: t('label.attemptState'), cell: (r) => r.op.state },
          { key: 'at', header: t('label.attemptAt'), className: 'wrap', cell: (r) => (r.attempt ? format.dateTime(r.attempt.at) : '–') },
          {
            key: 'answer',
            header: t('label.attemptAnswer'),
            className: 'wrap',
            cell: (r) =>
              r.attempt ? (
                <>
                  {`${r.attempt.status ?? '–'} ${r.attempt.code ?? ''}`}
                  {r.attempt.requestId ? (
                    <span className="request-id">
                      <Breakable text={t('common.requestId', { requestId: r.attempt.requestId })} />
                    </span>
                  ) : null}
                </>
              ) : (
                ''
              ),
          },
        ]}
      />
    </section>
  );
}
