import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { timeOrderedUUID } from './time-ordered-id';

describe('timeOrderedUUID', () => {
  it('makes version-7 UUIDs, each after the one before, also many in one millisecond and across its end', () => {
    const ids = [
      ...Array.from({ length: 5000 }, () => timeOrderedUUID(1_800_000_000_000)),
      ...Array.from({ length: 10 }, () => timeOrderedUUID(1_800_000_000_001)),
      ...Array.from({ length: 10 }, () => timeOrderedUUID()),
    ];
    for (const id of ids) {
      expect(z.uuid({ version: 'v7' }).safeParse(id).success, id).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(Number.parseInt((ids[0] as string).replace(/-/g, '').slice(0, 12), 16)).toBe(1_800_000_000_000);
  });
});
