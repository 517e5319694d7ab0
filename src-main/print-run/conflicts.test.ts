import { describe, expect, it } from 'vitest';
import { findConflicts, type ExistingLabel } from './conflicts';
import { generateRows, type PrintRunSpecInput } from './generate';

const SPEC: PrintRunSpecInput = {
  start: 1,
  count: 10,
  digits: 4,
  prefix: 'RUN',
  firstPosition: 101,
  qr: 'https://example.test/{serial}',
  dataMatrix: 'DM{number}',
  barCode: '{serial}',
};

describe('findConflicts', () => {
  it('reports positions already taken, with both positions and the state', () => {
    const existing: ExistingLabel[] = [
      { position: 103, state: 'enrolled', values: { TEXT: 'OLD-3' } },
      { position: 105, state: 'expected', values: { QR: 'https://example.test/other' } },
      { position: 107, state: 'bound', values: {} },
      // Not taken: an expected Label without values, a gap, a Label outside the run.
      { position: 104, state: 'expected', values: {} },
      { position: 106, state: 'gap', values: {} },
      { position: 99, state: 'enrolled', values: { TEXT: 'OLD-99' } },
    ];
    const report = findConflicts(generateRows(SPEC), existing);
    expect(report.takenPositions).toBe(3);
    expect(report.repeatedValues).toBe(0);
    expect(report.total).toBe(3);
    expect(report.conflicts.map((c) => [c.kind, c.position, c.existingPosition, c.kind === 'position-taken' ? c.state : null, c.value])).toEqual([
      ['position-taken', 103, 103, 'enrolled', 'RUN0003'],
      ['position-taken', 105, 105, 'expected', 'RUN0005'],
      ['position-taken', 107, 107, 'bound', 'RUN0007'],
    ]);
    expect(report.conflicts[0]?.message).toBe(
      'position 103 already holds a Label (enrolled, "OLD-3"); "RUN0003" cannot be printed for it: start the run at a free position (--first-position) or void that Label first',
    );
  });

  it('reports values already used at another position: TEXT ignoring case, the others exactly', () => {
    const existing: ExistingLabel[] = [
      { position: 7, state: 'enrolled', values: { TEXT: 'run0002' } },
      { position: 8, state: 'enrolled', values: { QR: 'https://example.test/RUN0004' } },
      { position: 9, state: 'enrolled', values: { QR: 'https://example.test/run0005' } }, // QR is exact: no conflict
      { position: 10, state: 'gap', values: { DATA_MATRIX: 'DM0006' } },
      { position: 11, state: 'archived', values: { BAR_CODE: 'RUN0008' } },
      { position: 12, state: 'enrolled', values: { BAR_CODE: 'run0009' } }, // BAR_CODE is exact: no conflict
      { position: 13, state: 'enrolled', values: { TEXT: 'DM0001' } }, // another tag type: no conflict
    ];
    const report = findConflicts(generateRows(SPEC), existing);
    expect(report.takenPositions).toBe(0);
    expect(report.conflicts.map((c) => [c.kind, c.kind === 'value-used' ? c.tagType : null, c.position, c.existingPosition, c.value])).toEqual([
      ['value-used', 'TEXT', 102, 7, 'RUN0002'],
      ['value-used', 'QR', 104, 8, 'https://example.test/RUN0004'],
      ['value-used', 'DATA_MATRIX', 106, 10, 'DM0006'],
      ['value-used', 'BAR_CODE', 108, 11, 'RUN0008'],
    ]);
    expect(report.conflicts[0]?.message).toBe(
      'TEXT "RUN0002" for position 102 is already at position 7: change the numbering (--start, --prefix) so the run\'s values are new',
    );
  });

  it("a value at its own position is the taken position (or the run's own), not a repeat", () => {
    const other = findConflicts(generateRows(SPEC), [{ position: 101, state: 'expected', values: { TEXT: 'RUN0001', QR: 'https://example.test/x' } }]);
    expect(other.conflicts.map((c) => c.kind)).toEqual(['position-taken']);
    expect(findConflicts(generateRows(SPEC), [{ position: 101, state: 'expected', values: { TEXT: 'RUN0001' } }]).total).toBe(0);
  });

  it("a position whose Label is the run's own is not taken: its print data or enrolled values are the row's", () => {
    const rows = [...generateRows(SPEC)];
    const own = (position: number): ExistingLabel['values'] => {
      const row = rows.find((r) => r.position === position);
      if (!row) throw new Error(`no row ${position}`);
      return { TEXT: row.text, QR: row.qr, DATA_MATRIX: row.dataMatrix ?? '', BAR_CODE: row.barCode ?? '' };
    };
    // The run saved as the Reel's print data: every position is the run's own, nothing collides.
    const printData: ExistingLabel[] = rows.map((r) => ({ position: r.position, state: 'expected', values: own(r.position) }));
    expect(findConflicts(rows, printData)).toMatchObject({ total: 0, takenPositions: 0, repeatedValues: 0 });

    const existing: ExistingLabel[] = [
      // Enrolled with the run's values (TEXT as the bench compares it, ignoring case): its own.
      { position: 101, state: 'enrolled', values: { TEXT: 'run0001', QR: 'https://example.test/RUN0001' } },
      // Print data with fewer codes than the run, each the row's: its own.
      { position: 102, state: 'expected', values: { TEXT: 'RUN0002' } },
      // One value differs: taken.
      { position: 103, state: 'expected', values: { ...own(103), QR: 'https://example.test/other' } },
      // Enrolled with no printed value to compare: taken.
      { position: 105, state: 'enrolled', values: {} },
      // QR compares exactly: another value.
      { position: 106, state: 'expected', values: { QR: 'https://example.test/run0006' } },
    ];
    const report = findConflicts(rows, existing);
    expect(report.conflicts.map((c) => [c.kind, c.position])).toEqual([
      ['position-taken', 103],
      ['position-taken', 105],
      ['position-taken', 106],
    ]);

    // Print data with a code the run does not print (a bar code): the run would leave it out, so it is taken.
    const noBarCode = [...generateRows({ ...SPEC, barCode: undefined })];
    const withBarCode = findConflicts(noBarCode, [{ position: 104, state: 'expected', values: own(104) }]);
    expect(withBarCode.conflicts.map((c) => [c.kind, c.position])).toEqual([['position-taken', 104]]);
  });

  it('lists at most `limit` conflicts and counts them all', () => {
    const rows = generateRows({ ...SPEC, count: 5000, digits: 5 });
    const existing = function* (): Generator<ExistingLabel> {
      for (let p = 101; p < 5101; p += 1) yield { position: p, state: 'enrolled', values: {} };
    };
    const report = findConflicts(rows, existing(), { limit: 25 });
    expect(report.conflicts).toHaveLength(25);
    expect(report.total).toBe(5000);
    expect(report.takenPositions).toBe(5000);
  });
});
