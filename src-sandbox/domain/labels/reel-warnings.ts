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
