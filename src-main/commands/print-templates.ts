import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CommandHandlers } from '../../src-shared/ipc/contract';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { printTemplateCommands } from '../../src-shared/ipc/print-templates';
import { printEvents, type PrintPreflight } from '../../src-shared/ipc/printers';
import { requireFilePathsAllowed } from '../changes/capture-source';
import { requireReel } from '../changes/context';
import type { PreflightOptions, PreflightReport, PrintRunRow } from '../print-run';
import type { EventBus } from '../runtime/events';
import type { PrinterStatus } from '../printers/types';
import { listLabels } from '../store/labels';
import { getPrinter, type StoredPrinter } from '../store/printers';
import { deleteTemplate, getTemplate, insertTemplate, listTemplates, reelTemplate, setReelTemplate, type StoredTemplate } from '../store/print-templates';
import type { Db } from '../store/database';
import type { CommandContext } from './context';

// Label templates (docs/print-run.md, "Templates"): the handlers of src-shared/ipc/print-templates.ts, and what a print
// job with a template is sent, checked first (the preflight). The print-run room (template.ts, preflight.ts) loads
// with the first template command.

const printRun = () => import('../print-run');
const MAX_TEMPLATE_BYTES = 2_000_000;
const PDF = 'application/pdf';
const ZPL = 'application/vnd.zebra-zpl';

/** The print data's tag types a template places, by the placeholder names `missing` uses. */
const PRINTED: Record<string, string> = { TEXT: 'text', QR: 'qr', DATA_MATRIX: 'data_matrix', BAR_CODE: 'bar_code' };

function notFound(db: Db, name: string): StationError {
  const names = listTemplates(db).map((t) => t.name);
  return new StationError({
    code: StationErrorCode.notFound,
    message: `No label template named "${name}" on this station (${names.length ? `it has ${names.join(', ')}` : 'it has none yet'}): add it with "station print-run template add ${name} FILE".`,
    detail: { template: name },
  });
}

export function requireTemplate(db: Db, name: string): StoredTemplate {
  const template = getTemplate(db, name);
  if (!template) throw notFound(db, name);
  return template;
}

async function viewOf(template: StoredTemplate) {
  const check = (await printRun()).checkTemplate(template.body);
  return {
    name: template.name,
    kind: check.kind,
    placeholders: check.placeholders,
    codes: check.codes,
    printerCommands: check.printerCommands,
    bytes: Buffer.byteLength(template.body),
    createdAt: template.createdAt,
  };
}

/** The values the Reel's composition prints that the template has no place for. */
async function missingFor(db: Db, ctx: CommandContext, reelId: string, body: string): Promise<string[]> {
  const reel = requireReel(ctx.changes, reelId);
  const { checkTemplate, missingPlaces } = await printRun();
  const printed = new Set(reel.expectedIdentifiers.filter((e) => e.count > 0).map((e) => PRINTED[e.tagType]));
  const missing = missingPlaces(checkTemplate(body), {
    qr: printed.has('qr') ? 'x' : '',
    ...(printed.has('data_matrix') ? { dataMatrix: 'x' } : {}),
    ...(printed.has('bar_code') ? { barCode: 'x' } : {}),
  });
  return missing.filter((m) => m !== 'text' || printed.has('text'));
}

/** The Reel's print data at its first `count` positions with print data, as rows. */
function firstRows(db: Db, reelId: string, count: number): PrintRunRow[] {
  return listLabels(db, reelId)
    .filter((l) => l.expected?.TEXT)
    .slice(0, count)
    .map((l) => {
      const e = l.expected as Record<string, string>;
      return {
        position: l.position,
        serial: e.TEXT as string,
        text: e.TEXT as string,
        qr: e.QR ?? '',
        ...(e.DATA_MATRIX ? { dataMatrix: e.DATA_MATRIX } : {}),
        ...(e.BAR_CODE ? { barCode: e.BAR_CODE } : {}),
      };
    });
}

export function printTemplateHandlers(ctx: CommandContext): CommandHandlers<keyof typeof printTemplateCommands> {
  const { db } = ctx;
  return {
    'printRun.templateAdd': async ({ name, file, body, reelId }) => {
      let text = body;
      if (file !== undefined) {
        requireFilePathsAllowed(ctx.allowFilePaths, 'printRun.templateAdd', 'file');
        const path = resolve(file);
        let size: number;
        try {
          size = statSync(path).size;
        } catch {
          throw new StationError({ code: StationErrorCode.invalidInput, message: `Cannot read the template file "${path}": check the path.` });
        }
        if (size > MAX_TEMPLATE_BYTES) {
          throw new StationError({
            code: StationErrorCode.invalidInput,
            message: `The template file is ${size} bytes, more than ${MAX_TEMPLATE_BYTES}: embed smaller images, or save the design without unused graphics.`,
          });
        }
        text = readFileSync(path, 'utf8');
      }
      const source = text as string;
      const check = (await printRun()).checkTemplate(source);
      const missing = reelId === undefined ? [] : await missingFor(db, ctx, reelId, source);
      const stored = { name, kind: check.kind, body: source, createdAt: new Date().toISOString() };
      if (!insertTemplate(db, stored)) {
        throw new StationError({
          code: StationErrorCode.conflict,
          message: `A label template named "${name}" exists already: choose another name, or remove it first ("station print-run template remove ${name}").`,
        });
      }
      return { ...(await viewOf(stored)), missing };
    },
    'printRun.templates': async () => ({ templates: await Promise.all(listTemplates(db).map(viewOf)) }),
    'printRun.templateShow': async ({ name }) => {
      const template = requireTemplate(db, name);
      return { ...(await viewOf(template)), body: template.body };
    },
    'printRun.templateRemove': ({ name }) => {
      if (!deleteTemplate(db, name)) throw notFound(db, name);
      return { removed: name };
    },
    'printRun.reelTemplate': async ({ reelId, template }) => {
      requireReel(ctx.changes, reelId);
      if (template !== undefined) {
        if (template !== null) requireTemplate(db, template);
        setReelTemplate(db, reelId, template);
      }
      const current = reelTemplate(db, reelId);
      return { template: current, missing: current ? await missingFor(db, ctx, reelId, requireTemplate(db, current).body) : [] };
    },
    'printRun.templatePreview': async ({ reelId, template: name, spec, printer: printerName, stock, dpi, count }) => {
      requireReel(ctx.changes, reelId);
      const template = requireTemplate(db, name);
      const printer = printerName === undefined ? undefined : getPrinter(db, printerName);
      const media = { stock: stock ?? printer?.stock ?? '50x30', dpi: dpi ?? printer?.dpi ?? 203 };
      const { TemplateDrawer, parsePrintRunSpec, previewRows } = await printRun();
      const rows = spec ? previewRows(parsePrintRunSpec(spec), count).first : firstRows(db, reelId, count);
      const drawer = new TemplateDrawer(template.body, media);
      const labels = [];
      for (const row of rows) {
        const checked = await drawer.check(row);
        labels.push({
          position: row.position,
          png: checked.png.toString('base64'),
          findings: checked.findings.map(({ code, problem, dots, read }) => ({
            code,
            problem,
            ...(dots === undefined ? {} : { dots }),
            ...(read === undefined ? {} : { read }),
          })),
        });
      }
      return { kind: drawer.kind, stock: media.stock, dpi: media.dpi, labels };
    },
  };
}

/** A preflight's progress reaches a screen and the CLI at most this often (and at its end). */
const PREFLIGHT_TELL_MS = 100;

/**
 * The `print.preflight` events of one preflight (docs/print-run.md, "Preflight"): `checked` for PreflightOptions
 * (throttled), `ended` with its report. Each is checked against the contract like every event.
 */
export function preflightEvents(
  events: EventBus,
  base: { reelId: string; jobId?: string | undefined; template: string; count: number },
): { checked: NonNullable<PreflightOptions['checked']>; ended(report: PreflightReport): void } {
  const tell = (event: Omit<PrintPreflight, 'reelId' | 'template' | 'count'>) =>
    events.emit(
      'print.preflight',
      printEvents['print.preflight'].parse({
        reelId: base.reelId,
        ...(base.jobId ? { jobId: base.jobId } : {}),
        template: base.template,
        count: base.count,
        ...event,
      }),
    );
  let told = 0;
  tell({ checked: 0, state: 'checking' });
  return {
    checked(labels) {
      const now = performance.now();
      if (now - told < PREFLIGHT_TELL_MS) return;
      told = now;
      tell({ checked: labels, state: 'checking' });
    },
    ended(report) {
      const state = report.canceled ? 'canceled' : report.findings.length ? 'refused' : 'passed';
      const findings = report.findings.slice(0, 20).map(({ position, code, problem, dots, read }) => ({
        position,
        code,
        problem,
        ...(dots === undefined ? {} : { dots }),
        ...(read === undefined ? {} : { read }),
      }));
      tell({ checked: report.labels, state, ...(state === 'refused' ? { findings } : {}) });
    },
  };
}

/** What a job with a template sends: its name, and the ZPL formats or the PDF, checked label by label first. */
export interface TemplatedDocuments {
  template: string;
  zpl?: string[];
  pdf?: Buffer;
}

/**
 * The template a job prints with (the one asked, else the Reel's own; none: the station's layout), its documents
 * made and every label checked (docs/print-run.md, "Preflight"); refused with nothing recorded when a label fails or
 * the template does not suit the printer.
 */
export async function templatedDocuments(
  db: Db,
  input: { reelId: string; template?: string | undefined; printer: StoredPrinter; status: PrinterStatus; rows: readonly PrintRunRow[]; copies: number },
  /** The job's id, its events, and the signal that cancels its check (print.cancelCheck). */
  check: { jobId: string; events: EventBus; signal: AbortSignal },
): Promise<TemplatedDocuments | undefined> {
  const name = input.template ?? reelTemplate(db, input.reelId);
  if (!name) return undefined;
  const template = requireTemplate(db, name);
  const { TemplateDrawer, preflight, requirePreflightPassed, svgTemplatePdf } = await printRun();
  const { printer } = input;
  const drawer = new TemplateDrawer(template.body, { stock: printer.stock, dpi: printer.dpi });
  const takesZpl = printer.kind === 'zpl' || input.status.formats.includes(ZPL);
  const takesPdf = printer.kind === 'ipp' && input.status.formats.includes(PDF);
  if ((drawer.kind === 'zpl' && !takesZpl) || (drawer.kind === 'svg' && !takesPdf)) {
    throw new StationError({
      code: StationErrorCode.printFormatUnsupported,
      message: `Template ${name} is ${drawer.kind === 'zpl' ? 'ZPL' : 'SVG (printed as PDF)'}, and printer ${printer.name} does not take ${drawer.kind === 'zpl' ? 'ZPL' : 'PDF'}: choose a ${drawer.kind === 'zpl' ? 'PDF/IPP printer with an SVG template' : 'ZPL printer with a ZPL template'}, or the other kind of template.`,
      detail: { template: name, printer: printer.name },
    });
  }
  // An SVG template's pages are the preflight's own drawings: what was checked is what prints, drawn once.
  const drawn = new Map<number, Buffer>();
  // A visible phase of the job: its progress as `print.preflight` events, cancelable (docs/print-run.md, "Preflight").
  const told = preflightEvents(check.events, { reelId: input.reelId, jobId: check.jobId, template: name, count: input.rows.length });
  const report = await preflight(drawer, input.rows, {
    checked: told.checked,
    signal: check.signal,
    ...(drawer.kind === 'svg' ? { drawn: (row: PrintRunRow, png: Buffer) => drawn.set(row.position, png) } : {}),
  });
  if (report.canceled || report.findings.length) {
    told.ended(report);
    requirePreflightPassed(report, name);
  }
  let documents: TemplatedDocuments;
  if (drawer.kind === 'svg') documents = { template: name, pdf: await svgTemplatePdf(drawer, input.rows, input.copies, printer.stock, drawn) };
  else {
    const { zplTemplateLabels } = await printRun();
    const repeated = input.rows.flatMap((row) => Array.from({ length: input.copies }, () => row));
    documents = { template: name, zpl: zplTemplateLabels(template.body, repeated) };
  }
  // A cancel that lands after the last label was checked (or while the documents were made) still stops the job: the
  // check ends here, and print.cancelCheck answered `canceled` only while it ran (docs/print-run.md, "Preflight").
  const ended = check.signal.aborted ? { ...report, canceled: true } : report;
  told.ended(ended);
  requirePreflightPassed(ended, name);
  return documents;
}
