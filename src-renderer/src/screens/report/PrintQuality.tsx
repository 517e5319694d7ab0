import { useTranslation } from 'react-i18next';
import type { GradeCounts, ReelReport } from '../../../../src-shared/ipc';
import { DataTable } from '../../components/DataTable';

// The Reel report's print quality (docs/print-quality.md, "Reading the trend"): how many Labels got each grade, the
// grade along the positions (a falling line is a failing ribbon or head), the count of each worst parameter, and that
// all of it is a process-control grade from the bench camera, not a certified verification. The shift summary shows
// the same tables and trend for a day (screens/shift/ShiftPrintQuality.tsx).

const LETTERS = ['A', 'B', 'C', 'D', 'F'] as const;
const SCORE = { A: 4, B: 3, C: 2, D: 1, F: 0 } as const;
const TREND = { width: 640, height: 120, pad: 18 };

export function GradeTrend({ trend, label }: { trend: NonNullable<ReelReport['printQuality']>['trend']; label: string }) {
  const first = trend[0]?.position ?? 0;
  const last = trend.at(-1)?.position ?? first;
  const span = Math.max(1, last - first);
  const x = (p: number) => TREND.pad + ((p - first) / span) * (TREND.width - 2 * TREND.pad);
  const y = (score: number) => TREND.pad + ((4 - score) / 4) * (TREND.height - 2 * TREND.pad);
  const points = trend.map((p) => `${x(p.position).toFixed(1)},${y(SCORE[p.grade]).toFixed(1)}`).join(' ');
  return (
    <svg viewBox={`0 0 ${TREND.width} ${TREND.height}`} className="grade-trend" role="img" aria-label={label} data-testid="grade-trend">
      {LETTERS.map((letter) => (
        <g key={letter}>
          <line x1={TREND.pad} x2={TREND.width - TREND.pad} y1={y(SCORE[letter])} y2={y(SCORE[letter])} className="grade-trend-grid" />
          <text x={2} y={y(SCORE[letter]) + 4} className="grade-trend-axis">
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
    <DataTable
      label={t('grade.report.distribution')}
      testId={testId}
      className="report-table"
      compact
      rows={LETTERS.map((letter) => ({ letter, count: distribution[letter] ?? 0 }))}
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
    <DataTable
      label={t('grade.report.worst')}
      testId={testId}
      className="report-table"
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

export function PrintQualitySection({ quality }: { quality: ReelReport['printQuality'] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="report-print-quality" className="report-section" data-testid="report-print-quality">
      <h3 id="report-print-quality">{t('grade.report.title')}</h3>
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
        </>
      ) : (
        <p>{t('grade.report.none')}</p>
      )}
    </section>
  );
}
