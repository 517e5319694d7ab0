import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from '../../components/DataTable';

// The Reel report's and the shift summary's sections and tables (report.css): each section under its heading, each
// table in the report's style, on screen and printed alike.

/** A section of the report, named by its heading. */
export function ReportSection({ id, title, testId, children }: { id: string; title: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="report-section" data-testid={testId}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

/** A table of the report: a DataTable with the report's rules and numbers. */
export function ReportTable<Row>(props: Omit<DataTableProps<Row>, 'className'>) {
  return <DataTable {...props} className="report-table" />;
}
