import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/ErrorNote';
import { useFormat } from '../../components/format';
import { useCommandQuery } from '../../query/use-command';

const REASONS = ['misprint', 'damaged', 'lost', 'other'] as const;
const reasonOf = (reason: string | undefined) => REASONS.find((r) => r === reason) ?? 'other';

/** Every print of the position (print.log; docs/printing.md): when, on which printer and station, reprints with their reason. */
export function LabelPrints({ reelId, position }: { reelId: string; position: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const log = useCommandQuery('print.log', { reelId, position });
  if (log.error) return <ErrorNote error={log.error} />;
  const prints = log.data?.prints;
  if (!prints) return null;
  return (
    <section aria-labelledby={`prints-${reelId}-${position}`} data-testid="label-prints">
      <h4 id={`prints-${reelId}-${position}`}>{t('printers.log.title')}</h4>
      {prints.length === 0 ? <p className="hint">{t('printers.log.none')}</p> : null}
      <ol className="history">
        {prints.map((p) => (
          <li key={`${p.jobId}-${p.at}`}>
            <time dateTime={p.at}>{format.dateTime(p.at)}</time>{' '}
            {p.reprint
              ? t('printers.log.reprint', { printer: p.printer, station: p.station, reason: t(`printers.log.reasons.${reasonOf(p.reason)}`) })
              : t('printers.log.print', { printer: p.printer, station: p.station })}
          </li>
        ))}
      </ol>
    </section>
  );
}
