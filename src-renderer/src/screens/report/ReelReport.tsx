import { Details } from '../../components/Details';
import { sayError } from '../../components/say-error';
import { countWords } from './count-names';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { LABEL_STATES } from '../../../../src-shared/domain/label-states';
import type { ReelReport as Report } from '../../../../src-shared/ipc';
import {
  COUNT_INCREMENTS,
  TIME_INCREMENTS,
  TIME_TICK_SPACE,
  bucketUnit,
  countRange,
  minuteRange,
  numberTicks,
  timeTickLabel,
  zeroBasedRange,
} from '../../components/chart-axes';
import { ReportSection, ReportTable } from './ReportTable';
import { useFormat } from '../../components/format';
import { UPlotChart } from '../../components/UPlotChart';
import { planText, sampleMessage, verdictText } from '../verify/verification-text';
import { PrintQualitySection } from './PrintQuality';
import { PrintCountsSection } from './PrintCounts';
import { NfcCounts } from './NfcCounts';
import './report.css';

// The Reel report: one page per Reel for the customer and the shift (counts, how fast, what went wrong, the
// quality check). The screen shows it and the PDF is printed from it (print mode, see ReportPrint.tsx).

const CHART_HEIGHT = 220;

/** A time x axis: HH:MM ticks far enough apart not to overlap (components/chart-axes.ts). */
function timeAxis(spanSeconds: number, locale: string): uPlot.Axis {
  return {
    space: TIME_TICK_SPACE,
    incrs: [...TIME_INCREMENTS],
    values: (_u, ticks) => ticks.map((tick) => timeTickLabel(tick, spanSeconds, locale)),
  };
}
const CHARTS = 2;

/** The report of one Reel. `onDrawn` is called once both charts have drawn (the print view waits for it). */
export function ReelReport({ report, onDrawn, print = false }: { report: Report; onDrawn?: () => void; print?: boolean }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const when = (iso: string | null) => (iso ? format.dateTime(iso) : '–');
  const seconds = (value: number | null) => (value === null ? '–' : format.number(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
  // Timing marks (test/bench/report.bench.ts): the report's data is in (first render), both charts have drawn.
  useState(() => performance.mark('reel-report:data'));
  const drawnCharts = useRef(new Set<string>());
  const chartDrawn = useCallback(
    (id: string) => {
      if (drawnCharts.current.has(id)) return;
      drawnCharts.current.add(id);
      if (drawnCharts.current.size !== CHARTS) return;
      performance.mark('reel-report:drawn');
      onDrawn?.();
    },
    [onDrawn],
  );
  const { enrollment } = report;

  const { bucketSeconds, t: bucketStarts } = enrollment.rate;
  // Labels per bucket, as bars; the axis says the bucket ("per 5 minutes"), never a rate the data did not count.
  const bucket = bucketUnit(bucketSeconds);
  const perBucket = t(`report.perBucket.${bucket.unit}`, { count: bucket.count });
  const rateOptions = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    // From the first bucket's start to the last bucket's end (a single bucket would otherwise span years).
    const first = bucketStarts[0];
    const end = (bucketStarts.at(-1) ?? 0) + bucketSeconds;
    const range: uPlot.Range.MinMax | undefined = first === undefined ? undefined : [first, end];
    const span = first === undefined ? 0 : end - first;
    return {
      scales: { x: { time: true, ...(range ? { range } : {}) }, y: { range: (_u, _min, max) => countRange(max) } },
      axes: [timeAxis(span, i18n.language), { label: perBucket, size: 60, incrs: [...COUNT_INCREMENTS], values: numberTicks(i18n.language) }],
      series: [
        {},
        {
          label: perBucket,
          stroke: '#2a6f4e',
          fill: 'rgba(42, 111, 78, 0.45)',
          width: 0,
          paths: uPlot.paths.bars?.({ size: [0.9, 80] }),
          points: { show: false },
        },
      ],
      legend: { show: false },
      cursor: { show: !print },
    };
  }, [print, bucketStarts, bucketSeconds, perBucket, i18n.language]);
  // Each bar stands in the middle of its bucket.
  const rateData = useMemo<uPlot.AlignedData>(
    () => [enrollment.rate.t.map((start) => start + enrollment.rate.bucketSeconds / 2), enrollment.rate.count],
    [enrollment.rate],
  );
  const timeSpan = (enrollment.timePerLabel.t.at(-1) ?? 0) - (enrollment.timePerLabel.t[0] ?? 0);
  const timeOptions = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      scales: { x: { time: true, range: (_u, min, max) => minuteRange(min, max) }, y: { range: (_u, _min, max) => zeroBasedRange(max) } },
      axes: [timeAxis(timeSpan, i18n.language), { label: t('report.secondsPerLabel'), size: 60, values: numberTicks(i18n.language) }],
      series: [
        {},
        {
          label: t('report.secondsPerLabel'),
          stroke: '#1f4e8c',
          width: 0,
          paths: () => null,
          points: { show: true, size: 4, fill: '#1f4e8c', stroke: '#1f4e8c' },
        },
      ],
      legend: { show: false },
      cursor: { show: !print },
    }),
    [t, print, timeSpan, i18n.language],
  );
  const timeData = useMemo<uPlot.AlignedData>(() => [enrollment.timePerLabel.t, enrollment.timePerLabel.seconds], [enrollment.timePerLabel]);
  const verification = report.verification;
  // The counts by state (those with Labels) and the total, one table.
  const countRows = [
    ...LABEL_STATES.filter((state) => (report.counts[state] ?? 0) > 0).map((state) => ({ state: state as string, count: report.counts[state] ?? 0 })),
    { state: 'total', count: report.total },
  ];
  const listed = report.gapsAndVoids.entries.length;

  return (
    <article className={`reel-report${print ? ' print' : ''}`} aria-labelledby="report-title" data-testid="reel-report">
      <header className="report-head">
        <h2 id="report-title">{t('report.title', { name: report.reel.name })}</h2>
        <p className="hint">{t('report.generated', { at: when(report.generatedAt), station: report.station.name })}</p>
        <p className="hint" data-testid="report-direction" data-direction={report.reel.direction}>
          {t('benchDirection.label')}: {t(`benchDirection.${report.reel.direction}`)}
        </p>
      </header>

      <ReportSection id="report-counts" title={t('report.counts')}>
        <ReportTable
          label={t('report.counts')}
          testId="report-counts"
          rows={countRows}
          rowKey={(row) => row.state}
          rowClassName={(row) => (row.state === 'total' ? 'total' : undefined)}
          columns={[
            {
              key: 'state',
              header: t('report.state'),
              cell: (row) =>
                row.state === 'total' ? (
                  t('report.total')
                ) : (
                  <>
                    <span className={`swatch state-${row.state}`} aria-hidden="true" /> {t(`states.${row.state}`)}
                  </>
                ),
            },
            {
              key: 'labels',
              header: t('report.labels'),
              numeric: true,
              cell: (row) => <span data-testid={`count-${row.state}`}>{format.number(row.count)}</span>,
            },
          ]}
        />
        {report.serviceCounts ? (
          <p className="hint" data-testid="report-service-counts">
            {t('report.serviceCounts', {
              counts: Object.entries(report.serviceCounts)
                .map(([k, v]) => `${t(`report.countNames.${k}`, { defaultValue: countWords(k) })} ${format.number(v)}`)
                .join(', '),
            })}
          </p>
        ) : null}
      </ReportSection>

      <ReportSection id="report-rate" title={t('report.enrollment')}>
        <p>
          {t('report.saves', { count: enrollment.saves, first: when(enrollment.firstAt), last: when(enrollment.lastAt) })}{' '}
          {report.takenElsewhere > 0 ? (
            <strong data-testid="report-taken-elsewhere">{t('report.takenElsewhere', { count: report.takenElsewhere })} </strong>
          ) : null}
          {t('report.timeFigures', { median: seconds(enrollment.timePerLabel.medianSeconds), p90: seconds(enrollment.timePerLabel.p90Seconds) })}{' '}
          {enrollment.timePerLabel.breaks > 0
            ? t('report.breaks', { count: enrollment.timePerLabel.breaks, minutes: enrollment.timePerLabel.breakSeconds / 60 })
            : ''}
        </p>
        <div className="charts">
          <figure data-testid="chart-rate">
            <figcaption>{t('report.rateChart', { unit: perBucket })}</figcaption>
            <UPlotChart
              options={rateOptions}
              data={rateData}
              height={CHART_HEIGHT}
              label={t('report.rateChart', { unit: perBucket })}
              onDrawn={() => chartDrawn('rate')}
            />
          </figure>
          <figure data-testid="chart-time">
            <figcaption>{t('report.timeChart')}</figcaption>
            <UPlotChart options={timeOptions} data={timeData} height={CHART_HEIGHT} label={t('report.timeChart')} onDrawn={() => chartDrawn('time')} />
          </figure>
        </div>
      </ReportSection>

      <ReportSection id="report-attention" title={t('report.attention')}>
        {report.attention.length === 0 ? (
          <p>{t('report.none')}</p>
        ) : (
          <ReportTable
            label={t('report.attention')}
            testId="report-attention"
            rows={report.attention}
            rowKey={(group) => group.code}
            columns={[
              {
                key: 'reason',
                header: t('report.reason'),
                // Words first, the code small after them; the station's English under Details (docs/architecture.md,
                // "Plain words first, raw text behind "Details"").
                cell: (group) => (
                  <>
                    {sayError(t, i18n, group.code, { position: group.positions[0], reel: report.reel.name })} <code className="code">{group.code}</code>
                    {group.requestIds.length ? <span className="hint"> ({t('common.requestId', { requestId: group.requestIds.join(', ') })})</span> : null}
                    <Details>
                      <pre className="raw">{group.reason}</pre>
                    </Details>
                  </>
                ),
              },
              { key: 'count', header: t('report.labels'), numeric: true, cell: (group) => format.number(group.count) },
              {
                key: 'positions',
                header: t('report.positions'),
                cell: (group) => `${group.positions.join(', ')}${group.count > group.positions.length ? ' …' : ''}`,
              },
            ]}
          />
        )}
      </ReportSection>

      <ReportSection id="report-print-check" title={t('printCheck.reportTitle')}>
        {!report.printCheck.hasPrintData ? (
          <p className="warning-note" data-testid="report-no-print-data">
            {t('printCheck.notChecked')}
          </p>
        ) : report.printCheck.mismatches === 0 ? (
          <p>{t('printCheck.reportNone')}</p>
        ) : (
          <>
            <p>{t('printCheck.reportCount', { count: report.printCheck.mismatches })}</p>
            <ReportTable
              label={t('printCheck.reportTitle')}
              testId="report-print-mismatches"
              rows={report.printCheck.positions}
              rowKey={(row) => row.position}
              columns={[
                { key: 'position', header: t('printCheck.position'), numeric: true, cell: (row) => row.position },
                { key: 'origin', header: t('printCheck.enrolledBy'), cell: (row) => t(`printCheck.${row.origin}`) },
                {
                  key: 'carries',
                  header: t('printCheck.carries'),
                  className: 'wrap',
                  cell: (row) =>
                    row.findings
                      .map((f) =>
                        f.kind === 'misorder'
                          ? t('printCheck.carriesPrintedFor', { value: f.value, position: f.printedFor })
                          : t('printCheck.carriesPrintedNowhere', { value: f.value, expected: f.expected }),
                      )
                      .join(' '),
                },
              ]}
            />
            {report.printCheck.mismatches > report.printCheck.positions.length ? (
              <p className="hint">{t('report.more', { count: report.printCheck.mismatches - report.printCheck.positions.length })}</p>
            ) : null}
          </>
        )}
      </ReportSection>

      <ReportSection id="report-gaps" title={t('report.gaps')}>
        {report.gapsAndVoids.total === 0 ? (
          <p>{t('report.none')}</p>
        ) : (
          <>
            <ReportTable
              label={t('report.gaps')}
              testId="report-gaps"
              rows={report.gapsAndVoids.entries}
              rowKey={(_entry, n) => n}
              columns={[
                { key: 'when', header: t('report.when'), cell: (entry) => when(entry.at) },
                { key: 'what', header: t('report.what'), cell: (entry) => t(`report.takeBack.${entry.action}`) },
                { key: 'position', header: t('report.position'), numeric: true, cell: (entry) => entry.position },
                { key: 'station', header: t('report.station'), cell: (entry) => entry.station },
              ]}
            />
            {report.gapsAndVoids.total > listed ? <p className="hint">{t('report.more', { count: report.gapsAndVoids.total - listed })}</p> : null}
          </>
        )}
      </ReportSection>

      <ReportSection id="report-binds" title={t('report.binds')}>
        {report.bulkBinds.length === 0 ? (
          <p>{t('report.noBinds')}</p>
        ) : (
          <ReportTable
            label={t('report.binds')}
            testId="report-binds"
            rows={report.bulkBinds}
            rowKey={(bind) => bind.opId}
            columns={[
              { key: 'when', header: t('report.when'), cell: (bind) => when(bind.at) },
              { key: 'range', header: t('report.range'), cell: (bind) => t('report.rangeValue', { from: bind.fromPosition, to: bind.toPosition }) },
              { key: 'bound', header: t('report.bound'), numeric: true, cell: (bind) => (bind.bound === null ? '–' : format.number(bind.bound)) },
              {
                key: 'activation',
                header: t('report.activation'),
                cell: (bind) =>
                  bind.activate ? (bind.activation ? t(`report.activations.${bind.activation}`) : t('report.activationAsked')) : t('report.activationNone'),
              },
              {
                key: 'state',
                header: t('report.opState'),
                cell: (bind) => (
                  <>
                    {t(`queue.states.${bind.state}`)}
                    {bind.attention ? (
                      <span className="hint">
                        {' '}
                        {sayError(t, i18n, bind.attention.code, undefined)} <code>{bind.attention.code}</code>
                      </span>
                    ) : null}
                  </>
                ),
              },
            ]}
          />
        )}
        <p>
          {report.activation.identifiable === null ? t('report.identifiableUnknown') : t('report.identifiable', { count: report.activation.identifiable })}{' '}
          {report.activation.reelActivations.length
            ? t('report.reelActivations', { list: report.activation.reelActivations.map((a) => `${when(a.at)} (${t(`queue.states.${a.state}`)})`).join(', ') })
            : ''}
        </p>
      </ReportSection>

      <ReportSection id="report-verify" title={t('report.verification')}>
        {verification ? (
          <>
            <p>{planText(t, verification.plan)}</p>
            <p className={`verdict verdict-${verification.verdict.decision}`} data-testid="report-verdict">
              {verdictText(t, verification.verdict, verification.plan)}
            </p>
            <ReportTable
              label={t('report.verification')}
              testId="report-samples"
              rows={verification.samples}
              rowKey={(sample) => sample.position}
              rowClassName={(sample) => `sample-${sample.state}`}
              columns={[
                { key: 'position', header: t('report.position'), numeric: true, cell: (sample) => sample.position },
                {
                  key: 'result',
                  header: t('report.result'),
                  cell: (sample) => (
                    <>
                      {sample.result ? sampleMessage(t, sample.result) : t(`verify.state.${sample.state}`)}
                      {sample.result?.code ? (
                        <>
                          {' '}
                          <code>{sample.result.code}</code>
                        </>
                      ) : null}
                    </>
                  ),
                },
              ]}
            />
          </>
        ) : (
          <p>{t('report.noVerification')}</p>
        )}
      </ReportSection>

      <PrintQualitySection quality={report.printQuality} />
      <PrintCountsSection counts={report.prints} id="report-print-counts" />
      <NfcCounts scope={{ reelId: report.reel.reelId }} />
    </article>
  );
}
