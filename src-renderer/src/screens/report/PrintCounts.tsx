import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { REPRINT_REASONS, type PrintCounts } from '../../../../src-shared/ipc/printers';
import { useFormat } from '../../components/format';
import { ReportSection } from './ReportTable';

// Prints and reprints, reprints by reason (docs/printing.md, "Reprints at the bench"): a section of the Reel report
// (with the reprinted positions) and of the shift summary, the figures counted by src-main/reports/print-counts.ts.

const POSITIONS_LISTED = 50;

export function PrintCountsSection({ counts, id }: { counts: PrintCounts | undefined; id: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const positions = counts?.reprintedPositions ?? [];
  return (
    <ReportSection id={id} title={t('reprint.report.title')} testId="print-counts">
      {!counts || counts.prints === 0 ? (
        <p>{t('reprint.report.none')}</p>
      ) : (
        <>
          <dl className="counters">
            <dt>{t('reprint.report.prints')}</dt>
            <dd data-testid="print-counts-prints">{format.number(counts.prints)}</dd>
            <dt>{t('reprint.report.reprints')}</dt>
            <dd data-testid="print-counts-reprints">{format.number(counts.reprints)}</dd>
          </dl>
          <h4>{t('reprint.report.byReason')}</h4>
          <dl className="counters" data-testid="print-counts-reasons">
            {REPRINT_REASONS.map((reason) => (
              <Fragment key={reason}>
                <dt>{t(`reprint.reasons.${reason}`)}</dt>
                <dd data-testid={`print-counts-${reason}`}>{format.number(counts.byReason[reason])}</dd>
              </Fragment>
            ))}
          </dl>
          {positions.length > 0 ? (
            <p data-testid="print-counts-positions">
              {t('reprint.report.positions', { positions: positions.slice(0, POSITIONS_LISTED).join(', ') })}
              {positions.length > POSITIONS_LISTED ? ' …' : ''}
            </p>
          ) : null}
        </>
      )}
    </ReportSection>
  );
}
