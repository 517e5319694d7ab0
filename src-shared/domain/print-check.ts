import { STRING_TAG_TYPES, type StringTagType, type TagType } from '../api/common';
import { identifierMapKey, identifierValuesMatch } from './identifier-values';
import type { ExpectedValues, LocalIdentifier } from './label';

// What was printed where (docs/print-run.md, "The check against the print data"): the one rule every door uses to
// tell a value printed for this position from one printed for another (a misorder) and one printed for none (a
// misprint). The bench fits each read by it (slot-fit.ts), the core refuses an enrollment by it
// (src-main/changes/print-check.ts), and every Label of a Reel, whoever enrolled it, is checked by it
// (`printCheck` on reels.show, the Reel map, the Reel report).

/** Where the print data says each value belongs, keyed by identifierMapKey (a Map, or the core's lookup). */
export interface PrintedAt {
  get(key: string): number | undefined;
}

/** The print data of every position, keyed like PrintedAt: where each printed value belongs. */
export function printedPositions(labels: Iterable<{ position: number; expected: ExpectedValues | null }>): Map<string, number> {
  const at = new Map<string, number>();
  for (const label of labels) {
    if (!label.expected) continue;
    for (const [tagType, value] of Object.entries(label.expected)) {
      if (typeof value === 'string' && value) at.set(identifierMapKey(tagType, value), label.position);
    }
  }
  return at;
}

const LOOKUP_TYPES = new Map<string, readonly StringTagType[]>();

/** The types to look a value up under: its own first, so a value printed under two types goes to the one it was read as. */
export function lookupTypes(tagType: TagType): readonly StringTagType[] {
  let types = LOOKUP_TYPES.get(tagType);
  if (!types) {
    const own = (STRING_TAG_TYPES as readonly string[]).includes(tagType) ? [tagType as StringTagType] : [];
    types = [...own, ...STRING_TAG_TYPES.filter((t) => t !== tagType)];
    LOOKUP_TYPES.set(tagType, types);
  }
  return types;
}

/** The type under which `value` is this position's print data, if it is. */
export function printedHere(value: string, types: readonly StringTagType[], expected: ExpectedValues | null): StringTagType | undefined {
  return types.find((type) => {
    const printed = expected?.[type];
    return printed !== undefined && identifierValuesMatch(type, printed, value);
  });
}

/** The other position whose print data holds `value` (under any of `types`), and under which type. */
export function printedElsewhere(
  value: string,
  types: readonly StringTagType[],
  position: number,
  printedAt: PrintedAt | undefined,
): { tagType: StringTagType; belongsTo: number } | undefined {
  for (const tagType of types) {
    const owner = printedAt?.get(identifierMapKey(tagType, value));
    if (owner !== undefined && owner !== position) return { tagType, belongsTo: owner };
  }
  return undefined;
}

/** One value of a Label that is not the print data of its position. */
export type PrintFinding =
  /** The value was printed for another position: the Label belongs there. */
  | { kind: 'misorder'; tagType: StringTagType; value: string; printedFor: number }
  /** The position's print data names another value of this type, and the value was printed for no position. */
  | { kind: 'misprint'; tagType: StringTagType; value: string; expected: string };

/** match: every value the print data names here is it; mismatch: a finding; unchecked: no print data decides. */
type PrintCheckResult = 'match' | 'mismatch' | 'unchecked';
export const PRINT_CHECK_RESULTS = ['match', 'mismatch', 'unchecked'] as const;

export interface PrintCheck {
  result: PrintCheckResult;
  findings: PrintFinding[];
}

/**
 * A Label's values against the print data this bench holds. Each string value is, in this order: this position's
 * print data (under any type: a wedge scanner names no type); another position's (a misorder); or, where this
 * position's print data names a value of its type, a misprint. A type the print data does not name, on a position
 * without print data, is not checked.
 */
export function checkAgainstPrintData(
  identifiers: readonly LocalIdentifier[],
  position: number,
  expected: ExpectedValues | null,
  printedAt: PrintedAt | undefined,
): PrintCheck {
  const findings: PrintFinding[] = [];
  let compared = false;
  for (const identifier of identifiers) {
    const { tagType, value } = identifier;
    if (tagType === 'SVC' || value === undefined) continue;
    const types = lookupTypes(tagType);
    if (printedHere(value, types, expected)) {
      compared = true;
      continue;
    }
    const elsewhere = printedElsewhere(value, types, position, printedAt);
    if (elsewhere) {
      findings.push({ kind: 'misorder', tagType: tagType as StringTagType, value, printedFor: elsewhere.belongsTo });
      continue;
    }
    const want = expected?.[tagType as StringTagType];
    if (want !== undefined) findings.push({ kind: 'misprint', tagType: tagType as StringTagType, value, expected: want });
  }
  return { result: findings.length ? 'mismatch' : compared ? 'match' : 'unchecked', findings };
}

/** What a Label's check needs of it. */
type CheckedLabel = { position: number; expected: ExpectedValues | null; identifiers: readonly LocalIdentifier[]; state: string };

/** One Label's check; print data alone and gaps carry no values of their own, so they are unchecked. */
export function labelCheck(label: CheckedLabel, printedAt: PrintedAt): PrintCheck {
  if (label.state === 'expected' || label.state === 'gap') return { result: 'unchecked', findings: [] };
  return checkAgainstPrintData(label.identifiers, label.position, label.expected, printedAt);
}

/** Each Label's check, in the Labels' order (reels.show, reels.open): the Reel's print data is its Labels' own. */
export function printChecks(labels: readonly CheckedLabel[]): PrintCheck[] {
  return printChecksAt(labels, printedPositions(labels));
}

/**
 * The checks of some of a Reel's Labels against the Reel's print data, `printedAt` (printedPositions of every Label):
 * the Labels a refresh found changed (docs/sync.md, "Only what changed reaches a screen").
 */
export function printChecksAt(labels: readonly CheckedLabel[], printedAt: ReadonlyMap<string, number>): PrintCheck[] {
  // Without print data anywhere on the Reel, a Label without its own is unchecked (nothing decides any of its values):
  // said at once for each of a 10,000-Label Reel rather than looked up value by value (docs/sync.md, "Opening at shop scale").
  const none = printedAt.size === 0;
  return labels.map((label): PrintCheck => (none && label.expected === null ? { result: 'unchecked', findings: [] } : labelCheck(label, printedAt)));
}

/** Every Label of a Reel with its check (the Reel report). */
export function checkLabels<T extends CheckedLabel>(labels: readonly T[]): (T & { check: PrintCheck })[] {
  const checks = printChecks(labels);
  return labels.map((label, index) => ({ ...label, check: checks[index] as PrintCheck }));
}

/** A finding in the CLI's and the log's words: "TEXT W-000015 was printed for position 15". */
export function findingWords(finding: PrintFinding): string {
  return finding.kind === 'misorder'
    ? `${finding.tagType} ${finding.value} was printed for position ${finding.printedFor}`
    : `${finding.tagType} ${finding.value} was printed for no position (the print data says ${finding.expected})`;
}
