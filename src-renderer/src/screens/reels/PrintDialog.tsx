import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compress, rangesInWords } from '../../../../src-shared/domain/position-ranges';
import type { PrintJobView, PrintPreflight, PrintProgress } from '../../../../src-shared/ipc/printers';
import { StationError, StationErrorCode } from '../../../../src-shared/ipc/station-error';
import { ErrorNote } from '../../components/ErrorNote';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';
import { usePrinterWatch } from '../../query/use-printer-watch';
import { station } from '../../station-client';
import { useReasonWords } from '../devices/printers/reason-words';
import { reelRead } from '../../query/reel-read';

// A Reel's print run → "Print…" (docs/printing.md, "The print dialog"): the printer with its state in words, the
// range (by default the positions not printed yet), copies, the first label's values; then the job's progress by
// position from the `print.progress` events, Stop; after a stop what was printed and what not, the printer's reason in
// words, Resume (exactly the positions not printed). A range holding printed positions is refused, naming them, and
// may be printed again as reprints with a reason. Closing it while a job is being checked before it starts cancels the
// check (print.cancelCheck), so no job starts with no dialog to follow or stop it; closing while a job prints leaves it
// printing (docs/printing.md, "The print dialog").

type Ranges = [number, number][];
const REPRINT_REASONS = ['misprint', 'damaged', 'lost', 'other'] as const;
type ReprintReason = (typeof REPRINT_REASONS)[number];

/** The positions printed already that a refusal names (its detail), or undefined for any other error. */
function alreadyPrinted(error: unknown): Ranges | undefined {
  if (!(error instanceof StationError) || error.code !== StationErrorCode.alreadyPrinted) return undefined;
  const positions = (error.detail as { positions?: unknown } | undefined)?.positions;
  return Array.isArray(positions) ? (positions as Ranges) : [];
}

/**
 * A new job's id (a version 4 UUID), chosen here so its check before printing is followed from its first event. Made
 * from crypto.getRandomValues: crypto.randomUUID needs a secure context, and the web host on the shop's network is not.
 */
function newJobId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The latest `print.preflight` event of job `jobId`: its labels' check before it starts (docs/print-run.md, "Preflight"). */
function useCheck(jobId: string | undefined) {
  const [check, setCheck] = useState<PrintPreflight>();
  useEffect(() => {
    setCheck(undefined);
    if (!jobId) return undefined;
    return station.on('print.preflight', (event) => {
      if (event.jobId === jobId) setCheck(event);
    });
  }, [jobId]);
  return check;
}

/** The preflight's refusal of a job: what it found, by position (its detail), or undefined for any other error. */
function checkRefusal(error: unknown): { canceled: boolean; findings: NonNullable<PrintPreflight['findings']> } | undefined {
  if (!(error instanceof StationError) || error.code !== StationErrorCode.preflightFailed) return undefined;
  const detail = error.detail as { case?: unknown; findings?: unknown } | undefined;
  return {
    canceled: detail?.case === 'canceled',
    findings: Array.isArray(detail?.findings) ? (detail.findings as NonNullable<PrintPreflight['findings']>) : [],
  };
}

/** The job as last known: its latest `print.progress` event, or its status when no event came yet. */
function useJob(jobId: string | undefined) {
  const [progress, setProgress] = useState<PrintProgress>();
  useEffect(() => {
    setProgress(undefined);
    if (!jobId) return undefined;
    return station.on('print.progress', (p) => {
      if (p.jobId !== jobId) return;
      // A later event without the stop's cause (the same stop seen from the store) keeps the cause told first.
      setProgress((before) => (before?.cause && p.state === before.state && !p.cause ? { ...p, cause: before.cause, reasons: before.reasons } : p));
    });
  }, [jobId]);
  const status = useCommandQuery('print.status', { jobId: jobId ?? '' }, { enabled: jobId !== undefined });
  return progress ?? status.data;
}

/** How the dialog was closed: `checkCanceled` when it was closed during the check before printing, which it stopped. */
export type PrintDialogClosed = 'checkCanceled' | undefined;

export function PrintDialog({ reelId, reelName, close }: { reelId: string; reelName: string; close: (closed?: PrintDialogClosed) => void }) {
  const { t } = useTranslation();
  const words = useReasonWords();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const printers = useCommandQuery('printers.list', {});
  usePrinterWatch();
  // Read again on each change of its Labels, only what changed (query/reel-read.ts; docs/sync.md, "Only what changed reaches a screen").
  const reel = useCommandQuery('reels.show', { reelId }, { read: reelRead({ reelId }) });
  // Read as the dialog opens: its default range is what is left unprinted now, not as a held answer had it.
  const log = useCommandQuery('print.log', { reelId }, { fresh: true });
  const start = useCommandMutation('print.start', ['print.log']);
  const resume = useCommandMutation('print.resume', ['print.log']);
  const stop = useCommandMutation('print.stop', ['print.log']);
  const cancelCheck = useCommandMutation('print.cancelCheck', []);

  // What can be printed: the positions with print data; by default those not printed yet.
  const withData = useMemo(() => new Map((reel.data?.labels ?? []).filter((l) => l.expected?.TEXT).map((l) => [l.position, l.expected] as const)), [reel.data]);
  const notPrinted = useMemo(() => {
    if (!log.data) return [];
    const printed = new Set(log.data.prints.map((p) => p.position));
    return [...withData.keys()].filter((p) => !printed.has(p)).sort((a, b) => a - b);
  }, [withData, log.data]);

  const [printer, setPrinter] = useState('');
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [copies, setCopies] = useState('1');
  const [reason, setReason] = useState<ReprintReason>('misprint');
  const [jobId, setJobId] = useState<string>();
  // The job being checked before it starts (a label template's preflight): its id is chosen before print.start.
  const [checkingId, setCheckingId] = useState<string>();
  const check = useCheck(checkingId);
  // A job the station stopped during (or any stopped one not resumed yet) is shown at once, with its split and Resume
  // (docs/printing.md, "The print dialog").
  const interrupted = useCommandQuery('print.interrupted', { reelId });
  const shownInterrupted = useRef(false);
  useEffect(() => {
    if (shownInterrupted.current || interrupted.data === undefined) return;
    shownInterrupted.current = true;
    if (interrupted.data && !jobId) setJobId(interrupted.data.jobId);
  }, [interrupted.data, jobId]);
  const live = useJob(jobId);
  // While a job prints, the station is asked how it goes; when it stops answering, the dialog says so rather than
  // showing a job printing that no process runs. When it answers again (started again on the same folder), its answer
  // is the job as it is now: the job it found left printing is stopped with its split (docs/printing.md, "After an
  // interruption"), and no event of a dead process will ever end the one last seen printing.
  const alive = useCommandQuery(
    'print.status',
    { jobId: jobId ?? '' },
    { enabled: jobId !== undefined && live?.state === 'printing', refetchIntervalMs: 3_000 },
  );
  const answer = alive.data;
  const job = live?.state === 'printing' && answer && answer.jobId === jobId && answer.state !== 'printing' ? answer : live;
  const stationSilent = job?.state === 'printing' && alive.isError;
  const chosen = printers.data?.printers.find((p) => p.name === printer);
  // The printer's state is asked again when a job ends (not at every label: each ask is a request to the printer).
  const { refetch: refetchPrinters } = printers;
  const jobState = job?.state;
  useEffect(() => {
    if (jobState && jobState !== 'printing') void refetchPrinters();
  }, [jobState, refetchPrinters]);

  // The defaults once known: the first printer ready, the range of positions not printed yet.
  useEffect(() => {
    const list = printers.data?.printers ?? [];
    if (!printer && list.length) setPrinter((list.find((p) => p.state === 'idle') ?? list[0])?.name ?? '');
  }, [printers.data, printer]);
  const defaulted = useRef(false);
  useEffect(() => {
    if (defaulted.current || !reel.data || !log.data || !log.isFetchedAfterMount) return;
    defaulted.current = true;
    const range = notPrinted.length ? notPrinted : [...withData.keys()].sort((a, b) => a - b);
    if (range.length) {
      setFirst(String(range[0]));
      setLast(String(range.at(-1)));
    }
  }, [reel.data, log.data, log.isFetchedAfterMount, notPrinted, withData]);

  const firstN = Number(first);
  const lastN = Number(last);
  const copiesN = Number(copies);
  const rangeValid = Number.isInteger(firstN) && Number.isInteger(lastN) && first !== '' && last !== '' && firstN >= 0 && lastN >= firstN;
  const copiesValid = Number.isInteger(copiesN) && copiesN >= 1 && copiesN <= 100;
  const refused = alreadyPrinted(start.error);
  const preview = rangeValid ? withData.get(firstN) : undefined;

  // Closed while a start is under way (its check before printing running, or about to): the check is canceled and the
  // dialog closes once print.start answers canceled. A cancel that finds no check yet (the start still asks the
  // printer) is sent again at the check's first event; a job that started anyway stays shown, with Stop.
  const [closing, setClosing] = useState(false);
  const [closedLate, setClosedLate] = useState(false);
  const closeDialog = () => {
    if (!start.isPending || !checkingId) return close();
    if (closing) return;
    setClosing(true);
    cancelCheck.mutate({ jobId: checkingId });
  };
  const checkState = check?.state;
  const { mutate: cancel, isPending: canceling, data: cancelAnswer } = cancelCheck;
  useEffect(() => {
    if (closing && checkingId && checkState === 'checking' && !canceling && cancelAnswer?.canceled === false) cancel({ jobId: checkingId });
  }, [closing, checkingId, checkState, canceling, cancelAnswer, cancel]);
  useEffect(() => {
    if (!closing || start.isPending) return;
    if (start.isSuccess) {
      setClosing(false);
      setClosedLate(true);
    } else close(checkRefusal(start.error)?.canceled ? 'checkCanceled' : undefined);
  }, [closing, start.isPending, start.isSuccess, start.error, close]);

  const begin = (again: boolean) => {
    if (!chosen || !rangeValid || !copiesValid) return;
    const id = newJobId();
    setCheckingId(id);
    setClosedLate(false);
    cancelCheck.reset();
    start.mutate(
      {
        reelId,
        printer: chosen.name,
        positions: { first: firstN, last: lastN },
        copies: copiesN,
        wait: false,
        jobId: id,
        ...(again ? { again: true, reason } : {}),
      },
      { onSuccess: (view) => setJobId(view.jobId) },
    );
  };
  const checkFailed = checkRefusal(start.error);

  const stateWords = (p: { state: 'idle' | 'printing' | 'stopped' | 'unreachable'; reasons: string[] }) =>
    p.reasons.length && p.state !== 'unreachable' ? `${t(`printers.states.${p.state}`)} (${words(p.reasons)})` : t(`printers.states.${p.state}`);

  // The dialog's actions in one row: Start, Stop or Resume, then Close (Escape closes too; the job goes on, a check
  // before printing is canceled).
  const closeButton = (
    <button type="button" disabled={closing} onClick={closeDialog}>
      {t('printDialog.close')}
    </button>
  );

  return (
    <dialog
      ref={ref}
      className="confirm-dialog print-dialog"
      aria-labelledby="print-dialog-title"
      data-testid="print-dialog"
      onCancel={(event) => {
        event.preventDefault();
        closeDialog();
      }}
    >
      <h3 id="print-dialog-title">{t('printDialog.title', { reel: reelName })}</h3>
      {closing ? (
        <p role="status" data-testid="print-dialog-closing">
          {t('printPreflight.stopping')}
        </p>
      ) : null}
      {job ? jobView(job) : start.isPending && check ? checkView(check) : setup()}
    </dialog>
  );

  // Render functions, not components: a component made inside render would remount (and lose focus) on every key.
  function setup() {
    const list = printers.data?.printers ?? [];
    if (reel.data && withData.size === 0) return <p role="status">{t('printDialog.noPrintData')}</p>;
    return (
      <form
        className="stack"
        aria-label={t('printDialog.formLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          begin(false);
        }}
      >
        <ErrorNote error={printers.error ?? reel.error ?? log.error} />
        {printers.data && list.length === 0 ? <p role="status">{t('printDialog.noPrinter')}</p> : null}
        <div className="form-grid">
          <label>
            {t('printDialog.printer')}
            <select value={printer} onChange={(e) => setPrinter(e.target.value)} required>
              {list.map((p) => (
                <option key={p.name} value={p.name}>
                  {t('printDialog.printerOption', { name: p.name, state: stateWords(p) })}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('printDialog.first')}
            <input type="number" min={0} value={first} onChange={(e) => setFirst(e.target.value)} required />
          </label>
          <label>
            {t('printDialog.last')}
            <input type="number" min={0} value={last} onChange={(e) => setLast(e.target.value)} required />
          </label>
          <label>
            {t('printDialog.copies')}
            <input type="number" min={1} max={100} value={copies} onChange={(e) => setCopies(e.target.value)} required />
          </label>
        </div>
        <p className="hint" data-testid="print-dialog-not-printed">
          {notPrinted.length ? t('printDialog.notPrintedYet', { ranges: rangesInWords(compress(notPrinted)) }) : log.data ? t('printDialog.allPrinted') : ''}
        </p>
        {!rangeValid && (first !== '' || last !== '') ? (
          <p role="alert" className="error">
            {t('printDialog.rangeInvalid')}
          </p>
        ) : null}
        {chosen && chosen.state !== 'idle' ? (
          <p role="status" data-testid="print-dialog-printer-state">
            {t('printDialog.printerState', { name: chosen.name, state: stateWords(chosen) })}
          </p>
        ) : null}
        <figure className="label-preview" aria-label={t('printDialog.preview')} data-testid="print-dialog-preview">
          <figcaption>{rangeValid ? t('printDialog.previewOf', { position: firstN }) : t('printDialog.preview')}</figcaption>
          {preview ? (
            <dl>
              {(['TEXT', 'QR', 'DATA_MATRIX', 'BAR_CODE'] as const).map((tag) =>
                preview[tag] ? (
                  <div key={tag}>
                    <dt>{tag}</dt>
                    <dd className="mono">{preview[tag]}</dd>
                  </div>
                ) : null,
              )}
            </dl>
          ) : rangeValid ? (
            <p className="hint">{t('printDialog.previewNone', { position: firstN })}</p>
          ) : null}
        </figure>
        {refused ? (
          <div role="alert" className="error-note" data-testid="print-dialog-already-printed">
            <p>{t('printDialog.alreadyPrinted', { ranges: rangesInWords(refused) })}</p>
            <div className="toolbar">
              <label>
                {t('printDialog.reason')}
                <select value={reason} onChange={(e) => setReason(e.target.value as ReprintReason)}>
                  {REPRINT_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {t(`printers.log.reasons.${r}`)}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" disabled={start.isPending} onClick={() => begin(true)}>
                {t('printDialog.again')}
              </button>
            </div>
          </div>
        ) : checkFailed?.canceled ? (
          <p role="status" className="hint" data-testid="print-dialog-check-canceled">
            {t('printPreflight.canceled')}
          </p>
        ) : (
          <>
            <ErrorNote error={start.error} />
            {checkFailed?.findings.length ? (
              <ul className="error" data-testid="print-dialog-check-findings">
                {checkFailed.findings.map((f) => (
                  <li key={`${f.position}-${f.code}`}>{t('printPreflight.finding', { position: f.position, why: findingWords(f) })}</li>
                ))}
              </ul>
            ) : null}
          </>
        )}
        <div className="toolbar">
          <button type="submit" disabled={!chosen || !rangeValid || !copiesValid || start.isPending}>
            {t('printDialog.start')}
          </button>
          {closeButton}
        </div>
      </form>
    );
  }

  /** What the preflight found on one label, in the catalog's words (those of the template's preview). */
  function findingWords(f: NonNullable<PrintPreflight['findings']>[number]) {
    const code = t(`labelTemplate.code.${f.code}`);
    return t(`labelTemplate.problem.${f.problem}`, { code, dots: f.dots, read: f.read });
  }

  /** The check of every label before the job starts: how far it is, and Cancel (nothing is recorded or printed). */
  function checkView(event: PrintPreflight) {
    return (
      <div className="stack" data-testid="print-dialog-check">
        <p role="status" data-testid="print-dialog-checking">
          {t('printPreflight.checking', { checked: event.checked, count: event.count })}
        </p>
        <progress max={event.count} value={event.checked} aria-label={t('printPreflight.progressLabel')} />
        <p className="hint">{t('printPreflight.help', { template: event.template })}</p>
        <ErrorNote error={cancelCheck.error} />
        <div className="toolbar">
          <button
            type="button"
            className="danger"
            disabled={closing || cancelCheck.isPending || event.state !== 'checking'}
            onClick={() => cancelCheck.mutate({ jobId: checkingId ?? '' })}
          >
            {t('printPreflight.cancel')}
          </button>
          {closeButton}
        </div>
      </div>
    );
  }

  function jobView(view: PrintJobView | PrintProgress) {
    const done = 'done' in view ? view.done : view.printed.reduce((n, [a, b]) => n + b - a + 1, 0);
    // The position printing: the first one not confirmed (the event says it; a status read before any event, too).
    const current = 'current' in view ? view.current : view.state === 'printing' ? (view.notPrinted[0]?.[0] ?? null) : null;
    const cause = 'cause' in view ? view.cause : undefined;
    const reasons = 'reasons' in view ? (view.reasons ?? []) : [];
    // Why it stopped, in words: the printer's reasons, else the cause, else the printer's state now.
    const why = reasons.length
      ? words(reasons)
      : cause
        ? t(`printDialog.causes.${cause}`)
        : chosen && chosen.reasons.length
          ? words(chosen.reasons)
          : t('printDialog.causes.stopped');
    return (
      <div className="stack" data-testid="print-dialog-job">
        {closedLate && view.state === 'printing' ? (
          <p role="alert" className="error-note" data-testid="print-dialog-closed-late">
            {t('printPreflight.tooLate')}
          </p>
        ) : null}
        {stationSilent ? (
          <p role="alert" className="error-note" data-testid="print-dialog-silent">
            {t('printDialog.stationSilent')}
          </p>
        ) : null}
        {view.state === 'printing' && !stationSilent ? (
          <p role="status" data-testid="print-dialog-printing">
            {current === null
              ? t('printDialog.printingOn', { printer: view.printer })
              : t('printDialog.printing', { printer: view.printer, position: current })}
          </p>
        ) : null}
        <progress max={view.positions.count} value={done} aria-label={t('printDialog.progressLabel')} />
        <p data-testid="print-dialog-count">{t('printDialog.count', { done, count: view.positions.count })}</p>
        {view.state === 'done' ? (
          <p role="status" className="ok-note" data-testid="print-dialog-done">
            ✓ {t('printDialog.done', { ranges: rangesInWords(view.printed), printer: view.printer })}
          </p>
        ) : null}
        {view.state === 'stopped' ? (
          <div role="alert" className="error-note" data-testid="print-dialog-stopped">
            <p>
              <strong>{t('printDialog.stopped', { why })}</strong>
            </p>
            <p>{t('printDialog.printed', { ranges: view.printed.length ? rangesInWords(view.printed) : t('printDialog.none') })}</p>
            <p>{t('printDialog.notPrinted', { ranges: view.notPrinted.length ? rangesInWords(view.notPrinted) : t('printDialog.none') })}</p>
            {'unconfirmed' in view && view.unconfirmed.length ? (
              <p data-testid="print-dialog-unconfirmed">
                {t('printDialog.unconfirmed', {
                  ranges: rangesInWords(view.unconfirmed),
                  values: ((view as PrintJobView).unconfirmedLabels ?? []).map((l) => `${l.position} ${l.text}`).join(', '),
                })}
              </p>
            ) : null}
            {view.notPrinted.length ? <p className="hint">{t('printDialog.resumeHint')}</p> : null}
          </div>
        ) : null}
        {view.state === 'failed' ? (
          <p role="alert" className="error">
            {t('printDialog.failed')}
          </p>
        ) : null}
        <ErrorNote error={resume.error ?? stop.error} />
        <div className="toolbar">
          {view.state === 'printing' && !stationSilent ? (
            <button type="button" className="danger" disabled={stop.isPending} onClick={() => stop.mutate({ jobId: view.jobId })}>
              {t('printDialog.stop')}
            </button>
          ) : null}
          {view.state === 'stopped' && view.notPrinted.length ? (
            <button
              type="button"
              disabled={resume.isPending}
              onClick={() => resume.mutate({ jobId: view.jobId, wait: false }, { onSuccess: (next) => setJobId(next.jobId) })}
            >
              {t('printDialog.resume')}
            </button>
          ) : null}
          {closeButton}
        </div>
      </div>
    );
  }
}
