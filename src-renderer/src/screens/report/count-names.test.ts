import { describe, expect, it } from 'vitest';
import { countWords } from './count-names';

describe('the service counts in words', () => {
  it('drops Count and splits the words', () => {
    expect(countWords('identifiableCount')).toBe('identifiable');
    expect(countWords('boundLabelCount')).toBe('bound label');
    expect(countWords('total')).toBe('total');
    expect(countWords('archived_count')).toBe('archived count');
  });
});
