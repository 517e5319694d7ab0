import { describe, expect, it } from 'vitest';
import { firstUnrestorable, planFieldChanges, type StoredField } from './fields';

const field = (id: string, name: string, position: number, archivedAt: string | null = null): StoredField => ({
  fieldId: id,
  name,
  type: 'text',
  value: { text: name },
  position,
  archivedAt,
});
let n = 0;
const newId = () => `new-${(n += 1)}`;

describe('planFieldChanges', () => {
  const current = [field('a', 'A', 1), field('b', 'B', 2), field('old', 'A', 3, '2026-01-01T00:00:00.000Z')];

  it('matches by name among active fields only, by id with rename, and adds unknown names after the last position', () => {
    const r = planFieldChanges(
      current,
      [
        { name: 'A', type: 'text', value: { text: 'x' } },
        { fieldId: 'b', name: 'B2', type: 'number', value: { number: 1 } },
        { name: 'C', type: 'text', value: { text: 'c' } },
      ],
      [],
      newId,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.plan.updates.map((f) => [f.fieldId, f.name, f.value])).toEqual([
      ['a', 'A', { text: 'x' }],
      ['b', 'B2', { number: 1 }],
    ]);
    expect(r.plan.inserts).toEqual([expect.objectContaining({ name: 'C', position: 4 })]);
  });

  it('a second entry with the same new name updates the field the first one added', () => {
    const r = planFieldChanges(
      [],
      [
        { name: 'N', type: 'text', value: { text: '1' } },
        { name: 'N', type: 'text', value: { text: '2' } },
      ],
      [],
      newId,
    );
    expect(r.ok && r.plan.inserts.map((f) => f.value)).toEqual([{ text: '2' }]);
  });

  it('refuses unknown ids, archived ids, and updating a field that is being removed', () => {
    expect(planFieldChanges(current, [{ fieldId: 'zz', type: 'text', value: { text: '' } }], [], newId)).toMatchObject({ ok: false, reason: 'unknown_field' });
    expect(planFieldChanges(current, [{ fieldId: 'old', type: 'text', value: { text: '' } }], [], newId)).toMatchObject({
      ok: false,
      reason: 'field_archived',
    });
    expect(planFieldChanges(current, [], ['old'], newId)).toMatchObject({ ok: false, reason: 'field_archived' });
    expect(planFieldChanges(current, [{ name: 'A', type: 'text', value: { text: '' } }], ['a'], newId)).toMatchObject({
      ok: false,
      reason: 'update_and_remove',
    });
  });

  it('removal archives', () => {
    expect(planFieldChanges(current, [], ['b'], newId)).toEqual({ ok: true, plan: { inserts: [], updates: [], archives: ['b'] } });
  });

  it('firstUnrestorable names the first id that is not an archived field', () => {
    expect(firstUnrestorable(current, ['old'])).toBeNull();
    expect(firstUnrestorable(current, ['old', 'a'])).toBe('a');
  });
});
