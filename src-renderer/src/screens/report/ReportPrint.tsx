import { useCommandRead } from '../../query/use-command';
import { printDrawn, usePrintData } from './print-page';
import { ReelReport } from './ReelReport';

// The report in print mode (`#/report?reel=…&print=1&lang=…`): only the report (print-page.ts says when it is ready).

export function ReportPrint({ reelId, lang }: { reelId: string | undefined; lang: string | null }) {
  const readReport = useCommandRead('report.reel');
  const report = usePrintData(lang, reelId ?? '', () => {
    if (!reelId) throw new Error('no Reel named (reel=…)');
    return readReport({ reelId });
  });
  return <main className="report-print">{report ? <ReelReport report={report} print onDrawn={printDrawn} /> : null}</main>;
}
