import type { ExpectedValues, LabelState, LocalIdentifier } from '../../src-shared/domain/label';
import type { Db } from './database';

// Labels as a local mirror: what the bench enrolled, what the print data expects, and what the
// service answered (its id, warnings, or the reason it needs attention).

export interface LabelAttention {
  reason: string;
  code: string;
  requestId: string | null;
}

export interface LocalLabel {
  labelId: string;
  reelId: string;
  position: number;
  state: LabelState;
  serviceId: string | null;
  identifiers: LocalIdentifier[];
  expected: ExpectedValues | null;
  captureSha256: string | null;
  indexing: 'default' | 'none';
  warnings: string[];
  attention: LabelAttention | null;
  boundThreadId: string | null;
}

interface Row {
  label_id: string;
  reel_id: string;
  position: number;
  state: LabelState;
  service_id: string | null;
  identifiers: string;
  expected: string | null;
  capture_sha256: string | null;
  indexing: 'default' | 'none';
  warnings: string;
  attention: string | null;
  bound_thread_id: string | null;
}

function fromRow(row: Row): LocalLabel {
  return {
    labelId: row.label_id,
    reelId: row.reel_id,
    position: row.position,
    state: row.state,
    serviceId: row.service_id,
    identifiers: JSON.parse(row.identifiers) as LocalIdentifier[],
    expected: row.expected ? (JSON.parse(row.expected) as ExpectedValues) : null,
    captureSha256: row.capture_sha256,
    indexing: row.indexing,
    warnings: JSON.parse(row.warnings) as string[],
    attention: row.attention ? (JSON.parse(row.attention) as LabelAttention) : null,
    boundThreadId: row.bound_thread_id,
  };
}

export function getLabel(db: Db, labelId: string): LocalLabel | undefined {
  const row = db.prepare('SELECT * FROM labels WHERE label_id = ?').get(labelId) as Row | undefined;
  return row ? fromRow(row) : undefined;
}

export function getLabelAt(db: Db, reelId: string, position: number): LocalLabel | undefined {
  const row = db.prepare('SELECT * FROM labels WHERE reel_id = ? AND position = ?').get(reelId, position) as Row | undefined;
  return row ? fromRow(row) : undefined;
}

/** Only the state of the Label at a position (a check of thousands of print-data rows reads no more). */
export function getLabelStateAt(db: Db, reelId: string, position: number): Pick<LocalLabel, 'state' | 'serviceId'> | undefined {
  return db.prepare('SELECT state, service_id AS serviceId FROM labels WHERE reel_id = ? AND position = ?').get(reelId, position) as Pick<LocalLabel, 'state' | 'serviceId'> | undefined;
}

export function getLabelByServiceId(db: Db, serviceId: string): LocalLabel | undefined {
  const row = db.prepare('SELECT * FROM labels WHERE service_id = ?').get(serviceId) as Row | undefined;
  return row ? fromRow(row) : undefined;
}

export function listLabels(db: Db, reelId: string, range?: { from: number; to: number }): LocalLabel[] {
  const rows = range
    ? db.prepare('SELECT * FROM labels WHERE reel_id = ? AND position BETWEEN ? AND ? ORDER BY position').all(reelId, range.from, range.to)
    : db.prepare('SELECT * FROM labels WHERE reel_id = ? ORDER BY position').all(reelId);
  return (rows as Row[]).map(fromRow);
}

export function countLabelsByState(db: Db, reelId: string): Partial<Record<LabelState, number>> {
  const out: Partial<Record<LabelState, number>> = {};
  for (const row of db.prepare('SELECT state, COUNT(*) AS n FROM labels WHERE reel_id = ? GROUP BY state').all(reelId) as { state: LabelState; n: number }[]) {
    out[row.state] = row.n;
  }
  return out;
}

/** Inserts or replaces the Label at its position (an expected row becomes the enrolled one). */
export function upsertLabel(db: Db, label: LocalLabel): void {
  const now = new Date().toISOString();
  db.prepare(
    `INSERT INTO labels (label_id, reel_id, position, state, service_id, identifiers, expected, capture_sha256, indexing, warnings, attention, bound_thread_id, created_at, updated_at)
     VALUES (@labelId, @reelId, @position, @state, @serviceId, @identifiers, @expected, @captureSha256, @indexing, @warnings, @attention, @boundThreadId, @now, @now)
     ON CONFLICT(label_id) DO UPDATE SET reel_id = excluded.reel_id, position = excluded.position, state = excluded.state,
       service_id = excluded.service_id, identifiers = excluded.identifiers, expected = excluded.expected,
       capture_sha256 = excluded.capture_sha256, indexing = excluded.indexing, warnings = excluded.warnings,
       attention = excluded.attention, bound_thread_id = excluded.bound_thread_id, updated_at = excluded.updated_at`,
  ).run({
    ...label,
    identifiers: JSON.stringify(label.identifiers),
    expected: label.expected ? JSON.stringify(label.expected) : null,
    warnings: JSON.stringify(label.warnings),
    attention: label.attention ? JSON.stringify(label.attention) : null,
    now,
  });
}

export function updateLabel(db: Db, labelId: string, patch: Partial<Omit<LocalLabel, 'labelId'>>): void {
  const current = getLabel(db, labelId);
  if (!current) return;
  upsertLabel(db, { ...current, ...patch });
}
