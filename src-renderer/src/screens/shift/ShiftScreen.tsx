import { DateField } from '../../components/DateField';
import { Fragment, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import type { ShiftSummary } from '../../../../src-shared/ipc';
import { COUNT_INCREMENTS, HOUR_INCREMENTS, countRange, hourLabel, hourlyBars, numberTicks } from '../../components/chart-axes';
import { ReportSection, ReportTable } from '../report/ReportTable';
import { useFormat, type Formats } from '../../components/format';
import { downloadBase64, type SavedFile } from '../../components/download';
import { SavedNote } from '../../components/SavedNote';
import { ErrorNote } from '../../components/ErrorNote';
import { UPlotChart } from '../../components/UPlotChart';
import { useCommandMutation, useCommandQuery, useCommandRead } from '../../query/use-command';
import { printDrawn, usePrintData } from '../report/print-page';
import { PrintCountsSection } from '../report/PrintCounts';
import { ShiftPrintQuality } from './ShiftPrintQuality';
import { NfcCounts } from '../report/NfcCounts';
import '../report/report.css';

// The shift summary: the screen (a day picked, Export PDF) and its print mode (`#/shift?day=…&offset=…&print=1`),
// which the hosts print to PDF as they print the Reel report (src-main/hosts/web/report-pdf.ts, ReportPrint.tsx).

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
const PROBLEMS = ['misprints', 'misorders', 'printMismatches', 'duplicates', 'refusedCaptures', 'attention', 'undone', 'gaps', 'voids'] as const;

/** What a shift summary shows of one day: figures, problems by kind, verdicts, Labels per hour, the Reels. */
function ShiftSummaryView({
  data,
  day,
  print,
  onDrawn,
  open,
}: {
  data: ShiftSummary;
  day: string;
  print?: boolean;
  onDrawn?: () => void;
  open?: (reelId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const bars = useMemo(() => hourlyBars(data.perHour), [data]);
  const chartData = useMemo<uPlot.AlignedData>(() => [bars.x, bars.y], [bars]);
  // The day's hourly counts as bars from 0, whole-hour ticks as HH:00 (components/chart-axes.ts).
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      scales: { x: { time: false, range: [...bars.range] }, y: { range: (_u, _min, max) => countRange(max) } },
      axes: [
        { label: t('shift.hour'), space: 48, incrs: [...HOUR_INCREMENTS], values: (_u: uPlot, ticks: number[]) => ticks.map(hourLabel) },
        { label: t('shift.perHourAxis'), size: 60, incrs: [...COUNT_INCREMENTS], values: numberTicks(i18n.language) },
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
      cursor: { show: !print },
    }),
    [t, print, bars, i18n.language],
  );
  const format = useFormat();
  return (
    <>
      {print ? <h2 id="shift-print-title">{t('shift.printTitle', { day: longDay(day, format) })}</h2> : null}
      <dl className="counters" aria-label={t('shift.figures')}>
        <dt>{t('shift.labels')}</dt>
        <dd data-testid="shift-labels">{format.number(data.labels)}</dd>
        <dt>{t('shift.errorRate')}</dt>
        <dd data-testid="shift-error-rate">
          {data.errorRate === null ? '–' : `${format.percent(data.errorRate)} (${t('shift.errors', { count: data.errors })})`}
        </dd>
        <dt>{t('shift.reelsFinished')}</dt>
        <dd data-testid="shift-finished">{format.number(data.reelsFinished)}</dd>
      </dl>
      <ReportSection id="shift-problems" title={t('shift.problemsTitle')}>
        <dl className="counters shift-problems" data-testid="shift-problems">
          {PROBLEMS.map((kind) => (
            <Fragment key={kind}>
              <dt>{t(`shift.problems.${kind}`)}</dt>
              <dd data-testid={`shift-${kind}`} className={data.problems[kind] > 0 ? 'has-problems' : undefined}>
                {format.number(data.problems[kind])}
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
      </ReportSection>
      <PrintCountsSection counts={data.prints} id="shift-print-counts" />
      <ShiftPrintQuality quality={data.printQuality} />
      <figure className="report-section">
        <figcaption>{t('shift.perHourChart')}</figcaption>
        <UPlotChart options={options} data={chartData} height={200} label={t('shift.perHourChart')} testId="shift-chart" {...(onDrawn ? { onDrawn } : {})} />
      </figure>
      {data.reels.length === 0 ? (
        <p>{t('shift.noWork')}</p>
      ) : (
        <ReportTable
          label={t('shift.reelsTable')}
          testId="shift-reels"
          rows={data.reels}
          rowKey={(reel) => reel.reelId}
          columns={[
            {
              key: 'reel',
              header: t('common.reel'),
              cell: (reel) =>
                open ? (
                  <a
                    href={`#/report?reel=${encodeURIComponent(reel.reelId)}`}
                    onClick={(e) => {
                      e.preventDefault();
                      open(reel.reelId);
                    }}
                  >
                    {reel.name}
                  </a>
                ) : (
                  reel.name
                ),
            },
            { key: 'labels', header: t('shift.labels'), numeric: true, cell: (reel) => format.number(reel.labels) },
            { key: 'errors', header: t('shift.errorsColumn'), numeric: true, cell: (reel) => format.number(reel.errors) },
            { key: 'finished', header: t('shift.finished'), cell: (reel) => (reel.finished ? t('shift.yes') : t('shift.no')) },
          ]}
        />
      )}
      <NfcCounts scope={{ from: data.from, to: data.to }} />
    </>
  );
}

/** A day (YYYY-MM-DD) in words, in the UI language. */
function longDay(day: string, format: Formats): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return format.longDate(new Date(y, m - 1, d, 12));
}

/** The shift summary: one day's work across Reels (Labels per hour, error rate, Reels finished), and its PDF. */
export function ShiftScreen({ open }: { open: (reelId: string) => void }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const id = useId();
  const [day, setDay] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(day);
  const summary = useCommandQuery('report.shift', { day, utcOffsetMinutes: valid ? offsetOn(day) : 0 }, { enabled: valid });
  const data = summary.data;
  const printPdf = useCommandMutation('report.shiftPdf');
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState<SavedFile>();
  const [error, setError] = useState<unknown>();
  const exportPdf = async () => {
    if (!valid || !data) return;
    setExporting(true);
    setError(undefined);
    setExported(undefined);
    try {
      const pdf = await printPdf.mutateAsync({ day, utcOffsetMinutes: offsetOn(day), locale: i18n.language === 'de' ? 'de' : 'en' });
      const holds = t('shift.holds', {
        day: longDay(day, format),
        labels: data.labels,
        problems: t('shift.errors', { count: data.errors }),
        reels: data.reels.length,
      });
      setExported(downloadBase64(pdf.filename, 'application/pdf', pdf.pdfBase64, holds));
    } catch (e) {
      setError(e);
    } finally {
      setExporting(false);
    }
  };
  return (
    <section aria-labelledby="shift-title" className="stack">
      <h2 id="shift-title">{t('shift.title')}</h2>
      <div className="toolbar">
        <label htmlFor={id}>{t('shift.day')}</label>
        <DateField id={id} value={day} onChange={setDay} />
        <button type="button" onClick={() => void exportPdf()} disabled={!data || exporting} data-testid="shift-export-pdf">
          {exporting ? t('report.exporting') : t('report.exportPdf')}
        </button>
      </div>
      <SavedNote saved={exported} />
      <ErrorNote error={error} />
      <ErrorNote error={summary.error} />
      {data ? <ShiftSummaryView data={data} day={day} open={open} /> : null}
    </section>
  );
}

/**
 * The shift summary in print mode: only the summary, in the language asked for, `data-report-ready` on <html> once
 * its chart has drawn (as the Reel report's print mode, ReportPrint.tsx).
 */
export function ShiftPrint({ day, offset, lang }: { day: string | null; offset: string | null; lang: string | null }) {
  const readShift = useCommandRead('report.shift');
  const data = usePrintData(lang, `${day}|${offset}`, () => {
    if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error('no day named (day=YYYY-MM-DD)');
    return readShift({ day, utcOffsetMinutes: offset === null ? offsetOn(day) : Number(offset) });
  });
  return <main className="report-print shift-print">{data && day ? <ShiftSummaryView data={data} day={day} print onDrawn={printDrawn} /> : null}</main>;
}
