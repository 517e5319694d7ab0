import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBase64, type SavedFile } from '../../components/download';
import { ErrorNote } from '../../components/ErrorNote';
import { ReelPicker } from '../../components/ReelPicker';
import { SavedNote } from '../../components/SavedNote';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';
import { ReelReport } from './ReelReport';

/** The Reel report page: pick a Reel, read its report, export it as PDF (printed from this same page). */
export function ReportScreen({ reelId, pick }: { reelId: string | undefined; pick: (reelId: string) => void }) {
  const { t, i18n } = useTranslation();
  const report = useCommandQuery('report.reel', { reelId: reelId ?? '' }, { enabled: reelId !== undefined });
  const printPdf = useCommandMutation('report.pdf');
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState<SavedFile>();
  const [error, setError] = useState<unknown>();
  const exportPdf = async () => {
    if (!reelId) return;
    setExporting(true);
    setError(undefined);
    setExported(undefined);
    try {
      const pdf = await printPdf.mutateAsync({ reelId, locale: i18n.language === 'de' ? 'de' : 'en' });
      const holds = t('report.holds', { reel: report.data?.reel.name ?? '', total: report.data?.total ?? 0 });
      setExported(downloadBase64(pdf.filename, 'application/pdf', pdf.pdfBase64, holds));
    } catch (e) {
      setError(e);
    } finally {
      setExporting(false);
    }
  };
  return (
    <section aria-labelledby="report-screen-title" className="stack">
      <h2 id="report-screen-title">{t('report.screenTitle')}</h2>
      <div className="toolbar">
        <ReelPicker reelId={reelId} pick={pick} />
        <button type="button" onClick={() => void report.refetch()} disabled={!reelId || report.isFetching}>
          {t('report.refresh')}
        </button>
        <button type="button" onClick={() => void exportPdf()} disabled={!reelId || exporting} data-testid="export-pdf">
          {exporting ? t('report.exporting') : t('report.exportPdf')}
        </button>
      </div>
      <SavedNote saved={exported} />
      <ErrorNote error={error} />
      <ErrorNote error={report.error} />
      {report.data ? <ReelReport report={report.data} /> : null}
    </section>
  );
}
