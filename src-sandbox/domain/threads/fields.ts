import type { FieldEntryInput } from '../../../src-shared/api/threads';

// spec: Resources, Field entry — "upsert matches by name or id"; "Removing a field archives it; it can be
// listed and restored". Pure planning of one data update over a Thread's current fields.

export interface StoredField {
  fieldId: string;
  name: string;
  type: string;
  value: Record<string, unknown>;
  position: number;
  archivedAt: string | null;
}

export interface FieldPlan {
  inserts: StoredField[];
  updates: StoredField[];
  archives: string[];
}

export type FieldPlanResult = { ok: true; plan: FieldPlan } | { ok: false; reason: 'unknown_field' | 'field_archived' | 'update_and_remove'; fieldId: string };

/**
 * Applies `update` entries in order (an entry with fieldId changes that field, renaming it when a name is
 * given; an entry with only a name changes the active field of that name, or adds one), then archives
 * the `remove` ids. Field ids come from newId(); positions continue after the highest one.
 */
export function planFieldChanges(
  current: readonly StoredField[],
  update: readonly FieldEntryInput[],
  remove: readonly string[],
  newId: () => string,
): FieldPlanResult {
  const byId = new Map(current.map((f) => [f.fieldId, { ...f }]));
  const touched = new Set<string>();
  const inserted = new Set<string>();
  let position = current.reduce((max, f) => Math.max(max, f.position), 0);
  const removing = new Set(remove);

  for (const entry of update) {
    let target: StoredField | undefined;
    if (entry.fieldId !== undefined) {
      target = byId.get(entry.fieldId);
      if (!target) return { ok: false, reason: 'unknown_field', fieldId: entry.fieldId };
      if (target.archivedAt !== null) return { ok: false, reason: 'field_archived', fieldId: entry.fieldId };
    } else {
      target = [...byId.values()].find((f) => f.archivedAt === null && f.name === entry.name);
    }
    if (target) {
      if (removing.has(target.fieldId)) return { ok: false, reason: 'update_and_remove', fieldId: target.fieldId };
      target.name = entry.name ?? target.name;
      target.type = entry.type;
      target.value = entry.value;
      touched.add(target.fieldId);
    } else {
      position += 1;
      const field: StoredField = { fieldId: newId(), name: entry.name ?? '', type: entry.type, value: entry.value, position, archivedAt: null };
      byId.set(field.fieldId, field);
      inserted.add(field.fieldId);
    }
  }
  for (const fieldId of remove) {
    const field = byId.get(fieldId);
    if (!field || inserted.has(fieldId)) return { ok: false, reason: 'unknown_field', fieldId };
    if (field.archivedAt !== null) return { ok: false, reason: 'field_archived', fieldId };
  }
  return {
    ok: true,
    plan: {
      inserts: [...inserted].map((id) => byId.get(id) as StoredField),
      updates: [...touched].filter((id) => !inserted.has(id)).map((id) => byId.get(id) as StoredField),
      archives: [...removing],
    },
  };
}

/** Which of `restore` are archived fields of the Thread; the first id that is not, if any. */
export function firstUnrestorable(current: readonly StoredField[], restore: readonly string[]): string | null {
  const archived = new Set(current.filter((f) => f.archivedAt !== null).map((f) => f.fieldId));
  return restore.find((id) => !archived.has(id)) ?? null;
}
