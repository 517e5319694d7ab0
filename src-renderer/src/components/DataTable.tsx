import type { ReactNode } from 'react';

/**
 * The one table of the renderer (docs/architecture.md, "Renderer"): every list of rows on a
 * screen is a DataTable, so headers, scope, numbers' alignment, the empty line and the
 * compact density are decided once. A column says what its header is and how a row's cell
 * is drawn; the table draws nothing else.
 */
interface Column<Row> {
  /** Stable key of the column (React key and the cell's data-col attribute). */
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** Numbers are right-aligned and tabular so columns of counts line up. */
  numeric?: boolean;
  /** Extra class on the column's cells (e.g. "actions", "mono"). */
  className?: string;
  /** The header's accessible name when the visible header is a symbol (e.g. "#"). */
  headerLabel?: string;
  /** The column names its row (a Reel's name): its cells are row headers (`th scope="row"`). */
  rowHeader?: boolean;
  /** The cell's tooltip (e.g. the full text of a cell cut to one line). */
  title?: (row: Row) => string | undefined;
  /** A class of the row's own cell (a device's health colour). */
  cellClassName?: (row: Row) => string | undefined;
}

export interface DataTableProps<Row> {
  /** The table's accessible name: what the rows are. */
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row, index: number) => string | number;
  rowClassName?: (row: Row) => string | undefined;
  /** Shown in one row across the table when there are no rows. */
  empty?: ReactNode;
  /** Tighter rows for long lists (Reels, Queue). */
  compact?: boolean;
  /** A caption drawn above the table (visible). */
  caption?: ReactNode;
  className?: string;
  testId?: string;
}

export function DataTable<Row>({ label, columns, rows, rowKey, rowClassName, empty, compact, caption, className, testId }: DataTableProps<Row>) {
  const classes = ['data-table', compact ? 'compact' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <table aria-label={label} className={classes} data-testid={testId}>
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col" className={cellClass(c)} aria-label={c.headerLabel}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows && rows.length > 0 ? (
          rows.map((row, i) => (
            <tr key={rowKey(row, i)} className={rowClassName?.(row)}>
              {columns.map((c) =>
                c.rowHeader ? (
                  <th key={c.key} scope="row" className={cellClass(c, row)} data-col={c.key} title={c.title?.(row)}>
                    {c.cell(row, i)}
                  </th>
                ) : (
                  <td key={c.key} className={cellClass(c, row)} data-col={c.key} title={c.title?.(row)}>
                    {c.cell(row, i)}
                  </td>
                ),
              )}
            </tr>
          ))
        ) : empty !== undefined ? (
          <tr className="empty">
            <td colSpan={columns.length}>{empty}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

function cellClass<Row>(c: Column<Row>, row?: Row): string | undefined {
  const parts = [c.numeric ? 'num' : '', c.className ?? '', row === undefined ? '' : (c.cellClassName?.(row) ?? '')].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}
