import { statement, type Db } from './database';

// Verifications of Reels (migration 4): the sampling plan drawn for a Reel with its seed and positions, and each
// sampled position's scan and verdict. The newest verification of a Reel is its current one.

export interface StoredPlan {
  verificationId: string;
  reelId: string;
  lotSize: number;
  codeLetter: string;
  planLetter: string;
  level: string;
  sampleSize: number;
  accept: number;
  reject: number;
  aql: number;
  seed: number;
  positions: number[];
  notOnService: number;
  decision: 'pending' | 'accept' | 'reject';
  decidedAt: string | null;
  createdAt: string;
}

export interface StoredScan {
  identifiers: { tagType: 'QR' | 'BAR_CODE' | 'DATA_MATRIX' | 'NFC' | 'TEXT'; value: string }[];
  captureSha256: string | null;
}

export interface StoredSample {
  position: number;
  labelId: string | null;
  state: 'kept' | 'pass' | 'fail';
  scanned: StoredScan;
  /** The judged result (its shape is the contract's SampleCheck), null while kept. */
  result: unknown;
  checkedAt: string | null;
}

interface PlanRow {
  verification_id: string;
  reel_id: string;
  lot_size: number;
  code_letter: string;
  plan_letter: string;
  level: string;
  sample_size: number;
  accept: number;
  reject: number;
  aql: number;
  seed: number;
  positions: string;
  not_on_service: number;
  decision: StoredPlan['decision'];
  decided_at: string | null;
  created_at: string;
}

function planFromRow(row: PlanRow): StoredPlan {
  return {
    verificationId: row.verification_id,
    reelId: row.reel_id,
    lotSize: row.lot_size,
    codeLetter: row.code_letter,
    planLetter: row.plan_letter,
    level: row.level,
    sampleSize: row.sample_size,
    accept: row.accept,
    reject: row.reject,
    aql: row.aql,
    seed: row.seed,
    positions: JSON.parse(row.positions) as number[],
    notOnService: row.not_on_service,
    decision: row.decision,
    decidedAt: row.decided_at,
    createdAt: row.created_at,
  };
}

export function insertVerification(db: Db, plan: Omit<StoredPlan, 'decision' | 'decidedAt'>): void {
  statement(
    db,
    `INSERT INTO verifications (verification_id, reel_id, lot_size, code_letter, plan_letter, level, sample_size, accept, reject, aql, seed, positions, not_on_service, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    plan.verificationId,
    plan.reelId,
    plan.lotSize,
    plan.codeLetter,
    plan.planLetter,
    plan.level,
    plan.sampleSize,
    plan.accept,
    plan.reject,
    plan.aql,
    plan.seed,
    JSON.stringify(plan.positions),
    plan.notOnService,
    plan.createdAt,
  );
}

/** The Reel's current verification: the newest plan drawn for it. */
export function currentVerification(db: Db, reelId: string): StoredPlan | undefined {
  const row = statement(db, 'SELECT * FROM verifications WHERE reel_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').get(reelId) as PlanRow | undefined;
  return row ? planFromRow(row) : undefined;
}

export function setVerificationDecision(db: Db, verificationId: string, decision: StoredPlan['decision'], decidedAt: string | null): void {
  statement(db, 'UPDATE verifications SET decision = ?, decided_at = ? WHERE verification_id = ?').run(decision, decidedAt, verificationId);
}

interface SampleRow {
  position: number;
  label_id: string | null;
  state: StoredSample['state'];
  scanned: string;
  result: string | null;
  checked_at: string | null;
}

function sampleFromRow(row: SampleRow): StoredSample {
  return {
    position: row.position,
    labelId: row.label_id,
    state: row.state,
    scanned: JSON.parse(row.scanned) as StoredScan,
    result: row.result === null ? null : (JSON.parse(row.result) as unknown),
    checkedAt: row.checked_at,
  };
}

const SAMPLE_COLUMNS = 'position, label_id, state, scanned, result, checked_at';

export function listSamples(db: Db, verificationId: string): StoredSample[] {
  return (
    statement(db, `SELECT ${SAMPLE_COLUMNS} FROM verification_samples WHERE verification_id = ? ORDER BY position`).all(verificationId) as SampleRow[]
  ).map(sampleFromRow);
}

export function getSample(db: Db, verificationId: string, position: number): StoredSample | undefined {
  const row = statement(db, `SELECT ${SAMPLE_COLUMNS} FROM verification_samples WHERE verification_id = ? AND position = ?`).get(verificationId, position) as
    SampleRow | undefined;
  return row ? sampleFromRow(row) : undefined;
}

/** Saves a sample's scan and (when judged) its result; a later save of the same position replaces it. */
export function saveSample(db: Db, verificationId: string, sample: StoredSample): void {
  statement(
    db,
    `INSERT INTO verification_samples (verification_id, position, label_id, state, scanned, result, checked_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(verification_id, position) DO UPDATE SET label_id = excluded.label_id, state = excluded.state, scanned = excluded.scanned,
       result = excluded.result, checked_at = excluded.checked_at, updated_at = excluded.updated_at`,
  ).run(
    verificationId,
    sample.position,
    sample.labelId,
    sample.state,
    JSON.stringify(sample.scanned),
    sample.result === null ? null : JSON.stringify(sample.result),
    sample.checkedAt,
    new Date().toISOString(),
  );
}
