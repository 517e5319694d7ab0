// Scan records (the shared `scans` table) and their receipts. spec: Resources, Scan receipt; Errors, Scan
// receipts on failure.
import { randomUUID } from 'node:crypto';
import type { ScanReceipt } from '../../src-shared/api/scan';
import { statement, type SandboxDb } from './db';
import { ensureOpticalSchema } from './optical-schema';
import type { ScanRow } from './rows';

/**
 * What became of a stored capture. `extracted` until a route classifies it; the rest name the route's
 * answer so a scan can be explained later.
 */
export type ScanOutcome =
  | 'extracted'
  | 'quality_reject'
  | 'identified'
  | 'matches'
  | 'label'
  | 'no_match'
  | 'search_incomplete'
  | 'ambiguous'
  | 'not_bound'
  | 'bound'
  | 'bind_refused'
  | 'verified'
  | 'verify_failed'
  | 'enrolled';

export interface ScanRecord {
  scanId: string;
  fingerprintId: string | null;
  imageSha256: string | null;
  outcome: ScanOutcome;
  tagType: string | null;
  orgId: string | null;
  teamId: string | null;
  svcId: string | null;
  enrollmentSessionId: string | null;
  createdAt: string;
}

function toRecord(row: ScanRow): ScanRecord {
  return {
    scanId: row.scan_id,
    fingerprintId: row.fingerprint_id,
    imageSha256: row.image_sha256,
    outcome: row.outcome as ScanOutcome,
    tagType: row.tag_type,
    orgId: row.org_id,
    teamId: row.team_id,
    svcId: row.svc_id,
    enrollmentSessionId: row.enrollment_session_id,
    createdAt: row.created_at,
  };
}

export interface NewScan {
  fingerprintId: string | null;
  imageSha256: string;
  image: Uint8Array;
  outcome: ScanOutcome;
  tagType?: string | null;
  orgId: string | null;
  teamId: string | null;
  enrollmentSessionId?: string | null;
  detail?: Record<string, unknown>;
}

/** Stores a capture and its scan row; returns the new scanId. */
export function insertScan(db: SandboxDb, scan: NewScan, createdAt: string, scanId: string = randomUUID()): string {
  ensureOpticalSchema(db);
  statement(
    db,
    `INSERT INTO scans (scan_id, fingerprint_id, image_sha256, outcome, tag_type, org_id, team_id, svc_id, enrollment_session_id, detail, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)`,
  ).run(
    scanId,
    scan.fingerprintId,
    scan.imageSha256,
    scan.outcome,
    scan.tagType ?? 'SVC',
    scan.orgId,
    scan.teamId,
    scan.enrollmentSessionId ?? null,
    scan.detail ? JSON.stringify(scan.detail) : null,
    createdAt,
  );
  statement(db, 'INSERT INTO optical_scan_images (scan_id, bytes) VALUES (?, ?)').run(scanId, Buffer.from(scan.image));
  return scanId;
}

/**
 * The earliest stored capture with exactly these bytes (hex sha256), or undefined. Label enrollment uses it
 * to tell the retry of the same enrollment (already_enrolled) from a re-sent image (SCAN_IDENTICAL_SCAN).
 */
export function findScanBySha(db: SandboxDb, sha256: string): ScanRecord | undefined {
  const row = statement(db, 'SELECT * FROM scans WHERE image_sha256 = ? ORDER BY rowid LIMIT 1').get(sha256) as ScanRow | undefined;
  return row ? toRecord(row) : undefined;
}

export function getScan(db: SandboxDb, scanId: string): ScanRecord | undefined {
  const row = statement(db, 'SELECT * FROM scans WHERE scan_id = ?').get(scanId) as ScanRow | undefined;
  return row ? toRecord(row) : undefined;
}

/** The stored bytes of a capture. */
export function getScanImage(db: SandboxDb, scanId: string): Buffer | undefined {
  ensureOpticalSchema(db);
  const row = statement(db, 'SELECT bytes FROM optical_scan_images WHERE scan_id = ?').get(scanId) as { bytes: Buffer } | undefined;
  return row?.bytes;
}

/** Records how a route classified a stored capture, and the optical identifier it resolved to (or null). */
export function setScanOutcome(db: SandboxDb, scanId: string, outcome: ScanOutcome, svcId: string | null = null): void {
  statement(db, 'UPDATE scans SET outcome = ?, svc_id = ? WHERE scan_id = ?').run(outcome, svcId, scanId);
}

/** The receipt of a stored capture. spec: Resources, Scan receipt. */
export function scanReceipt(scanId: string, fingerprintId: string | null, svcId: string | null = null): ScanReceipt {
  return { scanId, fingerprintId, svcId };
}
