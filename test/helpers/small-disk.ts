import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../src-main/store/database';
import { tempDir } from './tmp';

// A small filesystem of a test's own (a tmpfs: CI runs as root), to fill a data folder until the floor and then until
// ENOSPC (docs/storage.md). Unmount it in afterAll.

export interface SmallDisk {
  path: string;
  /** Writes a file of `bytes` on the disk (ballast the test removes to free space again). */
  ballast(name: string, bytes: number): string;
  /** Writes a file until the disk has not one byte left (ENOSPC); returns its path. */
  fillUp(name: string): string;
  unmount(): void;
}

export function mountSmallDisk(sizeMb: number): SmallDisk {
  const dir = tempDir('small-disk-');
  const path = join(dir.path, 'mnt');
  mkdirSync(path);
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0700`, 'tmpfs', path]);
  return {
    path,
    ballast(name, bytes) {
      const file = join(path, name);
      writeFileSync(file, Buffer.alloc(bytes, 1));
      return file;
    },
    fillUp(name) {
      const file = join(path, name);
      const fd = openSync(file, 'w');
      try {
        for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 9, 1]) {
          const chunk = Buffer.alloc(size, 1);
          try {
            for (;;) writeSync(fd, chunk);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          }
        }
      } finally {
        closeSync(fd);
      }
      return file;
    },
    unmount() {
      try {
        execFileSync('umount', [path]);
      } finally {
        dir.remove();
      }
    },
  };
}

/**
 * Whether a data folder's captures match its rows: every capture row not pruned has its image and thumbnail, every
 * image in the store has its row, no temp file is left, every Label's capture has its row, every enrollLabel operation
 * has its Label. Returns the problems (none: they match).
 */
export function halfWritten(db: Db, dataDir: string): string[] {
  const problems: string[] = [];
  const rows = db.prepare('SELECT sha256, path, thumbnail_path AS thumb, pruned_at AS pruned FROM captures').all() as {
    sha256: string;
    path: string;
    thumb: string;
    pruned: string | null;
  }[];
  const byPath = new Set(rows.map((r) => r.path));
  for (const r of rows) {
    if (r.pruned === null && !existsSync(r.path)) problems.push(`row ${r.sha256} without its image`);
    if (!existsSync(r.thumb)) problems.push(`row ${r.sha256} without its thumbnail`);
  }
  const store = join(dataDir, 'captures');
  for (const sub of existsSync(store) ? readdirSync(store) : []) {
    if (sub === 'incoming') continue;
    for (const name of readdirSync(join(store, sub))) {
      const file = join(store, sub, name);
      if (name.endsWith('.tmp')) problems.push(`temp file ${file}`);
      else if (!name.endsWith('.thumb.jpg') && !byPath.has(file)) problems.push(`image ${file} without its row`);
      else if (name.endsWith('.thumb.jpg') && !byPath.has(file.replace(/\.thumb\.jpg$/, '.jpg')) && !byPath.has(file.replace(/\.thumb\.jpg$/, '.png')))
        problems.push(`thumbnail ${file} without its row`);
    }
  }
  const labels = db
    .prepare('SELECT l.label_id FROM labels l LEFT JOIN captures c ON c.sha256 = l.capture_sha256 WHERE l.capture_sha256 IS NOT NULL AND c.sha256 IS NULL')
    .all();
  for (const l of labels) problems.push(`Label ${(l as { label_id: string }).label_id} without its capture row`);
  const ops = db.prepare("SELECT o.id FROM outbox o LEFT JOIN labels l ON l.label_id = o.subject WHERE o.kind = 'enrollLabel' AND l.label_id IS NULL").all();
  for (const o of ops) problems.push(`operation ${(o as { id: string }).id} without its Label`);
  return problems;
}
