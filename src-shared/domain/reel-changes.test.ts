import { describe, expect, it } from 'vitest';
import type { LabelView } from '../ipc/reels';
import { reelProblems, withLabelChanges } from './reel-changes';

const label = (labelId: string, position: number, over: Partial<LabelView> = {}): LabelView => ({
  labelId,
  reelId: 'r',
  position,
  state: 'enrolled',
  serviceId: null,
  identifiers: [],
  expected: null,
  warnings: [],
  attention: null,
  boundThreadId: null,
  origin: 'here',
  printCheck: 'unchecked',
  printFindings: [],
  ...over,
});

describe('withLabelChanges', () => {
  const held = [label('a', 1), label('b', 2), label('c', 5)];

  it('keeps the very array held when nothing changed', () => {
    expect(withLabelChanges(held, [], [])).toBe(held);
  });

  it('puts changed Labels in their place, adds new ones by position, takes out those gone', () => {
    const changed = [label('x', 0), label('b', 2, { state: 'bound' }), label('y', 3), label('z', 9)];
    expect(withLabelChanges(held, changed, ['c']).map((l) => [l.labelId, l.position, l.state])).toEqual([
      ['x', 0, 'enrolled'],
      ['a', 1, 'enrolled'],
      ['b', 2, 'bound'],
      ['y', 3, 'enrolled'],
      ['z', 9, 'enrolled'],
    ]);
  });

  it('moves a Label that changed its position', () => {
    expect(withLabelChanges(held, [label('a', 7)], []).map((l) => [l.labelId, l.position])).toEqual([
      ['b', 2],
      ['c', 5],
      ['a', 7],
    ]);
  });
});

describe('reelProblems', () => {
  it('names each Label whose check is a mismatch, in order, with its findings', () => {
    const findings = [{ kind: 'misprint' as const, tagType: 'TEXT' as const, value: 'W-2', expected: 'W-3' }];
    expect(
      reelProblems([label('a', 1, { printCheck: 'match' }), label('b', 2, { printCheck: 'mismatch', printFindings: findings, origin: 'elsewhere' })]),
    ).toEqual([{ kind: 'printMismatch', position: 2, labelId: 'b', origin: 'elsewhere', findings }]);
  });
});
