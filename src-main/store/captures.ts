import { createHash } from '../runtime/node-crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Metadata } from 'sharp';
import { loadSharp } from '../runtime/sharp';
import { statement, type Db } from './database';

// Captures are files, not BLOBs (docs/architecture.md, "Choices, and why"): content-addressed under
// <data>/captures/ab/cdef….jpg, written and fsynced (file and directory) BEFORE the row that
// references them commits (docs/sync.md, "The queue").

export interface StoredCapture {
  sha256: string;
  path: string;
  thumbnailPath: string;
  width: number;
  height: number;
  bytes: number;
  format: 'jpeg' | 'png';
  /** This call wrote the files (they were not in the store yet): undoStoredCapture removes them again. */
  created: boolean;
  /** The camera's still that was moved (renamed) into the store, when one was. */
  movedFrom?: string;
}

export class CaptureError extends Error {
  constructor(
    readonly code: 'CAPTURE_UNREADABLE' | 'CAPTURE_FORMAT' | 'CAPTURE_TOO_SMALL',
    message: string,
  ) {
    super(message);
  }
}

const MIN_SIDE = 64;
const THUMB_WIDTH = 320;

function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The capture folders (`captures/ab`) whose own entry this process has already made durable (fsynced `captures/` after
 * seeing them): a new file in one needs its folder fsynced, not `captures/` again. Per process, so a folder made by a
 * process that died before its fsync is fsynced into `captures/` once more.
 */
const durableFolders = new Set<string>();

function writeDurably(path: string, data: Buffer): void {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    const fd = openSync(tmp, 'w', 0o644);
    try {
      let off = 0;
      while (off < data.length) off += writeSync(fd, data, off);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (error) {
    // A full disk (ENOSPC) leaves no half-written file behind (docs/storage.md).
    rmSync(tmp, { force: true });
    throw error;
  }
}

/**
 * Validates an image (JPEG or PNG, at least 64 px a side), stores it under its SHA-256 with a
 * thumbnail, and fsyncs the file and its directory. Returns what the Label row will reference.
 * Storing the same bytes twice is a no-op. `moveFrom` names the file the bytes came from (the camera's
 * accepted still, on the same disk): it is renamed into the store rather than copied (docs/storage.md).
 * A write that fails (a full disk) leaves nothing behind.
 */
export async function storeCapture(dataDir: string, image: Buffer, moveFrom?: string): Promise<StoredCapture> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(image).metadata();
  } catch {
    throw new CaptureError('CAPTURE_UNREADABLE', 'The capture is not a readable image; capture it again (JPEG or PNG).');
  }
  if (meta.format !== 'jpeg' && meta.format !== 'png') {
    throw new CaptureError('CAPTURE_FORMAT', `The capture is ${meta.format ?? 'of an unknown format'}; the service takes JPEG or PNG.`);
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < MIN_SIDE || height < MIN_SIDE) {
    throw new CaptureError('CAPTURE_TOO_SMALL', `The capture is ${width}×${height} px; at least ${MIN_SIDE} px a side is needed.`);
  }
  const sha256 = createHash('sha256').update(image).digest('hex');
  const dir = join(dataDir, 'captures', sha256.slice(0, 2));
  const ext = meta.format === 'jpeg' ? 'jpg' : 'png';
  const path = join(dir, `${sha256.slice(2)}.${ext}`);
  const thumbnailPath = join(dir, `${sha256.slice(2)}.thumb.jpg`);
  const stored: StoredCapture = { sha256, path, thumbnailPath, width, height, bytes: image.length, format: meta.format, created: false };
  if (!existsSync(path)) {
    const thumbnail = await sharp(image).resize({ width: THUMB_WIDTH, withoutEnlargement: true }).jpeg({ quality: 70 }).toBuffer();
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(thumbnailPath, thumbnail);
      if (moveFrom && existsSync(moveFrom)) {
        renameSync(moveFrom, path);
        stored.movedFrom = moveFrom;
      } else {
        writeDurably(path, image);
      }
      fsyncDir(dir);
      if (!durableFolders.has(dir)) {
        fsyncDir(join(dataDir, 'captures'));
        durableFolders.add(dir);
      }
    } catch (error) {
      undoStoredCapture({ ...stored, created: true });
      throw error;
    }
    stored.created = true;
  }
  return stored;
}

/**
 * Takes back a capture this process just stored, when the row that was to reference it did not commit (a full disk):
 * never a capture without its row. A moved still goes back where it came from.
 */
export function undoStoredCapture(capture: StoredCapture): void {
  if (!capture.created) return;
  try {
    if (capture.movedFrom && existsSync(capture.path)) renameSync(capture.path, capture.movedFrom);
    else rmSync(capture.path, { force: true });
  } catch {
    rmSync(capture.path, { force: true });
  }
  rmSync(capture.thumbnailPath, { force: true });
}

/** Records the capture's row; call inside the transaction that references it. */
export function insertCaptureRow(db: Db, capture: StoredCapture): void {
  statement(
    db,
    `INSERT OR IGNORE INTO captures (sha256, path, thumbnail_path, width, height, bytes, format, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(capture.sha256, capture.path, capture.thumbnailPath, capture.width, capture.height, capture.bytes, capture.format, new Date().toISOString());
}

/** The stored image, or undefined when there is none (never stored, or pruned: its Label is on the service). */
export function readCapture(db: Db, sha256: string): { data: Buffer; format: 'jpeg' | 'png' } | undefined {
  const row = statement(db, 'SELECT path, format FROM captures WHERE sha256 = ? AND pruned_at IS NULL').get(sha256) as
    { path: string; format: 'jpeg' | 'png' } | undefined;
  if (!row) return undefined;
  try {
    return { data: readFileSync(row.path), format: row.format };
  } catch (error) {
    // Removed by a prune that stopped before it could record it (docs/storage.md, "Retention").
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The images still on disk: how many, and their bytes (thumbnails not counted). */
export function captureTotals(db: Db): { count: number; bytes: number } {
  const row = statement(db, 'SELECT count(*) AS count, coalesce(sum(bytes), 0) AS bytes FROM captures WHERE pruned_at IS NULL').get() as {
    count: number;
    bytes: number;
  };
  return row;
}

/** The mean size of the most recent captures (bytes), or null before the first: what the next Labels will take. */
export function recentCaptureBytes(db: Db, last = 50): number | null {
  const row = statement(db, 'SELECT avg(bytes) AS mean FROM (SELECT bytes FROM captures ORDER BY rowid DESC LIMIT ?)').get(last) as { mean: number | null };
  return row.mean === null ? null : Math.round(row.mean);
}

export interface PrunableCapture {
  sha256: string;
  path: string;
  bytes: number;
  createdAt: string;
}

/**
 * Images no one needs any more, oldest first (docs/storage.md, "Retention"): every Label that shows the image is on the
 * service and not waiting for anything (not queued, not needing attention: a recapture reads it), no operation still
 * to send (pending, sending or attention) names it, and no verification sample kept for checking does.
 */
export function prunableCaptures(db: Db): PrunableCapture[] {
  return statement(
    db,
    `SELECT c.sha256, c.path, c.bytes, c.created_at AS createdAt FROM captures c
     WHERE c.pruned_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM labels l WHERE l.capture_sha256 = c.sha256
                         AND (l.service_id IS NULL OR l.state IN ('queued', 'attention', 'expected', 'gap')))
       AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.state IN ('pending', 'sending', 'attention')
                         AND json_extract(o.payload, '$.captureSha256') = c.sha256)
       AND NOT EXISTS (SELECT 1 FROM verification_samples v WHERE v.state = 'kept'
                         AND json_extract(v.scanned, '$.captureSha256') = c.sha256)
     ORDER BY c.created_at, c.rowid`,
  ).all() as PrunableCapture[];
}

/** Records images as removed (their files already are); the rows and thumbnails stay. */
export function markCapturesPruned(db: Db, sha256s: readonly string[], at: string): void {
  const mark = statement(db, 'UPDATE captures SET pruned_at = ? WHERE sha256 = ?');
  db.transaction(() => {
    for (const sha of sha256s) mark.run(at, sha);
  })();
}

/** Where a capture's thumbnail is and when the capture was stored. */
export function captureThumbnail(db: Db, sha256: string): { thumbnailPath: string; createdAt: string } | undefined {
  const row = statement(db, 'SELECT thumbnail_path, created_at FROM captures WHERE sha256 = ?').get(sha256) as
    { thumbnail_path: string; created_at: string } | undefined;
  return row ? { thumbnailPath: row.thumbnail_path, createdAt: row.created_at } : undefined;
}
