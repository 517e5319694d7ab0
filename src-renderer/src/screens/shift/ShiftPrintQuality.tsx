import { useTranslation } from 'react-i18next';
import type { ShiftSummary } from '../../../../src-shared/ipc';
import { GradeDistribution, GradeTrend, WorstParameters } from '../report/PrintQuality';
import { ReportSection } from '../report/ReportTable';

// The shift summary's print quality (docs/print-quality.md, "Reading the trend"): the day's graded Labels by grade and
// by worst parameter, and each Reel's grade along its positions, with the Reel report's own tables and trend, in
// the report's order.

export function ShiftPrintQuality({ quality }: { quality: ShiftSummary['printQuality'] }) {
  const { t } = useTranslation();
  return (
    <ReportSection id="shift-print-quality" title={t('grade.report.title')} testId="shift-print-quality">
      <p className="hint">{t('grade.notCertified')}</p>
      {quality.graded > 0 ? (
        <>
          <p data-testid="shift-graded">{t('gradeTrend.shiftSummary', { graded: quality.graded, flagged: quality.flagged })}</p>
          <GradeDistribution distribution={quality.distribution} testId="shift-grade-distribution" />
          {quality.reels.map((reel) => {
            const caption = t('gradeTrend.reelTrend', { reel: reel.name, min: reel.grading.minGrade, flagged: reel.flagged });
            return (
              <figure key={reel.reelId} data-testid="shift-grade-trend">
                <figcaption>{caption}</figcaption>
                <GradeTrend trend={reel.trend} label={`${t('grade.report.trend')}: ${reel.name}`} />
              </figure>
            );
          })}
          <WorstParameters worstParameters={quality.worstParameters} testId="shift-grade-worst" />
        </>
      ) : (
        <p>{t('gradeTrend.shiftNone')}</p>
      )}
    </ReportSection>
  );
}
