import { z } from 'zod';

// Label templates (docs/print-run.md, "Templates"): a shop's own label design, ZPL or SVG with placeholders, stored
// on the station by name; a Reel can keep one as its own; the print run screen draws its first labels. Part of the
// print-run area (print-run.ts spreads these commands into its own).

export const TemplateName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^\s/\\][^/\\]*$/, 'a template name is up to 64 characters, without / or \\');

/** A template's body: at most 2 MB of text (a ZebraDesigner ZPL or an SVG with embedded images). */
const TemplateBody = z.string().min(1).max(2_000_000);

const TEMPLATE_CODES = ['qr', 'dataMatrix', 'barCode'] as const;

const TemplateView = z.object({
  name: z.string(),
  kind: z.enum(['zpl', 'svg']),
  placeholders: z.array(z.string()),
  codes: z.array(z.enum(TEMPLATE_CODES)),
  /** ZPL: commands that change the printer beyond the label (saved settings, resets, network settings), listed. */
  printerCommands: z.array(z.object({ command: z.string(), what: z.string() })),
  bytes: z.number().int(),
  createdAt: z.string(),
});
export type TemplateView = z.infer<typeof TemplateView>;

/** One label drawn as it will print: a PNG (base64), and what the preflight found on it. */
const DrawnLabel = z.object({
  position: z.number().int(),
  png: z.string(),
  /** A code under 3-dot modules (`small`, its `dots`), not read once drawn (`unread`), or read as another value (`wrong`). */
  findings: z.array(
    z.object({ code: z.enum(TEMPLATE_CODES), problem: z.enum(['small', 'unread', 'wrong']), dots: z.number().optional(), read: z.string().optional() }),
  ),
});

export const printTemplateCommands = {
  /**
   * Adds a template: from a file (`file`, the CLI only) or its text (`body`). Refused: an unknown placeholder
   * (STATION_TEMPLATE_UNKNOWN_PLACEHOLDER), an SVG's scripts, external references or entities (STATION_TEMPLATE_UNSAFE).
   * With `reelId`, `missing` names the values the Reel's composition prints that the template has no place for.
   */
  'printRun.templateAdd': {
    input: z
      .object({ name: TemplateName, file: z.string().min(1).optional(), body: TemplateBody.optional(), reelId: z.string().min(1).optional() })
      .strict()
      .refine((t) => (t.file === undefined) !== (t.body === undefined), { message: 'give the template one source: a file or its text' }),
    output: TemplateView.extend({ missing: z.array(z.string()) }),
  },
  'printRun.templates': {
    input: z.object({}).strict(),
    output: z.object({ templates: z.array(TemplateView) }),
  },
  'printRun.templateShow': {
    input: z.object({ name: TemplateName }).strict(),
    output: TemplateView.extend({ body: z.string() }),
  },
  'printRun.templateRemove': {
    input: z.object({ name: TemplateName }).strict(),
    output: z.object({ removed: z.string() }),
  },
  /** The Reel's own template (read; or set with `template`, null for the station's own layout); `missing` as for add. */
  'printRun.reelTemplate': {
    input: z.object({ reelId: z.string().min(1), template: TemplateName.nullable().optional() }).strict(),
    output: z.object({ template: z.string().nullable(), missing: z.array(z.string()) }),
  },
  /**
   * The first labels of the Reel's print data (or of `spec`'s run) drawn with the template as they will print on the
   * printer's stock and dpi (or `stock`/`dpi`), each with what the preflight found on it.
   */
  'printRun.templatePreview': {
    input: z
      .object({
        reelId: z.string().min(1),
        template: TemplateName,
        spec: z.record(z.string(), z.unknown()).optional(),
        printer: z.string().min(1).max(64).optional(),
        stock: z.string().max(40).optional(),
        dpi: z.union([z.literal(203), z.literal(300), z.literal(600)]).optional(),
        count: z.number().int().min(1).max(6).default(3),
      })
      .strict(),
    output: z.object({ kind: z.enum(['zpl', 'svg']), stock: z.string(), dpi: z.number().int(), labels: z.array(DrawnLabel) }),
  },
} as const;
