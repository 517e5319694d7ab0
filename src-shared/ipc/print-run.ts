import { z } from 'zod';
import { TemplateName, printTemplateCommands } from './print-templates';

// Print runs: the values each label of a batch will carry, generated on the station before anything is printed,
// exported for the printer (CSV for variable-data software, a proof PDF, ZPL for Zebra printers) and saved as the
// Reel's expected values so the bench checks every scan against them (docs/print-run.md).

/**
 * The run's settings: start, count, step, digits, prefix, suffix, firstPosition, check, qr (URL template with
 * {serial}, or { gs1: { gtin, domain } }), dataMatrix, barCode. Checked field by field by the print run's own
 * schema (src-main/print-run/generate.ts), whose messages name each problem and what to do.
 */
const PrintRunSpecInput = z.record(z.string(), z.unknown());

const PrintRunRow = z.object({
  position: z.number().int(),
  serial: z.string(),
  text: z.string(),
  qr: z.string(),
  dataMatrix: z.string().optional(),
  barCode: z.string().optional(),
});
export type PrintRunRowView = z.infer<typeof PrintRunRow>;

const PrintRunConflictView = z.object({
  kind: z.enum(['position-taken', 'value-used']),
  position: z.number().int(),
  existingPosition: z.number().int(),
  value: z.string(),
  message: z.string(),
});

export const PrintRunFormat = z.enum(['csv', 'pdf', 'zpl']);
export type PrintRunFormat = z.infer<typeof PrintRunFormat>;

/** How an export is laid out: the label stock (50x30, 70x37, 2x1in or WxH mm), the sheet of a PDF proof, a ZPL printer's dpi. */
const PrintRunLayout = z
  .object({
    stock: z.string().max(40).optional(),
    sheet: z.enum(['A4', 'Letter']).optional(),
    dpi: z.union([z.literal(203), z.literal(300)]).optional(),
  })
  .strict();

const Preview = {
  count: z.number().int(),
  first: z.array(PrintRunRow),
  last: z.array(PrintRunRow),
  conflicts: z.array(PrintRunConflictView),
  conflictCount: z.number().int(),
};

export const printRunCommands = {
  /** The first and last rows and what they would collide with on the Reel; nothing is saved. */
  'printRun.preview': {
    input: z.object({ reelId: z.string().min(1), spec: PrintRunSpecInput }).strict(),
    output: z.object(Preview),
  },
  /**
   * Generates the run: with `expected`, saves the rows as the Reel's expected values (refused, nothing saved, when
   * they collide with the Reel's Labels or print data); with `out` (the CLI only: a file path), writes the export
   * in `format` (else from the file's extension).
   */
  'printRun.generate': {
    input: z
      .object({
        reelId: z.string().min(1),
        spec: PrintRunSpecInput,
        expected: z.boolean().default(false),
        out: z.string().min(1).optional(),
        format: PrintRunFormat.optional(),
        layout: PrintRunLayout.optional(),
        /** The export drawn with a label template (docs/print-run.md, "Templates"): .zpl for a ZPL one, .pdf for an SVG one. */
        template: TemplateName.optional(),
      })
      .strict(),
    output: z.object({
      ...Preview,
      expected: z.number().int(),
      file: z.object({ path: z.string(), format: PrintRunFormat, bytes: z.number().int() }).nullable(),
    }),
  },
  /** One export as a download (the UI): its bytes, base64. */
  'printRun.export': {
    input: z.object({ reelId: z.string().min(1), spec: PrintRunSpecInput, format: PrintRunFormat, layout: PrintRunLayout.optional() }).strict(),
    output: z.object({ fileName: z.string(), mediaType: z.string(), bytes: z.number().int(), base64: z.string() }),
  },
  ...printTemplateCommands,
} as const;
