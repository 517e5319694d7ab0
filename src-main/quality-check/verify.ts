import { randomInt, randomUUID } from 'node:crypto';
import { normalizeNfcUid } from '../../src-shared/domain/nfc-uid';
import { DEFAULT_LEVEL, SamplingInputError, samplePositions, samplingPlan } from '../../src-shared/domain/sampling';
import { describeIdentifyOutcome, judgeSample, lotVerdict, type OpticalCheck, type ValueCheck } from '../../src-shared/domain/verification';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { LotVerdictView, SampleCheck, SampleView, VerificationPlan, VerificationView } from '../../src-shared/ipc/verify';
import type { ServiceClient } from '../service';
import { insertCaptureRow, storeCapture } from '../store/captures';
import type { Db } from '../store/database';
import { countNotOnService, lotPositions } from '../store/reports';
import {
  currentVerification,
  insertVerification,
  listSamples,
  saveSample,
  setVerificationDecision,
  type StoredPlan,
  type StoredScan,
} from '../store/verifications';

// The quality check of an enrolled Reel (src-shared/ipc/verify.ts): the plan (ISO 2859-1 over the Reel's Labels on
// the service, positions drawn with a recorded seed), one sampled Label checked against the service (each value
// resolved with the Reel, the optical capture identified; src-shared/domain/verification.ts judges), and the lot's
// verdict by the plan's numbers, all kept in the station database.

/** The settings key of the AQL a new plan uses when it names none. */
export const AQL_SETTING = 'verify.aql';

/** Seeds are drawn below 2^31 so they read the same in every language a report is opened with. */
const SEED_LIMIT = 2 ** 31;

function planView(plan: StoredPlan): VerificationPlan {
  return {
    verificationId: plan.verificationId,
    reelId: plan.reelId,
    lotSize: plan.lotSize,
    codeLetter: plan.codeLetter as VerificationPlan['codeLetter'],
    planLetter: plan.planLetter as VerificationPlan['planLetter'],
    level: plan.level as VerificationPlan['level'],
    sampleSize: plan.sampleSize,
    accept: plan.accept,
    reject: plan.reject,
    aql: plan.aql,
    seed: plan.seed,
    positions: plan.positions,
    notOnService: plan.notOnService,
    createdAt: plan.createdAt,
  };
}

/**
 * Draws and records a new plan for the Reel: the lot is its Labels the service holds (enrolled or bound); the plan's
 * sample is drawn from their positions with `seed` (a random one when not given).
 */
export function drawVerification(db: Db, reel: { reelId: string; name: string }, options: { aql: number; seed?: number | undefined }): VerificationPlan {
  const positions = lotPositions(db, reel.reelId);
  const notOnService = countNotOnService(db, reel.reelId);
  let plan;
  try {
    plan = samplingPlan({ lotSize: positions.length, aql: options.aql, level: DEFAULT_LEVEL });
  } catch (error) {
    if (!(error instanceof SamplingInputError)) throw error;
    const waiting = notOnService > 0 ? ` ${notOnService} Label(s) are still queued or need attention: sync the queue, then draw the sample.` : '';
    throw new StationError({
      code: StationErrorCode.invalidInput,
      message: `Reel "${reel.name}" has ${positions.length} Label(s) on the service to sample: ${error.message}.${waiting}`,
      detail: { issues: error.issues, lotSize: positions.length, notOnService },
    });
  }
  const seed = options.seed ?? randomInt(0, SEED_LIMIT);
  const stored: Omit<StoredPlan, 'decision' | 'decidedAt'> = {
    verificationId: randomUUID(),
    reelId: reel.reelId,
    lotSize: plan.lotSize,
    codeLetter: plan.codeLetter,
    planLetter: plan.planLetter,
    level: plan.level,
    sampleSize: plan.sampleSize,
    accept: plan.accept,
    reject: plan.reject,
    aql: plan.aql,
    seed,
    positions: samplePositions(positions, plan.sampleSize, seed),
    notOnService,
    createdAt: new Date().toISOString(),
  };
  insertVerification(db, stored);
  return planView({ ...stored, decision: 'pending', decidedAt: null });
}

function verdictOf(plan: StoredPlan, judged: readonly { position: number; pass: boolean }[]): LotVerdictView {
  const v = lotVerdict(plan, judged);
  return { inspected: v.inspected, failed: v.failed, accept: v.accept, complete: v.complete, decision: v.decision, decidedEarly: v.decidedEarly === true };
}

/** The verification as the screen and the report show it: every sampled position, judged, kept or waiting. */
function verificationView(db: Db, plan: StoredPlan): VerificationView {
  const stored = new Map(listSamples(db, plan.verificationId).map((s) => [s.position, s]));
  const samples: SampleView[] = plan.positions.map((position) => {
    const s = stored.get(position);
    if (!s) return { position, state: 'waiting', result: null, scanned: null, checkedAt: null };
    return { position, state: s.state, result: (s.result as SampleCheck | null) ?? null, scanned: s.scanned, checkedAt: s.checkedAt };
  });
  const judged = samples.flatMap((s) => (s.result ? [{ position: s.position, pass: s.result.pass }] : []));
  return { plan: planView(plan), samples, verdict: verdictOf(plan, judged), decidedAt: plan.decidedAt };
}

/** The Reel's current verification, or null before the first plan. */
export function currentVerificationView(db: Db, reelId: string): VerificationView | null {
  const plan = currentVerification(db, reelId);
  return plan ? verificationView(db, plan) : null;
}

/** Keeps a scan made while the service could not be asked; it is checked later from what was kept. */
/** What the station keeps of a scan: its values and the sha256 of its capture (the capture itself is in the capture store). */
function storedScan(scan: ScanToCheck): StoredScan {
  return { identifiers: scan.identifiers, captureSha256: scan.capture?.sha256 ?? null };
}

/**
 * Keeps a scan the service could not check yet (offline): its capture goes to the capture store (the camera's incoming
 * stills are pruned) and the sample is saved as kept, the capture's row and the sample in one transaction.
 */
export async function keepScan(db: Db, dataDir: string, plan: StoredPlan, position: number, labelId: string, scan: ScanToCheck): Promise<void> {
  const scanned = storedScan(scan);
  const capture = scan.capture ? await storeCapture(dataDir, scan.capture.data) : null;
  db.transaction(() => {
    if (capture) insertCaptureRow(db, capture);
    saveSample(db, plan.verificationId, { position, labelId, state: 'kept', scanned, result: null, checkedAt: null });
  })();
}

/** Records a judged sample and the lot's verdict after it, in one transaction. */
export function recordCheck(db: Db, plan: StoredPlan, position: number, labelId: string, checked: ScanToCheck, result: SampleCheck): LotVerdictView {
  const scan = storedScan(checked);
  return db.transaction(() => {
    const now = new Date().toISOString();
    saveSample(db, plan.verificationId, { position, labelId, state: result.pass ? 'pass' : 'fail', scanned: scan, result, checkedAt: now });
    const judged = listSamples(db, plan.verificationId).flatMap((s) => (s.result ? [{ position: s.position, pass: (s.result as SampleCheck).pass }] : []));
    const verdict = verdictOf(plan, judged);
    const decidedAt = verdict.decision === 'pending' ? null : plan.decision === verdict.decision && plan.decidedAt ? plan.decidedAt : now;
    setVerificationDecision(db, plan.verificationId, verdict.decision, decidedAt);
    return verdict;
  })();
}

/** The capture's MIME type from its first bytes (the service takes JPEG or PNG). */
function imageMimeType(data: Buffer): 'image/jpeg' | 'image/png' {
  return data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47 ? 'image/png' : 'image/jpeg';
}

export interface ScanToCheck {
  identifiers: StoredScan['identifiers'];
  capture: { sha256: string; data: Buffer } | null;
}

/**
 * Checks one sampled Label against the service and judges it. Each value is resolved with the Reel
 * (`POST /composite-tags/resolve`: the candidates are the Reel's Labels holding it, by position); the capture is
 * identified (`POST /tags/identify`, read by the station's own reader). A failure keeps the service's code (identify outcomes that arrive as errors)
 * and the request id of the answer it rests on. Service failures other than the identify outcomes are thrown.
 */
export async function judgeScan(
  client: ServiceClient,
  input: { reelServiceId: string; position: number; compositeTagId: string; scan: ScanToCheck },
): Promise<SampleCheck> {
  const reads: ValueCheck[] = [];
  const readRequestIds: (string | null)[] = [];
  for (const identifier of input.scan.identifiers) {
    const uid = identifier.tagType === 'NFC' ? normalizeNfcUid(identifier.value) : null;
    const value = uid?.ok ? uid.value : identifier.value;
    let requestId: string | null = null;
    const answer = await client.labels.resolve(
      { tagType: identifier.tagType, value, reelCollectionId: input.reelServiceId },
      { onAttempt: (attempt) => (requestId = attempt.requestId ?? requestId) },
    );
    // spec: resolve returns `detail` (first match) and `candidates[]` (all matches): the first match stands in
    // for a candidate list the answer left out.
    const found = answer.candidates.length > 0 ? answer.candidates : answer.detail ? [answer.detail] : [];
    reads.push({ value, candidates: found.map((c) => ({ compositeTagId: c.compositeTagId, position: c.position })) });
    readRequestIds.push(requestId);
  }
  let optical: OpticalCheck | null = null;
  let identify: { requestId: string | null; code: string | undefined } | null = null;
  if (input.scan.capture) {
    const { data } = input.scan.capture;
    const mimeType = imageMimeType(data);
    const answer = await client.tags.identifyMarking({
      tagType: 'SVC',
      image: { data, mimeType, filename: mimeType === 'image/png' ? 'capture.png' : 'capture.jpg' },
    });
    optical = { outcome: answer.outcome, compositeTagId: answer.compositeTagId, position: answer.position };
    identify = { requestId: answer.requestId, code: answer.code ?? undefined };
  }
  const judged = judgeSample({ position: input.position, compositeTagId: input.compositeTagId, reads, optical });
  // The answer the verdict rests on: the first value that failed (judgeSample judges the values first), else the
  // optical identify; on a pass, the identify when made, else the last resolve.
  const failedRead = reads.findIndex((r) => !r.candidates.some((c) => c.compositeTagId === input.compositeTagId && c.position === input.position));
  let requestId: string | null;
  let code: string | undefined;
  if (!judged.pass && failedRead >= 0) {
    requestId = readRequestIds[failedRead] ?? null;
  } else {
    requestId = identify?.requestId ?? readRequestIds.at(-1) ?? null;
    if (!judged.pass) code = identify?.code;
  }
  const retry =
    optical !== null &&
    !judged.pass &&
    failedRead < 0 &&
    optical.outcome !== 'label' &&
    optical.outcome !== 'identified' &&
    describeIdentifyOutcome(optical.outcome).retry;
  return {
    position: judged.position,
    pass: judged.pass,
    outcome: judged.outcome,
    ...(code ? { code } : {}),
    ...(requestId ? { requestId } : {}),
    ...(judged.foundPosition !== undefined ? { foundPosition: judged.foundPosition } : {}),
    reason: judged.reason,
    retry,
  };
}
