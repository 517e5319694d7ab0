import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
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

function writeDurably(path: string, data: Buffer): void {
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o644);
  try {
    let off = 0;
    while (off < data.length) off += writeSync(fd, data, off);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

/**
 * Validates an image (JPEG or PNG, at least 64 px a side), stores it under its SHA-256 with a
 * thumbnail, and fsyncs the file and its directory. Returns what the Label row will reference.
 * Storing the same bytes twice is a no-op.
 */
export async function storeCapture(dataDir: string, image: Buffer): Promise<StoredCapture> {
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
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    const thumbnail = await sharp(image).resize({ width: THUMB_WIDTH, withoutEnlargement: true }).jpeg({ quality: 70 }).toBuffer();
    writeFileSync(thumbnailPath, thumbnail);
    writeDurably(path, image);
    fsyncDir(dir);
    fsyncDir(join(dataDir, 'captures'));
  }
  return { sha256, path, thumbnailPath, width, height, bytes: image.length, format: meta.format };
}

/** Records the capture's row; call inside the transaction that references it. */
export function insertCaptureRow(db: Db, capture: StoredCapture): void {
  statement(
    db,
    `INSERT OR IGNORE INTO captures (sha256, path, thumbnail_path, width, height, bytes, format, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(capture.sha256, capture.path, capture.thumbnailPath, capture.width, capture.height, capture.bytes, capture.format, new Date().toISOString());
}

export function readCapture(db: Db, sha256: string): { data: Buffer; format: 'jpeg' | 'png' } | undefined {
  const row = statement(db, 'SELECT path, format FROM captures WHERE sha256 = ?').get(sha256) as { path: string; format: 'jpeg' | 'png' } | undefined;
  return row ? { data: readFileSync(row.path), format: row.format } : undefined;
}

/** Where a capture's thumbnail is and when the capture was stored. */
export function captureThumbnail(db: Db, sha256: string): { thumbnailPath: string; createdAt: string } | undefined {
  const row = statement(db, 'SELECT thumbnail_path, created_at FROM captures WHERE sha256 = ?').get(sha256) as
    { thumbnail_path: string; created_at: string } | undefined;
  return row ? { thumbnailPath: row.thumbnail_path, createdAt: row.created_at } : undefined;
}
