import { Fragment, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { COUNT_INCREMENTS, HOUR_INCREMENTS, countRange, hourLabel } from '../../components/chart-axes';
import { ErrorNote } from '../../components/ErrorNote';
import { UPlotChart } from '../../components/UPlotChart';
import { useCommandQuery } from '../../query/use-command';
import '../report/report.css';

/** Today in this browser's time zone, as YYYY-MM-DD. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** This browser's offset from UTC (minutes east) at noon of the day: the day is counted where the shift works. */
function offsetOn(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return -new Date(y, m - 1, d, 12).getTimezoneOffset();
}

/** The problems listed, in the order a shift lead reads them. */
const PROBLEMS = ['misprints', 'misorders', 'duplicates', 'refusedCaptures', 'attention', 'undone', 'gaps', 'voids'] as const;

/** The shift summary: one day's work across Reels (Labels per hour, error rate, Reels finished). */
export function ShiftScreen({ open }: { open: (reelId: string) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [day, setDay] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(day);
  const summary = useCommandQuery('report.shift', { day, utcOffsetMinutes: valid ? offsetOn(day) : 0 }, { enabled: valid });
  const data = summary.data;
  const hours = useMemo(() => Array.from({ length: 24 }, (_, h) => h), []);
  const chartData = useMemo<uPlot.AlignedData>(() => [hours, data?.perHour ?? new Array<number>(24).fill(0)], [hours, data]);
  // The day's hourly counts as bars from 0, whole-hour ticks as HH:00 (components/chart-axes.ts).
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      scales: { x: { time: false, range: [-0.5, 23.5] }, y: { range: (_u, _min, max) => countRange(max) } },
      axes: [
        { label: t('shift.hour'), space: 48, incrs: [...HOUR_INCREMENTS], values: (_u: uPlot, ticks: number[]) => ticks.map(hourLabel) },
        { label: t('shift.perHourAxis'), size: 60, incrs: [...COUNT_INCREMENTS] },
      ],
      series: [
        {},
        {
          label: t('shift.perHourAxis'),
          stroke: '#2a6f4e',
          fill: 'rgba(42, 111, 78, 0.45)',
          width: 0,
          paths: uPlot.paths.bars?.({ size: [0.8, 60] }),
          points: { show: false },
        },
      ],
      legend: { show: false },
    }),
    [t],
  );
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <section aria-labelledby="shift-title" className="stack">
      <h2 id="shift-title">{t('shift.title')}</h2>
      <div className="toolbar">
        <label htmlFor={id}>{t('shift.day')}</label>
        <input id={id} type="date" value={day} onChange={(e) => setDay(e.target.value)} />
      </div>
      <ErrorNote error={summary.error} />
      {data ? (
        <>
          <dl className="counters" aria-label={t('shift.figures')}>
            <dt>{t('shift.labels')}</dt>
            <dd data-testid="shift-labels">{data.labels}</dd>
            <dt>{t('shift.errorRate')}</dt>
            <dd data-testid="shift-error-rate">
              {data.errorRate === null ? '–' : `${percent.format(data.errorRate)} (${t('shift.errors', { count: data.errors })})`}
            </dd>
            <dt>{t('shift.reelsFinished')}</dt>
            <dd data-testid="shift-finished">{data.reelsFinished}</dd>
          </dl>
          <section className="report-section" aria-labelledby="shift-problems">
            <h3 id="shift-problems">{t('shift.problemsTitle')}</h3>
            <dl className="counters shift-problems" data-testid="shift-problems">
              {PROBLEMS.map((kind) => (
                <Fragment key={kind}>
                  <dt>{t(`shift.problems.${kind}`)}</dt>
                  <dd data-testid={`shift-${kind}`} className={data.problems[kind] > 0 ? 'has-problems' : undefined}>
                    {data.problems[kind]}
                  </dd>
                </Fragment>
              ))}
            </dl>
            <h3>{t('shift.verdictsTitle')}</h3>
            {data.verdicts.length === 0 ? (
              <p>{t('shift.noVerdicts')}</p>
            ) : (
              <ul data-testid="shift-verdicts">
                {data.verdicts.map((v) => (
                  <li key={v.reelId} className={`verdict verdict-${v.decision}`}>
                    {t(`shift.verdict.${v.decision}`, { reel: v.name, failed: v.failed, inspected: v.inspected })}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <figure className="report-section">
            <figcaption>{t('shift.perHourChart')}</figcaption>
            <UPlotChart options={options} data={chartData} height={200} label={t('shift.perHourChart')} testId="shift-chart" />
          </figure>
          {data.reels.length === 0 ? (
            <p>{t('shift.noWork')}</p>
          ) : (
            <table className="report-table" data-testid="shift-reels">
              <thead>
                <tr>
                  <th scope="col">{t('common.reel')}</th>
                  <th scope="col" className="num">
                    {t('shift.labels')}
                  </th>
                  <th scope="col" className="num">
                    {t('shift.errorsColumn')}
                  </th>
                  <th scope="col">{t('shift.finished')}</th>
                </tr>
              </thead>
              <tbody>
                {data.reels.map((reel) => (
                  <tr key={reel.reelId}>
                    <td>
                      <a
                        href={`#/report?reel=${encodeURIComponent(reel.reelId)}`}
                        onClick={(e) => {
                          e.preventDefault();
                          open(reel.reelId);
                        }}
                      >
                        {reel.name}
                      </a>
                    </td>
                    <td className="num">{reel.labels}</td>
                    <td className="num">{reel.errors}</td>
                    <td>{reel.finished ? t('shift.yes') : t('shift.no')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
    </section>
  );
}
