import { describe, expect, it } from 'vitest';
import { cachePreparedStatements } from './statement-cache';

function counting() {
  let compiled = 0;
  const db = { prepare: (sql: string) => ({ sql, n: ++compiled }) };
  return { db: cachePreparedStatements(db, 2), compiled: () => compiled };
}

describe('statement cache', () => {
  it('compiles each SQL text once and hands back the same statement', () => {
    const { db, compiled } = counting();
    const a = db.prepare('SELECT 1');
    expect(db.prepare('SELECT 1')).toBe(a);
    expect(compiled()).toBe(1);
  });

  it('drops the least recently used text beyond its size', () => {
    const { db, compiled } = counting();
    const one = db.prepare('ONE');
    db.prepare('TWO');
    db.prepare('ONE');
    db.prepare('THREE'); // drops TWO, the least recently used
    expect(db.prepare('ONE')).toBe(one);
    expect(compiled()).toBe(3);
    db.prepare('TWO');
    expect(compiled()).toBe(4);
  });
});
