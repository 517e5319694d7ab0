import Papa from 'papaparse';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StationError } from '../../../../src-shared/ipc';
import { ErrorNote } from '../../components/ErrorNote';
import { NotAvailable, served } from '../../components/NotAvailable';
import { useCommandMutation } from '../../query/use-command';

// Print-data import (BENCH.md, workflow 2): a CSV of position and the values printed there.
// The preview shows the file as read here; the station validates it whole and names every bad
// row (error detail `badRows`), and imports nothing when any row is bad.

const PREVIEW_ROWS = 50;

interface BadRow {
  line: number;
  position: string;
  problems: string[];
}

function badRowsOf(error: unknown): { badRows: BadRow[]; fileProblems: string[] } | undefined {
  if (!(error instanceof StationError) || !error.detail) return undefined;
  const { badRows, fileProblems } = error.detail as { badRows?: BadRow[]; fileProblems?: string[] };
  return Array.isArray(badRows) ? { badRows, fileProblems: Array.isArray(fileProblems) ? fileProblems : [] } : undefined;
}

export function ImportPrintData({ reelId, reelName, close }: { reelId: string; reelName: string; close: () => void }) {
  const { t } = useTranslation();
  const [csv, setCsv] = useState('');
  const [expectedOnly, setExpectedOnly] = useState(true);
  const run = useCommandMutation('labels.import', ['reels.list', 'reels.show']);
  const preview = useMemo(() => {
    if (!csv.trim()) return undefined;
    const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.trim().toLowerCase() });
    return { fields: parsed.meta.fields ?? [], rows: parsed.data.slice(0, PREVIEW_ROWS), total: parsed.data.length };
  }, [csv]);
  const rowErrors = badRowsOf(run.error);

  return (
    <section className="card" role="region" aria-labelledby="import-title">
      <h3 id="import-title">{t('import.title', { reel: reelName })}</h3>
      <p className="hint">{t('import.help')}</p>
      <label>
        {t('import.file')}
        <input type="file" accept=".csv,text/csv" onChange={(e) => void e.target.files?.[0]?.text().then(setCsv)} />
      </label>
      <label>
        {t('import.paste')}
        <textarea rows={6} value={csv} onChange={(e) => setCsv(e.target.value)} spellCheck={false} />
      </label>
      <label className="check">
        <input type="checkbox" checked={expectedOnly} onChange={(e) => setExpectedOnly(e.target.checked)} />
        {t('import.expectedOnly')}
      </label>
      {preview ? (
        <>
          <p role="status">{t('import.previewCount', { shown: preview.rows.length, total: preview.total })}</p>
          <div className="scroll-x">
            <table aria-label={t('import.preview')}>
              <thead>
                <tr>
                  {preview.fields.map((f) => (
                    <th key={f} scope="col">{f}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row, n) => (
                  <tr key={n}>
                    {preview.fields.map((f) => (
                      <td key={f}>{row[f]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <div className="toolbar">
        <button type="button" className="primary" disabled={!csv.trim() || !served('labels.import') || run.isPending} onClick={() => run.mutate({ reelId, csv, expectedOnly })}>
          {t('import.run')}
        </button>
        <button type="button" onClick={close}>{t('common.close')}</button>
      </div>
      {!served('labels.import') ? <NotAvailable command="labels.import" /> : null}
      {run.data ? <p role="status" className="ok-note">✓ {t('import.done', run.data)}</p> : null}
      {rowErrors ? (
        <div role="alert" className="error-note">
          <p>{t('import.invalid')}</p>
          {rowErrors.fileProblems.map((p) => <p key={p}>{p}</p>)}
          <table aria-label={t('import.rowErrors')}>
            <thead>
              <tr>
                <th scope="col">{t('import.line')}</th>
                <th scope="col">{t('import.position')}</th>
                <th scope="col">{t('import.problems')}</th>
              </tr>
            </thead>
            <tbody>
              {rowErrors.badRows.map((r) => (
                <tr key={r.line}>
                  <td>{r.line}</td>
                  <td>{r.position}</td>
                  <td>{r.problems.join('; ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ErrorNote error={run.error} />
      )}
    </section>
  );
}
