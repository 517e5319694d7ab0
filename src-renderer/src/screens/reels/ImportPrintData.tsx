import Papa from 'papaparse';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintDataIssue } from '../../../../src-shared/domain/print-data';
import { SEPARATORS, TEXT_ENCODINGS, type FileReading, type Separator, type TextEncoding } from '../../../../src-shared/domain/text-file';
import type { PrintDataBadRow } from '../../../../src-shared/ipc';
import { StationError } from '../../../../src-shared/ipc/station-error';
import { DataTable } from '../../components/DataTable';
import { ErrorNote } from '../../components/ErrorNote';
import { FileChooser, type ChosenFile } from '../../components/FileChooser';
import { useCommandAction, useCommandMutation, useCommandQuery } from '../../query/use-command';

// Print-data import: a CSV of position and the values printed there.
// The preview shows the file as read here and, before anything is imported, the station's own
// check of every row (reels.checkPrintData: the import's rules, nothing written). The import
// checks the file whole again and imports nothing when any row is bad (error detail `badRows`).
// The station reads the file (its encoding and separator, docs/print-run.md, "Files as shops save them"); the
// preview says how, and offers the choice where that was a guess. Every problem comes as a code with its
// parameters and is worded here, in the UI's language; Import waits until no problem is listed.

const PREVIEW_ROWS = 50;
const CHECK_SETTLE_MS = 300;

interface RowErrors {
  /** The first bad rows the station names (it names at most 100). */
  badRows: PrintDataBadRow[];
  /** All bad rows, named or not. */
  badRowCount: number;
  fileIssues: PrintDataIssue[];
}

function badRowsOf(error: unknown): RowErrors | undefined {
  if (!(error instanceof StationError) || !error.detail) return undefined;
  const { badRows, badRowCount, fileIssues } = error.detail as { badRows?: PrintDataBadRow[]; badRowCount?: number; fileIssues?: PrintDataIssue[] };
  if (!Array.isArray(badRows)) return undefined;
  return {
    badRows,
    badRowCount: typeof badRowCount === 'number' ? badRowCount : badRows.length,
    fileIssues: Array.isArray(fileIssues) ? fileIssues : [],
  };
}

const SEPARATOR_KEY = { ',': 'comma', ';': 'semicolon', '\t': 'tab' } as const satisfies Record<Separator, string>;
const ENCODING_KEY = { 'utf-8': 'utf8', 'utf-16le': 'utf16le', 'utf-16be': 'utf16be', 'windows-1252': 'windows1252' } as const satisfies Record<
  TextEncoding,
  string
>;

/** A problem in the UI's language, from its code and parameters. */
function issueWords(t: TFunction, issue: PrintDataIssue): string {
  return t(`import.problem.${issue.code}`, issue.params);
}

/** How the file was read: "Read as Windows-1252, separated by ;" (text typed or pasted: its separator only). */
function readingWords(t: TFunction, reading: FileReading): string {
  const separator = t(`import.separators.${SEPARATOR_KEY[reading.separator]}`);
  if (!reading.encoding) return t('import.readText', { separator });
  const encoding = t(`import.encodings.${reading.bom && reading.encoding === 'utf-8' ? 'utf8bom' : ENCODING_KEY[reading.encoding]}`);
  return t('import.readAs', { encoding, separator });
}

export function ImportPrintData({ reelId, reelName, close }: { reelId: string; reelName: string; close: () => void }) {
  const { t } = useTranslation();
  const [csv, setCsv] = useState('');
  const [file, setFile] = useState<ChosenFile>();
  const [separator, setSeparator] = useState<Separator>();
  const [expectedOnly, setExpectedOnly] = useState(true);
  const run = useCommandMutation('labels.import', ['reels.list', 'reels.show']);
  const edit = (text: string, chosen?: ChosenFile) => {
    setCsv(text);
    // A file chosen again is read afresh; text typed over it is no longer the file as read.
    setFile(chosen);
    if (chosen) setSeparator(undefined);
    // The last import's refusal was about the text as it was.
    run.reset();
  };
  const [readAgain, setReadAgain] = useState<unknown>();
  const decode = useCommandAction('files.decode');
  /** The file read again in the encoding the user chose. */
  const chooseEncoding = (encoding: TextEncoding) => {
    if (!file) return;
    setReadAgain(undefined);
    decode({ base64: file.base64, encoding }).then(
      ({ text, reading }) => {
        setCsv(text);
        setFile({ ...file, reading: { ...reading, encoding } });
        run.reset();
      },
      (error: unknown) => setReadAgain(error),
    );
  };

  // The station checks the rows as the import would, once typing or pasting settles.
  const [checked, setChecked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setChecked(csv), CHECK_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [csv]);
  const check = useCommandQuery(
    'reels.checkPrintData',
    { reelId, csv: checked, expectedOnly, ...(separator ? { separator } : {}) },
    { enabled: checked.trim() !== '', draft: true },
  );
  const current = check.data && checked === csv && checked.trim() !== '' ? check.data : undefined;
  const problemsAt = useMemo(() => new Map((current?.badRows ?? []).map((r) => [r.line, r.issues])), [current]);
  const reading: FileReading | undefined = current
    ? {
        ...(file?.reading ?? { encoding: null, bom: false, encodingCertain: true }),
        separator: current.reading.separator,
        separatorCertain: current.reading.separatorCertain,
      }
    : undefined;

  // The preview reads the text with the separator the station found or the user chose.
  const delimiter = separator ?? current?.reading.separator;
  const preview = useMemo(() => {
    if (!csv.trim()) return undefined;
    const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: 'greedy',
      transformHeader: (h) => h.trim().toLowerCase(),
      ...(delimiter ? { delimiter } : {}),
    });
    return { fields: parsed.meta.fields ?? [], rows: parsed.data.slice(0, PREVIEW_ROWS), total: parsed.data.length };
  }, [csv, delimiter]);

  // After pressing Import: what the import itself refused (it checks more, duplicates for one).
  const importErrors = badRowsOf(run.error);
  const shownErrors: RowErrors | undefined = importErrors ?? (current && !current.ok ? current : undefined);
  // Import waits for the check, and stays off while problems are listed.
  const importable = !!current && current.ok && !shownErrors && !run.isPending;

  return (
    <section className="card" role="region" aria-labelledby="import-title">
      <h3 id="import-title">{t('import.title', { reel: reelName })}</h3>
      <p className="hint">{t('import.help')}</p>
      <FileChooser label={t('import.file')} accept=".csv,.txt,text/csv,text/plain" onText={edit} />
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
          {reading ? (
            <div className="toolbar" data-testid="import-reading">
              <p role="status">
                {readingWords(t, reading)}
                {(file && !reading.encodingCertain) || !reading.separatorCertain ? ` ${t('import.guessed')}` : ''}
              </p>
              {file && !file.reading.encodingCertain ? (
                <label>
                  {t('import.encoding')}
                  <select value={file.reading.encoding ?? 'utf-8'} onChange={(e) => chooseEncoding(e.target.value as TextEncoding)}>
                    {TEXT_ENCODINGS.map((encoding) => (
                      <option key={encoding} value={encoding}>
                        {t(`import.encodings.${ENCODING_KEY[encoding]}`)}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
              {!current?.reading.separatorCertain || separator ? (
                <label>
                  {t('import.separator')}
                  <select
                    value={separator ?? reading.separator}
                    onChange={(e) => {
                      setSeparator(e.target.value as Separator);
                      run.reset();
                    }}
                  >
                    {SEPARATORS.map((s) => (
                      <option key={s} value={s}>
                        {t(`import.separators.${SEPARATOR_KEY[s]}`)}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
            </div>
          ) : null}
          <ErrorNote error={readAgain} />
          <p role="status" data-testid="import-check" data-state={current ? (current.ok ? 'ok' : 'invalid') : 'checking'}>
            {!current
              ? t('import.checking')
              : current.ok
                ? `✓ ${t('import.checkOk', { rows: current.rows ?? 0 })}`
                : `✖ ${t('import.checkBad', { count: current.badRowCount + current.fileIssues.length })}`}
          </p>
          {current?.missingColumns.length ? (
            <p role="note" className="warn-note" data-testid="import-missing-columns">
              {t('import.missingColumns', { columns: current.missingColumns.join(', '), count: current.missingColumns.length })}
            </p>
          ) : null}
          {current?.contradictedCount ? (
            <div
              role="group"
              aria-label={t('import.contradictedTitle', { count: current.contradictedCount })}
              className="warn-note"
              data-testid="import-contradicted"
            >
              <p>{t('import.contradictedTitle', { count: current.contradictedCount })}</p>
              <DataTable
                label={t('import.contradictedTitle', { count: current.contradictedCount })}
                compact
                rows={current.contradicted}
                rowKey={(r) => r.line}
                columns={[
                  { key: 'line', header: t('import.line'), numeric: true, cell: (r) => r.line },
                  { key: 'position', header: t('import.position'), numeric: true, cell: (r) => r.position },
                  { key: 'carries', header: t('import.carries'), cell: (r) => r.carries },
                  { key: 'printed', header: t('import.printed'), cell: (r) => r.printed },
                ]}
              />
            </div>
          ) : null}
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
                    return problems ? `✖ ${problems.map((p) => issueWords(t, p)).join('; ')}` : '';
                  },
                },
              ]}
            />
          </div>
        </>
      ) : null}
      <div className="toolbar">
        <button
          type="button"
          className="primary"
          disabled={!importable}
          onClick={() => run.mutate({ reelId, csv, expectedOnly, ...(separator ? { separator } : {}) })}
        >
          {t('import.run')}
        </button>
        <button type="button" onClick={close}>
          {t('common.close')}
        </button>
      </div>
      {run.isPending ? (
        // The station checks every row again and writes them in one transaction (src-main/changes/import.ts): how long
        // it takes is known only by the rows, so the bar says it is busy, and the words how many rows.
        <div role="status" className="open-progress" data-testid="import-progress">
          <p>{t('importProgress.writing', { count: current?.rows ?? preview?.total ?? 0 })}</p>
          <progress aria-label={t('importProgress.bar')} />
        </div>
      ) : null}
      {run.data ? (
        <p role="status" className="ok-note">
          ✓ {t('import.done', run.data)}
        </p>
      ) : null}
      {shownErrors ? (
        <div role={importErrors ? 'alert' : 'group'} aria-label={t('import.rowErrors')} className="error-note" data-testid="import-row-errors">
          <p>{importErrors ? t('import.invalid') : t('import.previewInvalid')}</p>
          {shownErrors.fileIssues.map((p) => (
            <p key={p.code}>{issueWords(t, p)}</p>
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
                { key: 'problems', header: t('import.problems'), cell: (r) => r.issues.map((p) => issueWords(t, p)).join('; ') },
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
