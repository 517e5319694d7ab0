import { useTranslation } from 'react-i18next';
import type { ReelReport } from '../../../../src-shared/ipc';
import { DataTable } from '../../components/DataTable';

// The Reel report's print quality (docs/print-quality.md, "Reading the trend"): how many Labels got each grade, the
// grade along the positions (a falling line is a failing ribbon or head), the count of each worst parameter, and that
// all of it is a process-control grade from the bench camera, not a certified verification.

const LETTERS = ['A', 'B', 'C', 'D', 'F'] as const;
const SCORE = { A: 4, B: 3, C: 2, D: 1, F: 0 } as const;
const TREND = { width: 640, height: 120, pad: 18 };

function Trend({ trend, label }: { trend: NonNullable<ReelReport['printQuality']>['trend']; label: string }) {
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

export function PrintQualitySection({ quality }: { quality: ReelReport['printQuality'] }) {
  const { t } = useTranslation();
  const worst = quality
    ? Object.entries(quality.worstParameters)
        .filter(([, n]) => n > 0)
        .map(([parameter, count]) => ({ parameter: parameter as keyof typeof quality.worstParameters, count }))
    : [];
  return (
    <section aria-labelledby="report-print-quality" className="report-section" data-testid="report-print-quality">
      <h3 id="report-print-quality">{t('grade.report.title')}</h3>
      <p className="hint">{t('grade.notCertified')}</p>
      {quality && quality.graded > 0 ? (
        <>
          <p>{t('grade.report.summary', { graded: quality.graded, flagged: quality.flagged, min: quality.grading.minGrade })}</p>
          <DataTable
            label={t('grade.report.distribution')}
            testId="grade-distribution"
            className="report-table"
            compact
            rows={LETTERS.map((letter) => ({ letter, count: quality.distribution[letter] ?? 0 }))}
            rowKey={(row) => row.letter}
            columns={[
              { key: 'grade', header: t('grade.report.grade'), cell: (row) => row.letter },
              { key: 'count', header: t('grade.report.labels'), numeric: true, cell: (row) => row.count },
            ]}
          />
          <figure>
            <figcaption>{t('grade.report.trend')}</figcaption>
            <Trend trend={quality.trend} label={t('grade.report.trend')} />
          </figure>
          {worst.length ? (
            <DataTable
              label={t('grade.report.worst')}
              testId="grade-worst"
              className="report-table"
              compact
              rows={worst}
              rowKey={(row) => row.parameter}
              columns={[
                { key: 'parameter', header: t('grade.report.worst'), cell: (row) => t(`grade.parameter.${row.parameter}`) },
                { key: 'count', header: t('grade.report.labels'), numeric: true, cell: (row) => row.count },
              ]}
            />
          ) : null}
        </>
      ) : (
        <p>{t('grade.report.none')}</p>
      )}
    </section>
  );
}
