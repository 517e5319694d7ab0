// The print-data CSV: the header the station imports (src-main/print-run/print-data.ts) and its print runs export
// (src-main/print-run/export-csv.ts). nfc and svc are read at the bench; the others are printed.

export const PRINT_DATA_COLUMNS = ['position', 'text', 'qr', 'data_matrix', 'bar_code', 'nfc', 'svc'] as const;
export type PrintDataColumn = (typeof PRINT_DATA_COLUMNS)[number];

/**
 * What can be wrong with print data, as codes: the station says each in English (the CLI, the log) and gives the
 * renderer the code and its parameters, which it words from its catalogs in the UI's language
 * (`import.problem.<code>`).
 */
export const PRINT_DATA_PROBLEM_CODES = [
  // a row
  'fieldsFew',
  'fieldsMany',
  'quotes',
  'positionNotNumber',
  'nfcUid',
  'noValue',
  'unreadableCharacter',
  'positionTwice',
  'positionTaken',
  'misorder',
  'misprint',
  'svcCliOnly',
  'svcUnreadable',
  'svcCapture',
  // the file
  'unknownColumns',
  'columnsTwice',
  'noPositionColumn',
  'empty',
  'noRows',
  'changed',
] as const;
export type PrintDataProblemCode = (typeof PRINT_DATA_PROBLEM_CODES)[number];

/** One problem as the renderer words it: its code and what fills the words. */
export interface PrintDataIssue {
  code: PrintDataProblemCode;
  params: Record<string, string | number>;
}
