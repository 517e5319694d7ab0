import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { CommandHandlers } from '../../src-shared/ipc/contract';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { PrintRunFormat, printRunCommands } from '../../src-shared/ipc/print-run';
import { requireFilePathsAllowed } from '../changes/capture-source';
import { requireReel } from '../changes/context';
import { importPrintData } from '../changes/import';
import type { ConflictReport, ExistingLabel, PrintRunRow, PrintRunSpec } from '../print-run';
import { listLabels } from '../store/labels';
import type { CommandContext } from './context';
import { preflightEvents, printTemplateHandlers, requireTemplate } from './print-templates';

// Print runs (docs/print-run.md): preview, generate (save as the Reel's expected values, write an export), and one
// export as a download. The rows are generated lazily and streamed to files; the expected values are saved through
// the print-data import (`import --expected-only`), so the bench checks scans against them like imported data.

/** The print-run room (pdfkit, bwip-js, cdigit, digital-link.js) loads on the first print-run command, not at start-up. */
const printRun = () => import('../print-run');

const MEDIA_TYPES: Record<PrintRunFormat, string> = { csv: 'text/csv', pdf: 'application/pdf', zpl: 'application/x-zpl' };
/** The stock a PDF proof or ZPL uses when none is named. */
const DEFAULT_STOCK = '50x30';
const PREVIEW_ROWS = 3;

type Layout = { stock?: string | undefined; sheet?: 'A4' | 'Letter' | undefined; dpi?: 203 | 300 | undefined };

function formatOf(path: string, format: PrintRunFormat | undefined): PrintRunFormat {
  if (format) return format;
  const ext = extname(path).slice(1).toLowerCase();
  if (ext === 'csv' || ext === 'pdf' || ext === 'zpl') return ext;
  throw new StationError({
    code: StationErrorCode.invalidInput,
    message: `Cannot tell the export's format from "${path}": name a .csv, .pdf or .zpl file, or give the format.`,
  });
}

/**
 * The run drawn with a label template (docs/print-run.md, "Templates"): a ZPL template's formats to a .zpl, an SVG
 * template's labels to a .pdf (one page per label at the stock's size). Every label is checked first as a job's are
 * (the preflight, told as `print.preflight` events); nothing is written when one fails.
 */
async function writeTemplateExport(
  events: { ctx: CommandContext; reelId: string },
  spec: PrintRunSpec,
  path: string,
  format: PrintRunFormat,
  layout: Layout | undefined,
  name: string,
  body: string,
): Promise<number> {
  const { TemplateDrawer, generateRows, preflight, previewRows, requirePreflightPassed, svgTemplatePdf, zplTemplateLabels } = await printRun();
  const stock = layout?.stock ?? DEFAULT_STOCK;
  const drawer = new TemplateDrawer(body, { stock, dpi: layout?.dpi ?? 203 });
  if (format !== (drawer.kind === 'zpl' ? 'zpl' : 'pdf')) {
    throw new StationError({
      code: StationErrorCode.invalidInput,
      message: `Template ${name} is ${drawer.kind === 'zpl' ? 'ZPL: write it to a .zpl file' : 'SVG: write it to a .pdf file'} (--out FILE.${drawer.kind === 'zpl' ? 'zpl' : 'pdf'}).`,
    });
  }
  const { count } = previewRows(spec, 1);
  const told = preflightEvents(events.ctx.events, { reelId: events.reelId, template: name, count });
  // An SVG template's pages are the preflight's own drawings: what was checked is what is written, drawn once.
  const drawn = new Map<number, Buffer>();
  const report = await preflight(drawer, generateRows(spec), {
    checked: told.checked,
    ...(drawer.kind === 'svg' ? { drawn: (row: PrintRunRow, png: Buffer) => drawn.set(row.position, png) } : {}),
  });
  told.ended(report);
  requirePreflightPassed(report, name);
  const rows = [...generateRows(spec)];
  const bytes = drawer.kind === 'zpl' ? Buffer.from(zplTemplateLabels(body, rows).join(''), 'utf8') : await svgTemplatePdf(drawer, rows, 1, stock, drawn);
  const { writeFileWhole, writeChunk } = await import('../runtime/write-whole');
  await writeFileWhole(path, (out) => writeChunk(out, bytes));
  return bytes.length;
}

async function writeExport(spec: PrintRunSpec, path: string, format: PrintRunFormat, layout: Layout | undefined, reelName: string): Promise<number> {
  const { generateRows, previewRows, writePrintRunCsv, writePrintRunZpl, writeProofPdf } = await printRun();
  const stock = layout?.stock ?? DEFAULT_STOCK;
  if (format === 'csv') await writePrintRunCsv(generateRows(spec), path);
  else if (format === 'pdf') {
    // Every page of the proof names the Reel, the run and the day, and says "page N of M" (docs/print-run.md).
    const { count, first, last } = previewRows(spec, 1);
    const head = first[0];
    const tail = last.at(-1) ?? head;
    const run = head && tail ? `positions ${head.position}–${tail.position}, ${head.text} … ${tail.text} (${count} labels)` : `(${count} labels)`;
    await writeProofPdf(generateRows(spec), path, {
      stock,
      ...(layout?.sheet ? { sheet: layout.sheet } : {}),
      header: { reel: reelName, run, date: new Date().toISOString().slice(0, 10), labels: count },
    });
  } else await writePrintRunZpl(generateRows(spec), path, { stock, ...(layout?.dpi ? { dpi: layout.dpi } : {}) });
  return statSync(path).size;
}

export function printRunHandlers(ctx: CommandContext): CommandHandlers<keyof typeof printRunCommands> {
  const { changes } = ctx;
  const tmpDir = () => {
    const dir = join(ctx.dataDir, 'tmp');
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  /** The Reel's Labels and print data, as the conflict check reads them. */
  const existing = (reelId: string, printed: readonly string[]): ExistingLabel[] =>
    listLabels(ctx.db, reelId).map((label) => {
      const values: ExistingLabel['values'] = { ...label.expected };
      for (const i of label.identifiers) {
        if (i.value !== undefined && printed.includes(i.tagType)) values[i.tagType as keyof ExistingLabel['values']] = i.value;
      }
      return { position: label.position, values, state: label.state };
    });
  const preview = async (reelId: string, input: Record<string, unknown>) => {
    const { PRINTED_TAG_TYPES, findConflicts, generateRows, parsePrintRunSpec, previewRows } = await printRun();
    requireReel(changes, reelId);
    const spec = parsePrintRunSpec(input);
    const rows = previewRows(spec, PREVIEW_ROWS);
    const report: ConflictReport = findConflicts(generateRows(spec), existing(reelId, PRINTED_TAG_TYPES));
    return {
      spec,
      view: {
        count: rows.count,
        first: rows.first,
        last: rows.last,
        conflicts: report.conflicts.map((c) => ({
          kind: c.kind,
          position: c.position,
          existingPosition: c.existingPosition,
          value: c.value,
          message: c.message,
        })),
        conflictCount: report.total,
      },
    };
  };

  return {
    'printRun.preview': async ({ reelId, spec }) => (await preview(reelId, spec)).view,
    'printRun.generate': async ({ reelId, spec: input, expected, out, format, layout, template }) => {
      if (out !== undefined) requireFilePathsAllowed(ctx.allowFilePaths, 'printRun.generate', 'out');
      const { spec, view } = await preview(reelId, input);
      if (expected && view.conflictCount > 0) {
        throw new StationError({
          code: StationErrorCode.conflict,
          message: `The print run collides with the Reel in ${view.conflictCount} place(s), so nothing was saved: ${view.conflicts
            .slice(0, 3)
            .map((c) => c.message)
            .join('; ')}${view.conflictCount > 3 ? `; and ${view.conflictCount - 3} more` : ''}.`,
          detail: { case: 'printRunCollides', count: view.conflictCount, conflicts: view.conflicts, conflictCount: view.conflictCount },
        });
      }
      let file: { path: string; format: PrintRunFormat; bytes: number } | null = null;
      if (out !== undefined) {
        const path = resolve(out);
        const chosen = formatOf(path, format);
        const reelName = requireReel(changes, reelId).name;
        const drawn = template === undefined ? undefined : requireTemplate(ctx.db, template);
        const bytes = drawn
          ? await writeTemplateExport({ ctx, reelId }, spec, path, chosen, layout, drawn.name, drawn.body)
          : await writeExport(spec, path, chosen, layout, reelName);
        file = { path, format: chosen, bytes };
      }
      let saved = 0;
      if (expected) {
        // The import's own expected-only path: the same checks and the same rows as `import --expected-only`.
        const dir = tmpDir();
        const csv = join(dir, `print-run-${randomUUID()}.csv`);
        try {
          const { generateRows, writePrintRunCsv } = await printRun();
          await writePrintRunCsv(generateRows(spec), csv);
          saved = (await importPrintData(changes, { reelId, source: { path: csv }, baseDir: dir, expectedOnly: true, allowFilePaths: false })).expected;
        } finally {
          rmSync(csv, { force: true });
        }
        ctx.labelsChanged(reelId, []);
      }
      return { ...view, expected: saved, file };
    },
    'printRun.export': async ({ reelId, spec: input, format, layout }) => {
      const reel = requireReel(changes, reelId);
      const spec = (await printRun()).parsePrintRunSpec(input);
      const path = join(tmpDir(), `print-run-${randomUUID()}.${format}`);
      try {
        const bytes = await writeExport(spec, path, format, layout, reel.name);
        const safeName = reel.name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'reel';
        return { fileName: `${safeName}-print-run.${format}`, mediaType: MEDIA_TYPES[format], bytes, base64: readFileSync(path).toString('base64') };
      } finally {
        rmSync(path, { force: true });
      }
    },
    ...printTemplateHandlers(ctx),
  };
}
