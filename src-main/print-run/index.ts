// Print run: a batch of labels generated before anything is printed, and its exports for the
// printer. Generation (generate.ts), conflicts with the Reel (conflicts.ts), and the exports: the
// print-data CSV the station imports (export-csv.ts), a proof PDF (export-pdf.ts) and ZPL for Zebra
// thermal printers (export-zpl.ts); label stocks and the layout inside a label (layout.ts).

export {
  CHECK_ALGORITHMS,
  CHECK_ALGORITHM_IMPLEMENTATIONS,
  GS1_SERIAL_MAX_LENGTH,
  MAX_AFFIX_LENGTH,
  MAX_COUNT,
  MAX_DIGITS,
  PrintRunSpecSchema,
  checkCoversPrefix,
  generateRows,
  lastNumber,
  parsePrintRunSpec,
  previewRows,
  type CheckAlgorithm,
  type PrintRunPreview,
  type PrintRunRow,
  type PrintRunSpec,
  type PrintRunSpecInput,
} from './generate';
export {
  DEFAULT_CONFLICT_LIMIT,
  PRINTED_TAG_TYPES,
  findConflicts,
  type ConflictReport,
  type ExistingLabel,
  type PrintRunConflict,
  type PrintedTagType,
} from './conflicts';
export { CSV_CHUNK_ROWS, printRunCsv, writePrintRunCsv } from './export-csv';
export { writeProofPdf, type ProofOptions, type ProofResult } from './export-pdf';
export {
  PLACEHOLDERS,
  ZplTemplateWriter,
  checkTemplate,
  missingPlaces,
  svgTemplateLabel,
  zplTemplateLabels,
  type Placeholder,
  type TemplateCheck,
  type TemplateCode,
} from './template';
export { MIN_MODULE_DOTS, TemplateDrawer, preflight, requirePreflightPassed, svgTemplatePdf, type PreflightOptions, type PreflightReport } from './preflight';
export { ZPL_DPIS, printRunZpl, writePrintRunZpl, zplFieldData, type ZplDpi, type ZplOptions } from './export-zpl';
export {
  LABEL_STOCKS,
  MIN_MODULE_MM,
  MM_PER_INCH,
  PT_PER_MM,
  QUIET_ZONE_MODULES,
  SHEETS,
  TYPICAL_CODE_WIDTHS,
  labelLayout,
  parseLabelStock,
  sheetLayout,
  type Box,
  type CodeWidths,
  type CodesOnLabel,
  type LabelLayout,
  type LabelStock,
  type SheetLayout,
  type SheetName,
  type SheetOptions,
  type XY,
} from './layout';
