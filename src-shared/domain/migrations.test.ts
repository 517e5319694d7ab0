import { describe, expect, it } from 'vitest';
import { runMigrations, type Migration, type MigrationLedger, type MigrationTarget } from './migrations';

// The one migrations runner of the station and the sandbox, against a database stand-in: `exec` appends the
// statement, a transaction keeps what it did only when it returns, SQL "FAIL" throws.

function fakeDatabase() {
  const state = { executed: [] as string[], recorded: [] as { version: number; appliedAt: string }[] };
  const db: MigrationTarget = {
    exec(sql) {
      if (sql === 'FAIL') throw new Error('syntax error');
      state.executed.push(sql);
    },
    transaction: (fn) => () => {
      const before = { executed: [...state.executed], recorded: [...state.recorded] };
      try {
        fn();
      } catch (error) {
        Object.assign(state, before);
        throw error;
      }
    },
  };
  const ledger: MigrationLedger = {
    applied: () => state.recorded.map((r) => r.version),
    record: (m, appliedAt) => state.recorded.push({ version: m.version, appliedAt }),
  };
  return { db, ledger, state };
}

const step = (version: number, sql = `step ${version}`): Migration => ({ version, sql });
const now = () => new Date('2026-08-01T10:00:00.000Z');

describe('runMigrations', () => {
  it('applies each pending migration once, in ascending version order, recording each', () => {
    const { db, ledger, state } = fakeDatabase();
    expect(runMigrations(db, [step(2), step(1)], ledger, { now })).toEqual([1, 2]);
    expect(runMigrations(db, [step(1), step(2), step(3)], ledger, { now })).toEqual([3]);
    expect(runMigrations(db, [step(1), step(2), step(3)], ledger, { now })).toEqual([]);
    expect(state.executed).toEqual(['step 1', 'step 2', 'step 3']);
    expect(state.recorded).toEqual([1, 2, 3].map((version) => ({ version, appliedAt: '2026-08-01T10:00:00.000Z' })));
  });

  it("runs a start's pending migrations in one transaction", () => {
    const { db, ledger, state } = fakeDatabase();
    let transactions = 0;
    const counted: MigrationTarget = {
      exec: (sql) => db.exec(sql),
      transaction(fn) {
        transactions += 1;
        return db.transaction(fn);
      },
    };
    expect(runMigrations(counted, [step(1), step(2), step(3)], ledger)).toEqual([1, 2, 3]);
    expect(transactions).toBe(1);
    expect(runMigrations(counted, [step(1), step(2), step(3), step(4), step(5)], ledger)).toEqual([4, 5]);
    expect(transactions).toBe(2);
    expect(runMigrations(counted, [step(1), step(2), step(3), step(4), step(5)], ledger)).toEqual([]);
    expect(transactions).toBe(2);
    expect(state.recorded.map((r) => r.version)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a failing migration leaves nothing of the run applied, neither changes nor records, and the run goes again next time', () => {
    const { db, ledger, state } = fakeDatabase();
    expect(runMigrations(db, [step(1)], ledger)).toEqual([1]);
    expect(() => runMigrations(db, [step(1), step(2), step(3, 'FAIL'), step(4)], ledger)).toThrow('syntax error');
    expect(state.executed).toEqual(['step 1']);
    expect(state.recorded.map((r) => r.version)).toEqual([1]);
    expect(runMigrations(db, [step(1), step(2), step(3), step(4)], ledger)).toEqual([2, 3, 4]);
  });

  it('refuses a list with a version twice or a version that is not a positive integer, applying nothing', () => {
    const { db, ledger, state } = fakeDatabase();
    expect(() => runMigrations(db, [step(1), step(1)], ledger, { name: 'labels' })).toThrow(
      'Migration labels#1 is listed twice; give each migration its own version.',
    );
    expect(() => runMigrations(db, [step(1), step(0)], ledger, { name: 'labels' })).toThrow('Migration labels#0: the version must be a positive integer.');
    expect(() => runMigrations(db, [step(1.5)], ledger)).toThrow(/schema#1.5.*positive integer/);
    expect(state.executed).toEqual([]);
  });
});
