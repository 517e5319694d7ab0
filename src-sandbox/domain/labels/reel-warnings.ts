// spec: Labels and Reels, Create Label rules — "repeated TEXT or QR values are accepted and reported in the
// Reel's `warnings`". Values match as src-shared/domain/identifier-values.ts says (spec: Identifier, Matching).
import type { ReelWarning } from '../../../src-shared/api/labels';
import { identifierKey } from '../../../src-shared/domain/identifier-values';
import { activeMembers, type LabelState } from './model';

const REPORTED_TYPES = ['TEXT', 'QR'] as const;

/** One `repeated_value` warning per TEXT or QR value carried by two or more active Labels of the Reel. */
export function repeatedValueWarnings(labels: readonly LabelState[]): ReelWarning[] {
  const warnings: ReelWarning[] = [];
  // By position, so a warning names the value as the first Label on the Reel carries it.
  const sorted = [...labels].sort((a, b) => a.position - b.position);
  for (const tagType of REPORTED_TYPES) {
    const byValue = new Map<string, { value: string; labels: LabelState[] }>();
    for (const label of sorted) {
      if (label.archivedAt !== null) continue;
      const seenInLabel = new Set<string>();
      for (const m of activeMembers(label)) {
        if (m.tagType !== tagType || m.value === null) continue;
        const key = identifierKey(tagType, m.value);
        if (seenInLabel.has(key)) continue;
        seenInLabel.add(key);
        const entry = byValue.get(key) ?? { value: m.value, labels: [] };
        entry.labels.push(label);
        byValue.set(key, entry);
      }
    }
    for (const { value, labels: holders } of byValue.values()) {
      if (holders.length < 2) continue;
      warnings.push({
        kind: 'repeated_value',
        tagType,
        value,
        positions: holders.map((l) => l.position),
        compositeTagIds: holders.map((l) => l.compositeTagId),
      });
    }
  }
  return warnings;
}

/** An active Label of the Reel holding a value: the value as its first active member with that value carries it. */
export interface ValueHolder {
  compositeTagId: string;
  position: number;
  value: string;
}

/**
 * The Reel's warnings after the Labels holding one TEXT or QR value changed (a Label enrolled with it), without
 * reading the whole Reel (src-sandbox/store/README.md, core v3): that value's warning is replaced by one over
 * `holders` (every active Label of the Reel holding it, by position), the others are kept, in the order
 * repeatedValueWarnings gives (by type, then by the first holder's position). Null when that order is not decided
 * by position alone (two warnings first held by one Label, or a warning of another kind): recompute the Reel then.
 */
export function withValueWarning(
  warnings: readonly ReelWarning[],
  tagType: (typeof REPORTED_TYPES)[number],
  key: string,
  holders: readonly ValueHolder[],
): ReelWarning[] | null {
  const next = warnings.filter((w) => !(w.tagType === tagType && w.value !== undefined && identifierKey(tagType, w.value) === key));
  const [first] = holders;
  if (first && holders.length >= 2) {
    next.push({
      kind: 'repeated_value',
      tagType,
      value: first.value,
      positions: holders.map((h) => h.position),
      compositeTagIds: holders.map((h) => h.compositeTagId),
    });
  }
  const rank = (w: ReelWarning): [number, number] | null => {
    const type = REPORTED_TYPES.indexOf(w.tagType as (typeof REPORTED_TYPES)[number]);
    const position = w.positions?.[0];
    return w.kind === 'repeated_value' && type >= 0 && position !== undefined ? [type, position] : null;
  };
  const ranked = next.map((w) => ({ w, r: rank(w) }));
  if (ranked.some((x) => x.r === null)) return null;
  ranked.sort((a, b) => (a.r as [number, number])[0] - (b.r as [number, number])[0] || (a.r as [number, number])[1] - (b.r as [number, number])[1]);
  for (let i = 1; i < ranked.length; i += 1) {
    const [a, b] = [ranked[i - 1]?.r, ranked[i]?.r];
    if (a && b && a[0] === b[0] && a[1] === b[1]) return null;
  }
  return ranked.map((x) => x.w);
}
