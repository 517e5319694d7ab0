import { readFile } from 'node:fs/promises';
import type { StringTagType } from '../../src-shared/api/common';
import { unexpectedTagTypes, type LocalIdentifier } from '../../src-shared/domain/label';
import type { PrintFinding } from '../../src-shared/domain/print-check';
import { identifierMapKey } from '../../src-shared/domain/identifier-values';
import { normalizeNfcUid } from '../../src-shared/domain/nfc-uid';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import { forgetIncomingStill } from '../devices/camera/incoming-stills';
import { audit } from '../store/audit';
import { CaptureError, insertCaptureRow, storeCapture, undoStoredCapture, type StoredCapture } from '../store/captures';
import { getLabelAt, positionHolding, reelValues, sameCaptureElsewhere, upsertLabel, type LocalLabel } from '../store/labels';
import type { Db } from '../store/database';
import { discardEnrollmentsNeedingAttention, enqueue, type OutboxLane } from '../store/outbox';
import type { LocalReel } from '../store/reels';
import { refuseElsewherePosition } from './shared-reel';
import { gradeEnrollment, type EnrollmentGrade } from './grade-label';
import { clearLabelGrade, saveLabelGrade } from '../store/grades';
import { requireReel, type ChangeContext } from './context';
import { acceptedWords, checkEnrollmentPrint, reelPrintedAt } from './print-check';
import { timeOrderedUUID } from '../runtime/time-ordered-id';

// Enrolling a Label (docs/architecture.md, "The flow of one enrollment", hop 6): the capture file is
// written and fsynced first, then the Label row and its enrollLabel operation commit in ONE
// transaction. Only after that commit is the operator told "saved".

export interface EnrollRequest {
  reelId: string;
  position: number;
  identifiers: { tagType: StringTagType; value: string }[];
  /** The optical tag's capture (JPEG or PNG bytes). */
  svcImage?: Buffer;
  /** The file svcImage was read from when it is the camera's accepted still: moved into the capture store, not copied. */
  svcImageFile?: string;
  indexing?: 'default' | 'none';
  /** Enroll even though the values are not the print data of this position (docs/print-run.md): recorded with the Label. */
  acceptMismatch?: boolean;
}

export interface PreparedEnrollment {
  reel: LocalReel;
  label: LocalLabel;
  capture: StoredCapture | null;
  identifiers: { tagType: StringTagType; value: string }[];
  /** The mismatches with the print data the caller accepted (audited with the Label). */
  printFindings: PrintFinding[];
  /** The print grade of the capture's codes (docs/print-quality.md); undefined when nothing was graded. */
  grade?: EnrollmentGrade | null;
}

/**
 * A position can be (re-)enrolled when it holds only expected values, a gap, or a Label that never
 * reached the service and needs attention (recapture: the new enrollment replaces the old one).
 */
export function canEnrollOver(existing: Pick<LocalLabel, 'state' | 'serviceId'>): boolean {
  return existing.state === 'expected' || existing.state === 'gap' || (existing.state === 'attention' && existing.serviceId === null);
}

/** Checks one request against the Reel and the local mirror; returns the problems in words (none = fine). */
function checkEnrollment(existing: LocalLabel | undefined, request: Omit<EnrollRequest, 'reelId'>): string[] {
  const problems: string[] = [];
  if (existing && !canEnrollOver(existing)) {
    problems.push(`position ${request.position} already holds a Label (${existing.state}); pick another position or move that Label first`);
  }
  if (request.identifiers.length === 0 && !request.svcImage) problems.push('a Label needs at least one identifier or an SVC capture');
  for (const identifier of request.identifiers) {
    const uid = identifier.tagType === 'NFC' ? normalizeNfcUid(identifier.value) : null;
    if (uid && !uid.ok) problems.push(uid.reason);
  }
  return problems;
}

function normalized(identifiers: EnrollRequest['identifiers']): EnrollRequest['identifiers'] {
  return identifiers.map((i) => {
    const uid = i.tagType === 'NFC' ? normalizeNfcUid(i.value) : null;
    return uid?.ok ? { tagType: i.tagType, value: uid.value } : i;
  });
}

/** Where a value already stands on a Reel (repeat warnings): one lookup per identifier. */
export interface RepeatIndex {
  /** The position of another Label of the Reel holding this value, if any. */
  positionOf(tagType: string, value: string, exceptPosition: number): number | undefined;
}

/** Asks the database each time (one enrollment at the bench). */
function databaseRepeats(db: Db, reelId: string): RepeatIndex {
  return { positionOf: (tagType, value, exceptPosition) => positionHolding(db, reelId, tagType, value, exceptPosition) };
}

/**
 * Reads the Reel's values once and learns each prepared row as it goes (print-data import of
 * thousands of rows: one scan instead of one per row, and repeats inside the file are found too).
 */
export function memoryRepeats(db: Db, reelId: string): RepeatIndex & { add(position: number, identifiers: readonly LocalIdentifier[]): void } {
  const byValue = new Map<string, number[]>();
  const key = identifierMapKey;
  const add = (position: number, tagType: string, value: string) => {
    const list = byValue.get(key(tagType, value));
    if (list) list.push(position);
    else byValue.set(key(tagType, value), [position]);
  };
  for (const row of reelValues(db, reelId)) add(row.position, row.tagType, row.value);
  return {
    positionOf: (tagType, value, exceptPosition) => byValue.get(key(tagType, value))?.find((p) => p !== exceptPosition),
    add(position, identifiers) {
      for (const i of identifiers) if (i.value !== undefined && i.tagType !== 'SVC') add(position, i.tagType, i.value);
    },
  };
}

/** Warnings that do not stop an enrollment: an accepted print-data mismatch, unexpected types, repeated values on the Reel. */
function warningsFor(
  reel: LocalReel,
  position: number,
  identifiers: LocalIdentifier[],
  repeats: RepeatIndex,
  printFindings: readonly PrintFinding[],
): string[] {
  const warnings: string[] = acceptedWords(printFindings);
  for (const t of unexpectedTagTypes(identifiers, reel.expectedIdentifiers)) warnings.push(`the Reel does not expect ${t} identifiers`);
  for (const identifier of identifiers) {
    if (identifier.value === undefined || identifier.tagType === 'SVC') continue;
    const other = repeats.positionOf(identifier.tagType, identifier.value, position);
    if (other !== undefined) warnings.push(`${identifier.tagType} "${identifier.value}" is already on the Label at position ${other} of this Reel`);
  }
  return warnings;
}

/** Refusal of a capture that is the picture of another Label's optical tag. */
export function sameCaptureError(position: number, other: { reel: string; position: number }): StationError {
  return new StationError({
    code: 'STATION_SAME_CAPTURE',
    message: `Cannot enroll at position ${position}: this capture is the same picture as the optical tag of position ${other.position} on Reel "${other.reel}". Capture this Label again.`,
    detail: { position: other.position, reel: other.reel },
  });
}

/**
 * The Label an enrollment writes, from a checked request whose capture (if any) is stored:
 * no I/O, so the print-data import builds each one inside its transaction.
 */
export function buildEnrollment(
  reel: LocalReel,
  existing: LocalLabel | undefined,
  request: Pick<EnrollRequest, 'position' | 'identifiers' | 'indexing'>,
  capture: StoredCapture | null,
  repeats: RepeatIndex,
  printFindings: PrintFinding[] = [],
): PreparedEnrollment {
  const identifiers = normalized(request.identifiers);
  const local: LocalIdentifier[] = [...identifiers, ...(capture ? [{ tagType: 'SVC' as const, captureSha256: capture.sha256 }] : [])];
  const label: LocalLabel = {
    labelId: existing?.labelId ?? timeOrderedUUID(),
    reelId: reel.reelId,
    position: request.position,
    state: 'queued',
    serviceId: null,
    identifiers: local,
    expected: existing?.expected ?? null,
    captureSha256: capture?.sha256 ?? null,
    indexing: request.indexing ?? 'default',
    warnings: warningsFor(reel, request.position, local, repeats, printFindings),
    attention: null,
    boundThreadId: null,
    origin: 'here',
  };
  return { reel, label, capture, identifiers, printFindings };
}

async function prepareEnrollment(ctx: ChangeContext, request: EnrollRequest, repeats?: RepeatIndex): Promise<PreparedEnrollment> {
  const reel = requireReel(ctx, request.reelId);
  const existing = getLabelAt(ctx.db, reel.reelId, request.position);
  refuseElsewherePosition(existing, request.position);
  const problems = checkEnrollment(existing, request);
  if (problems.length) {
    throw new StationError({
      code: StationErrorCode.invalidInput,
      message: `Cannot enroll at position ${request.position}: ${problems.join('; ')}.`,
      detail: { problems },
    });
  }
  // The print data this bench holds decides before the capture is taken (a refusal leaves it for the retry).
  const printFindings = checkEnrollmentPrint(
    normalized(request.identifiers),
    request.position,
    existing?.expected ?? null,
    reelPrintedAt(ctx.db, reel.reelId),
    request.acceptMismatch ?? false,
  );
  // Graded before the capture is stored: a Reel that refuses Labels below its grade keeps nothing of a refused one.
  const grade = request.svcImage
    ? await gradeEnrollment(ctx, reel.reelId, request.position, { bytes: request.svcImage, file: request.svcImageFile })
    : undefined;
  let capture: StoredCapture | null = null;
  if (request.svcImage) {
    try {
      capture = await storeCapture(ctx.dataDir, request.svcImage, request.svcImageFile);
    } catch (error) {
      if (error instanceof CaptureError) throw new StationError({ code: error.code, message: error.message });
      throw error;
    }
  }
  if (capture) {
    // The very picture of another Label (the camera delivered the same frame twice): the service would
    // refuse it as an identical scan (SCAN_IDENTICAL_SCAN) only at sync; say so now, while the Label is at hand.
    const other = sameCaptureElsewhere(ctx.db, capture.sha256, reel.reelId, request.position);
    if (other) {
      undoStoredCapture(capture);
      throw sameCaptureError(request.position, other);
    }
  }
  return { ...buildEnrollment(reel, existing, request, capture, repeats ?? databaseRepeats(ctx.db, reel.reelId), printFindings), grade };
}

/**
 * Writes one prepared enrollment: its capture row, its Label row and its operation. Call it inside a transaction.
 * `lane`: a Label saved at the Bench or by `enroll` goes in the bench lane, an import's rows in the bulk lane
 * (docs/sync.md, "Lanes").
 */
export function commitEnrollment(ctx: ChangeContext, p: PreparedEnrollment, lane: OutboxLane = 'bulk'): string {
  if (p.capture) insertCaptureRow(ctx.db, p.capture);
  // A recapture replaces the enrollment that needed attention; the old row stays, discarded and audited.
  for (const old of discardEnrollmentsNeedingAttention(ctx.db, p.label.labelId))
    audit(ctx.db, 'queue.superseded', old, { labelId: p.label.labelId, reason: 'enrolled again at the same position' });
  upsertLabel(ctx.db, p.label);
  if (p.grade) {
    const { labelId, reelId, position } = p.label;
    saveLabelGrade(ctx.db, { labelId, reelId, position, captureSha256: p.capture?.sha256 ?? null, ...p.grade, at: new Date().toISOString() });
  } else if (p.grade === null) clearLabelGrade(ctx.db, p.label.labelId);
  audit(ctx.db, 'label.enroll', p.label.labelId, { reelId: p.reel.reelId, position: p.label.position });
  if (p.printFindings.length)
    audit(ctx.db, 'label.mismatchAccepted', p.label.labelId, { reelId: p.reel.reelId, position: p.label.position, findings: p.printFindings });
  return enqueue(ctx.db, {
    profileId: p.reel.profileId,
    kind: 'enrollLabel',
    subject: p.label.labelId,
    payload: {
      labelId: p.label.labelId,
      reelId: p.reel.reelId,
      position: p.label.position,
      identifiers: p.identifiers,
      captureSha256: p.capture?.sha256,
      indexing: p.label.indexing,
    },
    dependsOn: [p.reel.createOpId],
    lane,
  });
}

/** Writes prepared enrollments, each Label row with its operation, in one transaction: the bench's own work. */
function commitEnrollments(ctx: ChangeContext, prepared: readonly PreparedEnrollment[]): string[] {
  return ctx.db.transaction(() => prepared.map((p) => commitEnrollment(ctx, p, 'bench')))();
}

export async function enrollLabel(ctx: ChangeContext, request: EnrollRequest): Promise<{ label: LocalLabel; opId: string }> {
  const prepared = await prepareEnrollment(ctx, request);
  let opId: string | undefined;
  try {
    [opId] = commitEnrollments(ctx, [prepared]);
  } catch (error) {
    // The transaction rolled back (a full disk: SQLITE_FULL): the capture it was to reference goes too (docs/storage.md).
    if (prepared.capture) undoStoredCapture(prepared.capture);
    throw error;
  }
  if (request.svcImageFile) await forgetIncomingStill(request.svcImageFile).catch(() => undefined);
  return { label: prepared.label, opId: opId as string };
}

export async function readImageFile(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    throw new StationError({ code: 'CAPTURE_UNREADABLE', message: `Cannot read the capture file "${path}": ${(error as Error).message}.` });
  }
}
