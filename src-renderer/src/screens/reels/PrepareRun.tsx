import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput, PrintRunFormat, PrintRunRowView } from '../../../../src-shared/ipc';
import { DataTable } from '../../components/DataTable';
import { downloadBase64, type SavedFile } from '../../components/download';
import { ErrorNote } from '../../components/ErrorNote';
import { SavedNote } from '../../components/SavedNote';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';
import { LabelTemplate } from './LabelTemplate';
import { PrintDialog, type PrintDialogClosed } from './PrintDialog';

// Prepare a print run: the operator sets the numbering and the QR template, sees the first and last labels and any
// conflict with the Reel (printRun.preview, nothing saved), then saves the rows as the Reel's expected values and
// downloads the exports for the printer (CSV for variable-data software, a proof PDF, ZPL).

type Conflict = CommandOutput<'printRun.preview'>['conflicts'][number];

/** The row between the first and the last labels of a long run. */
const GAP = 'gap' as const;

/** The preview's rows: the first labels, a gap row when labels are left out, the last labels. */
function previewRows(preview: CommandOutput<'printRun.preview'>): (PrintRunRowView | typeof GAP)[] {
  const gap = preview.last.length > 0 && preview.count > preview.first.length + preview.last.length;
  return [...preview.first, ...(gap ? [GAP] : []), ...preview.last];
}

const CHECKS = ['', 'gs1', 'luhn', 'damm', 'iso7064-mod37-36'] as const;
const SETTLE_MS = 300;

interface Form {
  count: string;
  start: string;
  step: string;
  digits: string;
  prefix: string;
  suffix: string;
  check: (typeof CHECKS)[number];
  qr: string;
  dataMatrix: string;
  barCode: string;
  firstPosition: string;
  stock: string;
}

const INITIAL: Form = {
  count: '100',
  start: '1',
  step: '1',
  digits: '6',
  prefix: '',
  suffix: '',
  check: '',
  qr: 'https://example.test/{serial}',
  dataMatrix: '',
  barCode: '',
  firstPosition: '1',
  stock: '50x30',
};

function specOf(form: Form): Record<string, unknown> {
  const n = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const spec: Record<string, unknown> = {
    count: n(form.count),
    start: n(form.start),
    step: n(form.step),
    digits: n(form.digits),
    firstPosition: n(form.firstPosition),
    prefix: form.prefix,
    suffix: form.suffix,
    qr: form.qr,
  };
  if (form.check) spec.check = form.check;
  if (form.dataMatrix.trim()) spec.dataMatrix = form.dataMatrix;
  if (form.barCode.trim()) spec.barCode = form.barCode;
  return Object.fromEntries(Object.entries(spec).filter(([, v]) => v !== undefined));
}

export function PrepareRun({ reelId, reelName, close }: { reelId: string; reelName: string; close: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>(INITIAL);
  const set = (field: keyof Form) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: event.target.value }));
  const spec = useMemo(() => specOf(form), [form]);
  const [settled, setSettled] = useState(spec);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(spec), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [spec]);
  const save = useCommandMutation('printRun.generate', ['reels.list', 'reels.show']);
  const saved = save.data;
  // Once saved, the run is the Reel's print data: the form gives way to what was saved, so nothing is checked again.
  const preview = useCommandQuery('printRun.preview', { reelId, spec: settled }, { enabled: !saved, draft: true });
  const exportRun = useCommandMutation('printRun.export');
  // The panel opens below the Reels table: bring it (and later the saved note) into view.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'start' });
  }, [saved]);
  const [exporting, setExporting] = useState<PrintRunFormat>();
  const [exportError, setExportError] = useState<unknown>();
  const [exported, setExported] = useState<SavedFile>();
  // Printing the Reel's print data on a printer (docs/printing.md, "The print dialog").
  const [printing, setPrinting] = useState(false);
  // How the Print dialog was last closed: closed during its check before printing, the check was stopped (said here).
  const [printClosed, setPrintClosed] = useState<PrintDialogClosed>();
  const closedNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (printClosed) closedNote.current?.scrollIntoView({ block: 'nearest' });
  }, [printClosed]);
  const exportAs = async (format: PrintRunFormat) => {
    setExporting(format);
    setExportError(undefined);
    setExported(undefined);
    // What the file holds: the run as previewed (or as saved), by count and positions.
    const run = saved ?? current;
    const holds = run
      ? t(`printRun.holds.${format}`, {
          count: 'expected' in run ? run.expected : run.count,
          first: run.first[0]?.position ?? 1,
          last: (run.last.at(-1) ?? run.first.at(-1))?.position ?? 1,
        })
      : '';
    try {
      const out = await exportRun.mutateAsync({ reelId, spec, format, layout: { stock: form.stock } });
      setExported(downloadBase64(out.fileName, out.mediaType, out.base64, holds));
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(undefined);
    }
  };
  const current = preview.data && settled === spec ? preview.data : undefined;
  const blocked = !current || current.conflictCount > 0;

  const field = (name: keyof Form, label: string, type: 'number' | 'text' = 'number') => (
    <label>
      {label}
      <input type={type} value={form[name]} onChange={set(name)} name={name} />
    </label>
  );
  return (
    <section ref={panel} className="card stack" role="region" aria-labelledby="print-run-title" data-testid="print-run">
      <h3 id="print-run-title">{t('printRun.title', { reel: reelName })}</h3>
      {saved ? (
        <p className="ok-note saved-note" role="status" data-testid="print-run-saved">
          ✓{' '}
          {t('printRun.saved', {
            count: saved.expected,
            reel: reelName,
            first: saved.first[0]?.position ?? 1,
            last: (saved.last.at(-1) ?? saved.first.at(-1))?.position ?? 1,
          })}
        </p>
      ) : (
        prepareForm()
      )}
      <div className="toolbar">
        {saved ? null : (
          <button type="button" disabled={blocked || save.isPending} onClick={() => save.mutate({ reelId, spec, expected: true })}>
            {t('printRun.save')}
          </button>
        )}
        {(['csv', 'pdf', 'zpl'] as const).map((format) => (
          <button key={format} type="button" disabled={(!current && !saved) || exporting !== undefined} onClick={() => void exportAs(format)}>
            {t(`printRun.export.${format}`)}
          </button>
        ))}
        <button
          type="button"
          onClick={() => {
            setPrintClosed(undefined);
            setPrinting(true);
          }}
          aria-label={t('printDialog.openFor', { reel: reelName })}
        >
          {t('printDialog.open')}
        </button>
        <button type="button" onClick={close}>
          {t('printRun.close')}
        </button>
      </div>
      {/* The Print dialog closed during its check before printing stopped it: said here, where the operator is now. */}
      {printClosed === 'checkCanceled' ? (
        <p ref={closedNote} role="status" className="hint" data-testid="print-check-closed">
          {t('printPreflight.closedCanceled')}
        </p>
      ) : null}
      {/* The template draws the run being prepared while it can be saved; else the Reel's print data. */}
      <LabelTemplate reelId={reelId} spec={saved || blocked ? undefined : settled} stock={form.stock} />
      {printing ? (
        <PrintDialog
          reelId={reelId}
          reelName={reelName}
          close={(closed) => {
            setPrintClosed(closed);
            setPrinting(false);
          }}
        />
      ) : null}
      {exporting ? <p role="status">{t('printRun.exporting')}</p> : <SavedNote saved={exported} />}
      <ErrorNote error={save.error ?? exportError} />
    </section>
  );

  // A render function, not a component: a component made inside render would remount (and lose focus) on every key.
  function prepareForm() {
    return (
      <>
        <p className="hint">{t('printRun.help')}</p>
        <div className="form-grid">
          {field('count', t('printRun.count'))}
          {field('start', t('printRun.start'))}
          {field('step', t('printRun.step'))}
          {field('digits', t('printRun.digits'))}
          {field('prefix', t('printRun.prefix'), 'text')}
          {field('suffix', t('printRun.suffix'), 'text')}
          <label>
            {t('printRun.check')}
            <select value={form.check} onChange={set('check')} name="check">
              {CHECKS.map((c) => (
                <option key={c} value={c}>
                  {t(`printRun.checks.${c || 'none'}`)}
                </option>
              ))}
            </select>
          </label>
          {field('qr', t('printRun.qr'), 'text')}
          {field('dataMatrix', t('printRun.dataMatrix'), 'text')}
          {field('barCode', t('printRun.barCode'), 'text')}
          {field('firstPosition', t('printRun.firstPosition'))}
          {field('stock', t('printRun.stock'), 'text')}
        </div>
        <ErrorNote error={preview.error} />
        {current ? (
          <>
            <DataTable
              label={t('printRun.preview')}
              testId="print-run-preview"
              compact
              caption={t('printRun.previewCount', { count: current.count })}
              rows={previewRows(current)}
              rowKey={(r) => (r === GAP ? 'gap' : r.position)}
              columns={[
                { key: 'position', header: t('import.position'), numeric: true, cell: (r) => (r === GAP ? '…' : r.position) },
                { key: 'text', header: 'TEXT', cell: (r) => (r === GAP ? '' : r.text) },
                { key: 'qr', header: 'QR', className: 'mono', cell: (r) => (r === GAP ? '' : r.qr) },
              ]}
            />
            {current.conflictCount > 0 ? (
              <div role="alert" className="error" data-testid="print-run-conflicts">
                <p>{t('printRun.conflicts', { count: current.conflictCount })}</p>
                <ul>
                  {current.conflicts.slice(0, 10).map((c, n) => (
                    <li key={n}>{conflictText(t, c)}</li>
                  ))}
                </ul>
              </div>
            ) : (
              <p role="status">{t('printRun.noConflicts')}</p>
            )}
          </>
        ) : null}
      </>
    );
  }
}

/** A conflict in the operator's words: the form's fields by their labels, never the CLI's flags. */
function conflictText(t: (key: string, options?: Record<string, unknown>) => string, c: Conflict): string {
  return t(`printRun.conflict.${c.kind}`, { position: c.position, existingPosition: c.existingPosition, value: c.value });
}
