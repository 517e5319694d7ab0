import { describe, expect, it } from 'vitest';
import { pairRows, threadIdsFromCsv, threadIdsFromText } from './thread-ids';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('thread ids for a bulk-bind', () => {
  it('reads pasted ids and names what is not one', () => {
    expect(threadIdsFromText(`${A}\n nope \n${B.toUpperCase()}`)).toEqual({ ids: [A, B], rejected: ['nope'] });
  });
  it('reads the threadId column of a CSV, else the first column', () => {
    expect(threadIdsFromCsv(`name,threadId\nx,${A}\ny,${B}\n`).ids).toEqual([A, B]);
    expect(threadIdsFromCsv(`${A}\n${B}\n`).ids).toEqual([A, B]);
  });
  it('pairs positions with ids in order and reports the difference', () => {
    expect(pairRows(5, 7, [A, B])).toEqual({
      pairs: [
        { position: 5, threadId: A },
        { position: 6, threadId: B },
      ],
      missing: 1,
      extra: 0,
    });
  });
});
