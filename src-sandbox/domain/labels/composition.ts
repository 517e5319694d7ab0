// Expected composition of a Reel and completeness of its Labels.
// spec: Resources, Reel — "`expectedIdentifiers` = array of `{tagType, count}` (default: one TEXT, one SVC, one QR;
// count 0 on input means the type is not expected) ... Expected composition is a hint only."
// spec: Resources, Label — "`complete` (at least the expected count of active identifiers per expected type)".
import type { TagType } from '../../../src-shared/api/common';
import { DEFAULT_EXPECTED_IDENTIFIERS, type ExpectedIdentifier } from '../../../src-shared/api/labels';
import { activeMembers, type MemberState } from './model';
import { invalidRequest } from './rule-error';

/**
 * The stored composition for a create/update input: the default when none is given, types with count 0
 * dropped (not expected). A type named twice is refused, since which count wins would be a guess.
 */
export function normalizeExpectedIdentifiers(input: readonly ExpectedIdentifier[] | undefined): ExpectedIdentifier[] {
  if (input === undefined) return DEFAULT_EXPECTED_IDENTIFIERS.map((e) => ({ ...e }));
  const seen = new Set<TagType>();
  for (const e of input) {
    if (seen.has(e.tagType)) {
      throw invalidRequest('repeated_tag_type', `expectedIdentifiers names ${e.tagType} twice; give each tagType once.`, {
        tagType: e.tagType,
      });
    }
    seen.add(e.tagType);
  }
  return input.filter((e) => e.count > 0).map((e) => ({ tagType: e.tagType, count: e.count }));
}

/** Expected types a Label lacks, with how many active identifiers are missing for each. */
export function missingIdentifiers(members: readonly MemberState[], expected: readonly ExpectedIdentifier[]): ExpectedIdentifier[] {
  const active = activeMembers({ members: [...members] });
  const missing: ExpectedIdentifier[] = [];
  for (const { tagType, count } of expected) {
    const have = active.filter((m) => m.tagType === tagType).length;
    if (have < count) missing.push({ tagType, count: count - have });
  }
  return missing;
}

export function isComplete(members: readonly MemberState[], expected: readonly ExpectedIdentifier[]): boolean {
  return missingIdentifiers(members, expected).length === 0;
}
