// The print-data CSV: the header the station imports (src-main/print-run/print-data.ts) and its print runs export
// (src-main/print-run/export-csv.ts). nfc and svc are read at the bench; the others are printed.

export const PRINT_DATA_COLUMNS = ['position', 'text', 'qr', 'data_matrix', 'bar_code', 'nfc', 'svc'] as const;
export type PrintDataColumn = (typeof PRINT_DATA_COLUMNS)[number];
