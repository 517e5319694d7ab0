import type { StringTagType } from '../../src-shared/api/common';
import type { ExpectedValues, LocalIdentifier } from '../../src-shared/domain/label';
import { checkAgainstPrintData, findingWords, printedPositions, type PrintedAt, type PrintFinding } from '../../src-shared/domain/print-check';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { Db } from '../store/database';
import { printVersion, reelPrintData } from '../store/labels';

// The print-data check of an enrollment, whatever the door (the Bench, the CLI, the web host's API, the import):
// docs/print-run.md, "The check against the print data". The rule is the shared one (src-shared/domain/print-check.ts);
// here it refuses: a value printed for another position is a misorder (STATION_MISORDER, naming both positions), a
// value printed for none where this position has print data a misprint (STATION_MISPRINT), unless the caller accepts
// the mismatch, which is then written on the Label (its warnings) and audited, and the Label counts as a problem.

/** Where each printed value of a Reel belongs, kept per Reel for the version of its print data it was read at. */
const printedAtKept = new WeakMap<Db, Map<string, { print: number; at: Map<string, number> }>>();

/**
 * Where each printed value of a Reel belongs, at `print`, the version of the Reel's print data (printVersion: it
 * moves with every change of it, whichever process makes it) read outside any transaction or in one that
 * writes nothing, so a version that is kept was committed. Read from the store once per version: an enrollment checks
 * against it without reading the Reel's print data again (10,000 rows).
 */
export function printedAtVersion(db: Db, reelId: string, print: number): Map<string, number> {
  let kept = printedAtKept.get(db);
  if (!kept) printedAtKept.set(db, (kept = new Map()));
  const held = kept.get(reelId);
  if (held?.print === print) return held.at;
  const at = printedPositions(reelPrintData(db, reelId));
  kept.set(reelId, { print, at });
  return at;
}

/**
 * Where each printed value of a Reel belongs. Inside a transaction it is read from the store as that transaction sees
 * it (a version bumped there may yet be rolled back); outside, as kept for the Reel's print data version.
 */
export function reelPrintedAt(db: Db, reelId: string): Map<string, number> {
  const print = db.inTransaction ? undefined : printVersion(db, reelId);
  return print === undefined ? printedPositions(reelPrintData(db, reelId)) : printedAtVersion(db, reelId, print);
}

/** A mismatch in words, the misorder first: "TEXT W-15 was printed for position 15, not for position 25 (a misorder)". */
export function mismatchWords(position: number, findings: readonly PrintFinding[]): string {
  const finding = findings.find((f) => f.kind === 'misorder') ?? (findings[0] as PrintFinding);
  return finding.kind === 'misorder' ? `${findingWords(finding)}, not for position ${position} (a misorder)` : `${findingWords(finding)} (a misprint)`;
}

/** The refusal of an enrollment whose values are not the print data of its position. */
function mismatchError(position: number, findings: readonly PrintFinding[]): StationError {
  const misorder = findings.find((f) => f.kind === 'misorder');
  const first = misorder ?? (findings[0] as PrintFinding);
  const what = mismatchWords(position, findings);
  if (misorder) {
    return new StationError({
      code: StationErrorCode.misorder,
      message: `Cannot enroll at position ${position}: ${what}. Put this Label at position ${misorder.printedFor}, or accept the mismatch if it is meant to be at ${position}.`,
      detail: { position, printedFor: misorder.printedFor, tagType: misorder.tagType, value: misorder.value, findings },
    });
  }
  return new StationError({
    code: StationErrorCode.misprint,
    message: `Cannot enroll at position ${position}: ${what}. Set this Label aside, or accept the mismatch if it is meant to be here.`,
    detail: { position, tagType: first.tagType, value: first.value, expected: first.kind === 'misprint' ? first.expected : null, findings },
  });
}

/**
 * Checks an enrollment's values against the print data this bench holds for the Reel. Refuses a mismatch
 * (mismatchError) unless `accept`; answers the findings the caller writes on the Label (none: nothing to record).
 */
export function checkEnrollmentPrint(
  identifiers: readonly { tagType: StringTagType; value: string }[],
  position: number,
  expected: ExpectedValues | null,
  printedAt: PrintedAt,
  accept: boolean,
): PrintFinding[] {
  const { findings } = checkAgainstPrintData(identifiers as readonly LocalIdentifier[], position, expected, printedAt);
  if (findings.length && !accept) throw mismatchError(position, findings);
  return findings;
}

/** The words written on a Label whose mismatch was accepted (its warnings; the Label panel shows them). */
export function acceptedWords(findings: readonly PrintFinding[]): string[] {
  return findings.map((f) => `print data mismatch accepted: ${findingWords(f)}`);
}
