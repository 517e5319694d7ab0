import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../src-shared/domain/random';
import { createGen } from './gen';

describe('createGen', () => {
  it('draws the numbers of the shared seeded generator and adds ids unique within the generator', () => {
    const gen = createGen(2026);
    const shared = seededRandom(2026);
    expect([gen.int(0, 99), gen.bool(), gen.pick(['a', 'b', 'c'])]).toEqual([shared.int(0, 99), shared.bool(), shared.pick(['a', 'b', 'c'])]);
    const ids = [gen.id(), gen.id()];
    expect(ids).toEqual(['000007ea-0000-4000-8000-000000000001', '000007ea-0000-4000-8000-000000000002']);
    expect(createGen(2026).id()).toBe(ids[0]);
  });
});
