import type { ExpectedValues, LocalIdentifier } from './label';
import { checkAgainstPrintData, type PrintedAt } from './print-check';

// A collision settled by what was printed (docs/sync.md, "Benches sharing a Reel", "Settling a collision"): two Labels
// claim one position, and the print data of that position says which of them belongs there. Pure, so the station's
// core and the screens read one rule; the check of each Label is the print-data check's (print-check.ts).

/** How a Label's values compare with the print data of its position. */
export type PrintDataCheck = 'match' | 'mismatch' | 'unchecked';

/** A value of a Label that is not the one printed at the position. */
interface ExpectedValueMismatch {
  tagType: string;
  expected: string;
  actual: string;
}

export interface LabelAgainstPrintData {
  check: PrintDataCheck;
  mismatches: ExpectedValueMismatch[];
}

/**
 * A Label's values against the print data of the position both Labels claim (checkAgainstPrintData with that
 * position's print data alone): match, mismatch (with the values printed there), or unchecked.
 */
export function againstPrintData(identifiers: readonly LocalIdentifier[], printData: ExpectedValues | null): LabelAgainstPrintData {
  if (!printData) return { check: 'unchecked', mismatches: [] };
  const { result, findings } = checkAgainstPrintData(identifiers, 0, printData, undefined);
  const mismatches = findings.flatMap((f) => (f.kind === 'misprint' ? [{ tagType: f.tagType, expected: f.expected, actual: f.value }] : []));
  return { check: result, mismatches };
}

/**
 * Which Label belongs at the position: `ours` (this station's enrollment matches, the one the service holds does not),
 * `theirs` (the service's matches, ours does not), `both` or `neither` (the print data cannot tell them apart),
 * `unchecked` (no print data here for a side), `free` (the service holds no Label there any more).
 */
export type CollisionVerdict = 'ours' | 'theirs' | 'both' | 'neither' | 'unchecked' | 'free';

/** What a person is offered for each verdict: archive theirs and send ours, discard ours, re-place ours, or send it again. */
export type CollisionOffer = 'archiveTheirs' | 'discardOurs' | 'reposition' | 'retry';

export function collisionVerdict(ours: PrintDataCheck, theirs: PrintDataCheck | null): CollisionVerdict {
  if (theirs === null) return 'free';
  if (ours === 'unchecked' || theirs === 'unchecked') return 'unchecked';
  if (ours === 'match') return theirs === 'match' ? 'both' : 'ours';
  return theirs === 'match' ? 'theirs' : 'neither';
}

const OFFERS: Record<CollisionVerdict, CollisionOffer> = {
  ours: 'archiveTheirs',
  theirs: 'discardOurs',
  // Ours is not the printed Label either: it does not belong at the position.
  neither: 'discardOurs',
  // The print data cannot decide: the Label is re-placed by hand (queue reposition), as without print data.
  both: 'reposition',
  unchecked: 'reposition',
  free: 'retry',
};

export function collisionOffer(verdict: CollisionVerdict): CollisionOffer {
  return OFFERS[verdict];
}

/**
 * The position a Label's values were printed for when it is not `position` (a misorder: it carries another position's
 * print data), else null: where a Label taken off a collision's position belongs (docs/sync.md, "Settling a
 * collision").
 */
export function printedForElsewhere(
  identifiers: readonly LocalIdentifier[],
  position: number,
  expected: ExpectedValues | null,
  printedAt: PrintedAt,
): number | null {
  const { findings } = checkAgainstPrintData(identifiers, position, expected, printedAt);
  const misorder = findings.find((f) => f.kind === 'misorder');
  return misorder?.kind === 'misorder' ? misorder.printedFor : null;
}
