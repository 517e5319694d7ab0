import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReelReport as Report } from '../../../../src-shared/ipc';
import { useCommandRead } from '../../query/use-command';
import { ReelReport } from './ReelReport';

// The report in print mode (`#/report?reel=…&print=1&lang=…`): only the report, in the language asked for, and
// `data-report-ready` on <html> once its data is in and both charts have drawn ("error: …" when it cannot be shown).
// The hosts print this page to PDF when it says so (src-main/hosts/web/report-pdf.ts, the Electron host).

function markReady(state: string): void {
  document.documentElement.dataset['reportReady'] = state;
}

export function ReportPrint({ reelId, lang }: { reelId: string | undefined; lang: string | null }) {
  const { i18n } = useTranslation();
  const readReport = useCommandRead('report.reel');
  const [report, setReport] = useState<Report>();
  useEffect(() => {
    let current = true;
    markReady('');
    void (async () => {
      // The language of this page only: not saved as the station's choice.
      if (lang && lang !== i18n.language) {
        await i18n.changeLanguage(lang);
        document.documentElement.lang = lang;
      }
      if (!reelId) throw new Error('no Reel named (reel=…)');
      const loaded = await readReport({ reelId });
      if (current) setReport(loaded);
    })().catch((error: unknown) => markReady(`error: ${error instanceof Error ? error.message : String(error)}`));
    return () => {
      current = false;
    };
  }, [reelId, lang, i18n, readReport]);
  return (
    <main className="report-print">{report ? <ReelReport report={report} print onDrawn={() => requestAnimationFrame(() => markReady('ready'))} /> : null}</main>
  );
}
