import { describe, expect, it } from 'vitest';
import { archiveTarget, threadPermissions } from './permissions';
import { fieldFromValue, normalizeRawThread } from './raw';
import { nextUpdatedAt, sameInstant } from './timestamps';

describe('raw Thread input', () => {
  it('takes name and description from the named keys and turns the rest into typed fields', () => {
    expect(normalizeRawThread({ t: 'Name', d: 'Desc', n: 1, ok: true, obj: { a: 1 }, gone: null }, 0, 't', 'd')).toEqual({
      ok: true,
      value: {
        thread: { name: 'Name', description: 'Desc' },
        data: [
          { name: 'n', type: 'number', value: { number: 1 } },
          { name: 'ok', type: 'boolean', value: { boolean: true } },
          { name: 'obj', type: 'json', value: { json: { a: 1 } } },
        ],
      },
    });
  });

  it('refuses a missing or blank name and a non-string description', () => {
    expect(normalizeRawThread({ name: '  ' }, 3)).toMatchObject({ ok: false, path: ['raw', 3, 'name'] });
    expect(normalizeRawThread({ name: 'x', description: 5 }, 0)).toMatchObject({ ok: false, path: ['raw', 0, 'description'] });
    expect(fieldFromValue('x', Number.NaN)).toEqual({ name: 'x', type: 'json', value: { json: Number.NaN } });
  });
});

describe('timestamps', () => {
  it('nextUpdatedAt is strictly after the previous value even within the same millisecond', () => {
    const prev = '2026-05-01T10:00:00.000Z';
    expect(nextUpdatedAt(prev, new Date(prev))).toBe('2026-05-01T10:00:00.001Z');
    expect(nextUpdatedAt(prev, new Date('2026-05-01T11:00:00.000Z'))).toBe('2026-05-01T11:00:00.000Z');
  });

  it('sameInstant compares instants across offsets', () => {
    expect(sameInstant('2026-05-01T12:00:00+02:00', '2026-05-01T10:00:00.000Z')).toBe(true);
    expect(sameInstant('2026-05-01T10:00:00.001Z', '2026-05-01T10:00:00.000Z')).toBe(false);
    expect(sameInstant('nonsense', 'nonsense')).toBe(false);
  });
});

describe('permissions and archive targets', () => {
  it('only the owning Team edits; shared is read-only; transferred is read-only; non-members see nothing', () => {
    const base = { visible: true, ownedByTeam: true, member: true, transferred: false };
    expect(threadPermissions(base)).toEqual({ canRead: true, canEdit: true, canArchive: true, canShare: true });
    expect(threadPermissions({ ...base, ownedByTeam: false })).toMatchObject({ canRead: true, canEdit: false });
    expect(threadPermissions({ ...base, transferred: true })).toMatchObject({ canRead: true, canEdit: false });
    expect(threadPermissions({ ...base, member: false })).toMatchObject({ canRead: false, canEdit: false });
    expect(threadPermissions({ ...base, visible: false })).toMatchObject({ canRead: false });
  });

  it('toggle flips, plain archive leaves archived ones alone', () => {
    expect(archiveTarget(false, false)).toBe('archive');
    expect(archiveTarget(true, false)).toBe('none');
    expect(archiveTarget(true, true)).toBe('restore');
    expect(archiveTarget(false, true)).toBe('archive');
  });
});
