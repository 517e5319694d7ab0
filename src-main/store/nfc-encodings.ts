import type { NfcEncoding } from '../../src-shared/domain/nfc-encoding';
import { statement, type Db } from './database';

// What the bench wrote on Labels' NFC chips (docs/devices.md, "Encoding a chip"), the refusals by code, and each Reel's
// encoding settings.

export interface StoredNfcEncoding extends NfcEncoding {
  reelId: string;
  position: number;
  encodedAt: string;
}

interface Row {
  reel_id: string;
  position: number;
  uid: string;
  url: string;
  tag_type: string;
  locked: number;
  bytes_written: number;
  encoded_at: string;
}

const fromRow = (r: Row): StoredNfcEncoding => ({
  reelId: r.reel_id,
  position: r.position,
  uid: r.uid,
  url: r.url,
  type: r.tag_type,
  locked: r.locked === 1,
  bytesWritten: r.bytes_written,
  encodedAt: r.encoded_at,
});

export function encodingAt(db: Db, reelId: string, position: number): StoredNfcEncoding | undefined {
  const row = statement(db, 'SELECT * FROM nfc_encodings WHERE reel_id = ? AND position = ?').get(reelId, position) as Row | undefined;
  return row ? fromRow(row) : undefined;
}

/** Where the chip with `uid` was encoded, with its Reel's name. */
export function encodingOfChip(db: Db, uid: string): (StoredNfcEncoding & { reelName: string }) | undefined {
  const row = statement(db, 'SELECT e.*, r.name AS reel_name FROM nfc_encodings e JOIN reels r ON r.reel_id = e.reel_id WHERE e.uid = ?').get(uid) as
    (Row & { reel_name: string }) | undefined;
  return row ? { ...fromRow(row), reelName: row.reel_name } : undefined;
}

/** Records what was written at a position (a chip written again there replaces the record). */
export function saveEncoding(db: Db, e: StoredNfcEncoding): void {
  statement(
    db,
    `INSERT INTO nfc_encodings (reel_id, position, uid, url, tag_type, locked, bytes_written, encoded_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (reel_id, position) DO UPDATE SET uid = excluded.uid, url = excluded.url, tag_type = excluded.tag_type,
       locked = excluded.locked, bytes_written = excluded.bytes_written, encoded_at = excluded.encoded_at`,
  ).run(e.reelId, e.position, e.uid, e.url, e.type, e.locked ? 1 : 0, e.bytesWritten, e.encodedAt);
}

export function saveRefusal(db: Db, r: { reelId: string; position: number; uid: string | null; code: string; at: string }): void {
  statement(db, 'INSERT INTO nfc_refusals (reel_id, position, uid, code, at) VALUES (?, ?, ?, ?, ?)').run(r.reelId, r.position, r.uid, r.code, r.at);
}

/** Which chips a count covers: one Reel's, or every Reel's encoded (and refused) between `from` and `to` (ISO times, `to` excluded). */
export type EncodingScope = { reelId: string } | { from: string; to: string };

/** Chips encoded and locked, and refusals by code: the one rule the CLI, the Reel report and the shift summary count by. */
export function encodingCounts(db: Db, scope: EncodingScope): { encoded: number; locked: number; refused: Record<string, number> } {
  const [done, refusals, args] =
    'reelId' in scope ? ['reel_id = ?', 'reel_id = ?', [scope.reelId]] : ['encoded_at >= ? AND encoded_at < ?', 'at >= ? AND at < ?', [scope.from, scope.to]];
  const counted = statement(db, `SELECT COUNT(*) AS encoded, COALESCE(SUM(locked), 0) AS locked FROM nfc_encodings WHERE ${done}`).get(...args) as {
    encoded: number;
    locked: number;
  };
  const refused: Record<string, number> = {};
  for (const r of statement(db, `SELECT code, COUNT(*) AS n FROM nfc_refusals WHERE ${refusals} GROUP BY code ORDER BY code`).all(...args) as {
    code: string;
    n: number;
  }[])
    refused[r.code] = r.n;
  return { ...counted, refused };
}

export interface ReelNfcSettings {
  encode: boolean;
  lock: boolean;
}

export function reelNfcSettings(db: Db, reelId: string): ReelNfcSettings {
  const row = statement(db, 'SELECT nfc_encode, nfc_lock FROM reels WHERE reel_id = ?').get(reelId) as { nfc_encode: number; nfc_lock: number } | undefined;
  return { encode: row?.nfc_encode === 1, lock: row?.nfc_lock === 1 };
}

export function setReelNfcSettings(db: Db, reelId: string, patch: Partial<ReelNfcSettings>): void {
  if (patch.encode !== undefined) statement(db, 'UPDATE reels SET nfc_encode = ? WHERE reel_id = ?').run(patch.encode ? 1 : 0, reelId);
  if (patch.lock !== undefined) statement(db, 'UPDATE reels SET nfc_lock = ? WHERE reel_id = ?').run(patch.lock ? 1 : 0, reelId);
}
