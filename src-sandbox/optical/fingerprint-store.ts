// Storing fingerprints with their multi-index rows, and finding the stored fingerprints a query matches
// through the index (never a scan of every row).
import type { SandboxDb } from '../store/db';
import { FINGERPRINT_BYTES } from './fingerprint';
import { bandKeys, probeKeys, BAND_COUNT, BAND_BITS } from './index-keys';
import { ensureOpticalSchema } from './schema';
import { hammingDistance, MATCH_MAX_DISTANCE } from './similarity';

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
const statements = new WeakMap<SandboxDb, ReturnType<typeof prepare>>();

function prepare(db: SandboxDb) {
  ensureOpticalSchema(db);
  return {
    insert: db.prepare('INSERT INTO optical_fingerprints (fingerprint_id, bits, keypoints, org_id, team_id, scan_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    insertKey: db.prepare('INSERT OR IGNORE INTO optical_index (band_key, fp_row) VALUES (?, ?)'),
    get: db.prepare('SELECT fingerprint_id, bits, keypoints, org_id, team_id, scan_id FROM optical_fingerprints WHERE fingerprint_id = ?'),
    probe: db.prepare(
      `SELECT f.fingerprint_id AS fingerprint_id, f.bits AS bits FROM optical_fingerprints f
       WHERE f.fp_row IN (SELECT fp_row FROM optical_index WHERE band_key IN (${new Array(PROBE_COUNT).fill('?').join(',')}))`,
    ),
  };
}

function stmts(db: SandboxDb) {
  let s = statements.get(db);
  if (!s) {
    s = prepare(db);
    statements.set(db, s);
  }
  return s;
}

/** Stores a fingerprint and its index rows (call inside the caller's transaction when it has one). */
export function insertFingerprint(db: SandboxDb, fp: StoredFingerprint, createdAt: string): void {
  if (fp.bits.length !== FINGERPRINT_BYTES) throw new RangeError(`a fingerprint has ${FINGERPRINT_BYTES} bytes, got ${fp.bits.length}`);
  const s = stmts(db);
  const row = s.insert.run(fp.fingerprintId, Buffer.from(fp.bits), fp.keypoints, fp.orgId, fp.teamId, fp.scanId, createdAt).lastInsertRowid;
  for (const key of bandKeys(fp.bits)) s.insertKey.run(key, row);
}

export function getFingerprint(db: SandboxDb, fingerprintId: string): StoredFingerprint | undefined {
  const row = stmts(db).get.get(fingerprintId) as
    { fingerprint_id: string; bits: Buffer; keypoints: number; org_id: string | null; team_id: string | null; scan_id: string | null } | undefined;
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
  const rows = stmts(db).probe.all(...probeKeys(bits)) as { fingerprint_id: string; bits: Buffer }[];
  const matches: FingerprintMatch[] = [];
  for (const row of rows) {
    const distance = hammingDistance(bits, row.bits);
    if (distance <= MATCH_MAX_DISTANCE) matches.push({ fingerprintId: row.fingerprint_id, distance });
  }
  return matches.sort((a, b) => a.distance - b.distance);
}
