import { useTranslation } from 'react-i18next';
import type { GradeCounts, ReelReport } from '../../../../src-shared/ipc';
import { GRADE_LETTERS, GRADE_SCORE } from '../../../../src-shared/domain/grade-order';
import { ReportSection, ReportTable } from './ReportTable';

// The Reel report's print quality (docs/print-quality.md, "Reading the trend"): how many Labels got each grade, the
// grade along the positions as its decimal score (a falling line is a failing ribbon or head), the count of each worst
// parameter, the Labels below the Reel's lowest accepted grade with their scores, and that all of it is a
// process-control grade from the bench camera, not a certified verification. The shift summary shows
// the same tables and trend for a day (screens/shift/ShiftPrintQuality.tsx).

const TREND = { width: 640, height: 120, pad: 18 };

export function GradeTrend({ trend, label }: { trend: NonNullable<ReelReport['printQuality']>['trend']; label: string }) {
  const first = trend[0]?.position ?? 0;
  const last = trend.at(-1)?.position ?? first;
  const span = Math.max(1, last - first);
  const x = (p: number) => TREND.pad + ((p - first) / span) * (TREND.width - 2 * TREND.pad);
  const y = (score: number) => TREND.pad + ((4 - score) / 4) * (TREND.height - 2 * TREND.pad);
  const points = trend.map((p) => `${x(p.position).toFixed(1)},${y(p.score).toFixed(1)}`).join(' ');
  return (
    <svg viewBox={`0 0 ${TREND.width} ${TREND.height}`} className="grade-trend" role="img" aria-label={label} data-testid="grade-trend">
      {GRADE_LETTERS.map((letter) => (
        <g key={letter}>
          <line x1={TREND.pad} x2={TREND.width - TREND.pad} y1={y(GRADE_SCORE[letter])} y2={y(GRADE_SCORE[letter])} className="grade-trend-grid" />
          <text x={2} y={y(GRADE_SCORE[letter]) + 4} className="grade-trend-axis">
            {letter}
          </text>
        </g>
      ))}
      <polyline points={points} className="grade-trend-line" />
      <text x={TREND.pad} y={TREND.height - 2} className="grade-trend-axis">
        {first}
      </text>
      <text x={TREND.width - TREND.pad} y={TREND.height - 2} textAnchor="end" className="grade-trend-axis">
        {last}
      </text>
    </svg>
  );
}

/** How many Labels got each grade. */
export function GradeDistribution({ distribution, testId = 'grade-distribution' }: { distribution: GradeCounts['distribution']; testId?: string }) {
  const { t } = useTranslation();
  return (
    <ReportTable
      label={t('grade.report.distribution')}
      testId={testId}
      compact
      rows={GRADE_LETTERS.map((letter) => ({ letter, count: distribution[letter] ?? 0 }))}
      rowKey={(row) => row.letter}
      columns={[
        { key: 'grade', header: t('grade.report.grade'), cell: (row) => row.letter },
        { key: 'count', header: t('grade.report.labels'), numeric: true, cell: (row) => row.count },
      ]}
    />
  );
}

/** How many Labels had each parameter as their worst (nothing when none did). */
export function WorstParameters({ worstParameters, testId = 'grade-worst' }: { worstParameters: GradeCounts['worstParameters']; testId?: string }) {
  const { t } = useTranslation();
  const worst = Object.entries(worstParameters)
    .filter(([, n]) => n > 0)
    .map(([parameter, count]) => ({ parameter: parameter as keyof typeof worstParameters, count }));
  if (worst.length === 0) return null;
  return (
    <ReportTable
      label={t('grade.report.worst')}
      testId={testId}
      compact
      rows={worst}
      rowKey={(row) => row.parameter}
      columns={[
        { key: 'parameter', header: t('grade.report.worst'), cell: (row) => t(`grade.parameter.${row.parameter}`) },
        { key: 'count', header: t('grade.report.labels'), numeric: true, cell: (row) => row.count },
      ]}
    />
  );
}

/** The Labels below the Reel's lowest accepted grade as it is now, lowest score first (nothing when none is). */
function BelowAccepted({ trend, min }: { trend: NonNullable<ReelReport['printQuality']>['trend']; min: string }) {
  const { t } = useTranslation();
  const below = trend.filter((p) => p.flagged).sort((a, b) => a.score - b.score || a.position - b.position);
  if (below.length === 0) return null;
  return (
    <>
      <p data-testid="grade-below-caption">
        <strong>{t('grade.report.below', { min })}</strong>
      </p>
      <ReportTable
        label={t('grade.report.below', { min })}
        testId="grade-below-table"
        compact
        rows={below}
        rowKey={(row) => String(row.position)}
        columns={[
          { key: 'position', header: t('grade.report.position'), numeric: true, cell: (row) => row.position },
          { key: 'score', header: t('grade.report.score'), cell: (row) => t('grade.report.scoreValue', { grade: row.grade, score: row.score }) },
          { key: 'worst', header: t('grade.report.worst'), cell: (row) => t(`grade.parameter.${row.worst}`) },
        ]}
      />
    </>
  );
}

export function PrintQualitySection({ quality }: { quality: ReelReport['printQuality'] }) {
  const { t } = useTranslation();
  return (
    <ReportSection id="report-print-quality" title={t('grade.report.title')} testId="report-print-quality">
      <p className="hint">{t('grade.notCertified')}</p>
      {quality && quality.graded > 0 ? (
        <>
          <p>{t('grade.report.summary', { graded: quality.graded, flagged: quality.flagged, min: quality.grading.minGrade })}</p>
          <GradeDistribution distribution={quality.distribution} />
          <figure>
            <figcaption>{t('grade.report.trend')}</figcaption>
            <GradeTrend trend={quality.trend} label={t('grade.report.trend')} />
          </figure>
          <WorstParameters worstParameters={quality.worstParameters} />
          <BelowAccepted trend={quality.trend} min={quality.grading.minGrade} />
        </>
      ) : (
        <p>{t('grade.report.none')}</p>
      )}
    </ReportSection>
  );
}
