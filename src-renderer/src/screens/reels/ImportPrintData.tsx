import Papa from 'papaparse';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintDataBadRow } from '../../../../src-shared/ipc';
import { StationError } from '../../../../src-shared/ipc/station-error';
import { DataTable } from '../../components/DataTable';
import { ErrorNote } from '../../components/ErrorNote';
import { FileChooser } from '../../components/FileChooser';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';

// Print-data import: a CSV of position and the values printed there.
// The preview shows the file as read here and, before anything is imported, the station's own
// check of every row (reels.checkPrintData: the import's rules, nothing written). The import
// checks the file whole again and imports nothing when any row is bad (error detail `badRows`).

const PREVIEW_ROWS = 50;
const CHECK_SETTLE_MS = 300;

interface RowErrors {
  /** The first bad rows the station names (it names at most 100). */
  badRows: PrintDataBadRow[];
  /** All bad rows, named or not. */
  badRowCount: number;
  fileProblems: string[];
}

function badRowsOf(error: unknown): RowErrors | undefined {
  if (!(error instanceof StationError) || !error.detail) return undefined;
  const { badRows, badRowCount, fileProblems } = error.detail as { badRows?: PrintDataBadRow[]; badRowCount?: number; fileProblems?: string[] };
  if (!Array.isArray(badRows)) return undefined;
  return {
    badRows,
    badRowCount: typeof badRowCount === 'number' ? badRowCount : badRows.length,
    fileProblems: Array.isArray(fileProblems) ? fileProblems : [],
  };
}

export function ImportPrintData({ reelId, reelName, close }: { reelId: string; reelName: string; close: () => void }) {
  const { t } = useTranslation();
  const [csv, setCsv] = useState('');
  const [expectedOnly, setExpectedOnly] = useState(true);
  const run = useCommandMutation('labels.import', ['reels.list', 'reels.show']);
  const edit = (text: string) => {
    setCsv(text);
    // The last import's refusal was about the text as it was.
    run.reset();
  };
  const preview = useMemo(() => {
    if (!csv.trim()) return undefined;
    const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: 'greedy',
      transformHeader: (h) => h.trim().toLowerCase(),
    });
    return { fields: parsed.meta.fields ?? [], rows: parsed.data.slice(0, PREVIEW_ROWS), total: parsed.data.length };
  }, [csv]);

  // The station checks the rows as the import would, once typing or pasting settles.
  const [checked, setChecked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setChecked(csv), CHECK_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [csv]);
  const check = useCommandQuery('reels.checkPrintData', { reelId, csv: checked, expectedOnly }, { enabled: checked.trim() !== '', draft: true });
  const current = check.data && checked === csv && checked.trim() !== '' ? check.data : undefined;
  const problemsAt = useMemo(() => new Map((current?.badRows ?? []).map((r) => [r.line, r.problems])), [current]);

  // After pressing Import: what the import itself refused (it checks more, duplicates for one).
  const importErrors = badRowsOf(run.error);
  const shownErrors: RowErrors | undefined = importErrors ?? (current && !current.ok ? current : undefined);

  return (
    <section className="card" role="region" aria-labelledby="import-title">
      <h3 id="import-title">{t('import.title', { reel: reelName })}</h3>
      <p className="hint">{t('import.help')}</p>
      <FileChooser label={t('import.file')} accept=".csv,text/csv" onText={edit} />
      <label>
        {t('import.paste')}
        <textarea rows={6} value={csv} onChange={(e) => edit(e.target.value)} spellCheck={false} />
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={expectedOnly}
          onChange={(e) => {
            setExpectedOnly(e.target.checked);
            run.reset();
          }}
        />
        {t('import.expectedOnly')}
      </label>
      {preview ? (
        <>
          <p role="status">{t('import.previewCount', { shown: preview.rows.length, total: preview.total })}</p>
          <p role="status" data-testid="import-check" data-state={current ? (current.ok ? 'ok' : 'invalid') : 'checking'}>
            {!current
              ? t('import.checking')
              : current.ok
                ? `✓ ${t('import.checkOk', { rows: current.rows ?? 0 })}`
                : `✖ ${t('import.checkBad', { count: current.badRowCount + current.fileProblems.length })}`}
          </p>
          <div className="scroll-x">
            <DataTable
              label={t('import.preview')}
              compact
              rows={preview.rows.map((row, n) => ({ row, line: n + 2 }))}
              rowKey={(r) => r.line}
              rowClassName={(r) => (problemsAt.has(r.line) ? 'bad-row' : undefined)}
              columns={[
                // The header is line 1, as in the station's check.
                { key: 'line', header: t('import.line'), numeric: true, cell: (r) => r.line },
                ...preview.fields.map((f) => ({ key: `f:${f}`, header: f, cell: (r: { row: Record<string, string> }) => r.row[f] })),
                {
                  key: 'problems',
                  header: t('import.problems'),
                  cell: (r) => {
                    const problems = problemsAt.get(r.line);
                    return problems ? `✖ ${problems.join('; ')}` : '';
                  },
                },
              ]}
            />
          </div>
        </>
      ) : null}
      <div className="toolbar">
        <button type="button" className="primary" disabled={!csv.trim() || run.isPending} onClick={() => run.mutate({ reelId, csv, expectedOnly })}>
          {t('import.run')}
        </button>
        <button type="button" onClick={close}>
          {t('common.close')}
        </button>
      </div>
      {run.data ? (
        <p role="status" className="ok-note">
          ✓ {t('import.done', run.data)}
        </p>
      ) : null}
      {shownErrors ? (
        <div role={importErrors ? 'alert' : 'group'} aria-label={t('import.rowErrors')} className="error-note" data-testid="import-row-errors">
          <p>{importErrors ? t('import.invalid') : t('import.previewInvalid')}</p>
          {shownErrors.fileProblems.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {shownErrors.badRows.length ? (
            <DataTable
              label={t('import.rowErrors')}
              compact
              rows={shownErrors.badRows}
              rowKey={(r) => r.line}
              columns={[
                { key: 'line', header: t('import.line'), numeric: true, cell: (r) => r.line },
                { key: 'position', header: t('import.position'), numeric: true, cell: (r) => r.position },
                { key: 'problems', header: t('import.problems'), cell: (r) => r.problems.join('; ') },
              ]}
            />
          ) : null}
          {shownErrors.badRowCount > shownErrors.badRows.length ? (
            <p>{t('import.moreBadRows', { count: shownErrors.badRowCount - shownErrors.badRows.length })}</p>
          ) : null}
        </div>
      ) : (
        <ErrorNote error={run.error} />
      )}
      <ErrorNote error={check.error} />
    </section>
  );
}
