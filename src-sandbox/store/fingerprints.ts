// Storing fingerprints with their multi-index rows, and finding the stored fingerprints a query matches
// through the index (never a scan of every row).
import { statement, type SandboxDb } from './db';
import type { OpticalFingerprintRow } from './rows';
import { FINGERPRINT_BYTES } from '../optical/fingerprint';
import { bandKeys, probeKeys, BAND_COUNT, BAND_BITS } from '../optical/index-keys';
import { ensureOpticalSchema } from './optical-schema';
import { hammingDistance, MATCH_MAX_DISTANCE } from '../optical/similarity';

export interface StoredFingerprint {
  fingerprintId: string;
  bits: Uint8Array;
  keypoints: number;
  orgId: string | null;
  teamId: string | null;
  scanId: string | null;
}

export interface FingerprintMatch {
  fingerprintId: string;
  distance: number;
}

const PROBE_COUNT = BAND_COUNT * (BAND_BITS + 1);

const INSERT_SQL = 'INSERT INTO optical_fingerprints (fingerprint_id, bits, keypoints, org_id, team_id, scan_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)';
const INSERT_KEY_SQL = 'INSERT OR IGNORE INTO optical_index (band_key, fp_row) VALUES (?, ?)';
const GET_SQL = 'SELECT * FROM optical_fingerprints WHERE fingerprint_id = ?';
const PROBE_SQL = `SELECT f.fingerprint_id AS fingerprint_id, f.bits AS bits FROM optical_fingerprints f
       WHERE f.fp_row IN (SELECT fp_row FROM optical_index WHERE band_key IN (${new Array(PROBE_COUNT).fill('?').join(',')}))`;

/** Stores a fingerprint and its index rows (call inside the caller's transaction when it has one). */
export function insertFingerprint(db: SandboxDb, fp: StoredFingerprint, createdAt: string): void {
  if (fp.bits.length !== FINGERPRINT_BYTES) throw new RangeError(`a fingerprint has ${FINGERPRINT_BYTES} bytes, got ${fp.bits.length}`);
  ensureOpticalSchema(db);
  const row = statement(db, INSERT_SQL).run(fp.fingerprintId, Buffer.from(fp.bits), fp.keypoints, fp.orgId, fp.teamId, fp.scanId, createdAt).lastInsertRowid;
  for (const key of bandKeys(fp.bits)) statement(db, INSERT_KEY_SQL).run(key, row);
}

export function getFingerprint(db: SandboxDb, fingerprintId: string): StoredFingerprint | undefined {
  ensureOpticalSchema(db);
  const row = statement(db, GET_SQL).get(fingerprintId) as OpticalFingerprintRow | undefined;
  if (!row) return undefined;
  return {
    fingerprintId: row.fingerprint_id,
    bits: new Uint8Array(row.bits),
    keypoints: row.keypoints,
    orgId: row.org_id,
    teamId: row.team_id,
    scanId: row.scan_id,
  };
}

/**
 * Stored fingerprints within MATCH_MAX_DISTANCE of `bits`, nearest first (the query's own stored copy
 * included, at distance 0). Reads only the index rows the probe keys hit.
 */
export function findMatchingFingerprints(db: SandboxDb, bits: Uint8Array): FingerprintMatch[] {
  ensureOpticalSchema(db);
  const rows = statement(db, PROBE_SQL).all(...probeKeys(bits)) as Pick<OpticalFingerprintRow, 'fingerprint_id' | 'bits'>[];
  const matches: FingerprintMatch[] = [];
  for (const row of rows) {
    const distance = hammingDistance(bits, row.bits);
    if (distance <= MATCH_MAX_DISTANCE) matches.push({ fingerprintId: row.fingerprint_id, distance });
  }
  return matches.sort((a, b) => a.distance - b.distance);
}
