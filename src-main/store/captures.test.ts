import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { tempDir } from '../../test/helpers/tmp';
import { captureTotals, CaptureError, insertCaptureRow, markCapturesPruned, prunableCaptures, storeCapture } from './captures';
import { openDatabase } from './database';

const dirs: { remove(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

describe('capture files', () => {
  it('stores an image under its SHA-256 (captures/ab/cdef….jpg) with a thumbnail; the same bytes twice are one file', async () => {
    const dir = tempDir('captures-');
    dirs.push(dir);
    const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const stored = await storeCapture(dir.path, image);
    expect(stored.path).toBe(`${dir.path}/captures/${stored.sha256.slice(0, 2)}/${stored.sha256.slice(2)}.jpg`);
    expect(readFileSync(stored.path).equals(image)).toBe(true);
    expect((await sharp(stored.thumbnailPath).metadata()).width).toBe(320);
    expect(stored.created).toBe(true);
    expect(await storeCapture(dir.path, image)).toEqual({ ...stored, created: false });
    expect(existsSync(`${stored.path}.${process.pid}.tmp`)).toBe(false);
  });
  it('refuses what is not a usable JPEG or PNG, saying why', async () => {
    const dir = tempDir('captures-');
    dirs.push(dir);
    await expect(storeCapture(dir.path, Buffer.from('not an image'))).rejects.toMatchObject({ code: 'CAPTURE_UNREADABLE' });
    const webp = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    await expect(storeCapture(dir.path, webp)).rejects.toMatchObject({ code: 'CAPTURE_FORMAT' });
    const tiny = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await expect(storeCapture(dir.path, tiny)).rejects.toBeInstanceOf(CaptureError);
  });
});

describe('captures retention may remove', () => {
  it('only images no Label, operation or kept verification sample still needs', () => {
    const dir = tempDir('captures-prunable-');
    dirs.push(dir);
    const db = openDatabase({ dataDir: dir.path });
    try {
      db.pragma('foreign_keys = OFF');
      const now = new Date().toISOString();
      for (const sha of ['free', 'kept-sample', 'judged-sample', 'not-landed', 'pending-op', 'landed', 'attention'])
        insertCaptureRow(db, {
          sha256: sha,
          path: `/x/${sha}.jpg`,
          thumbnailPath: `/x/${sha}.thumb.jpg`,
          width: 64,
          height: 64,
          bytes: 10,
          format: 'jpeg',
          created: true,
        });
      const sample = db.prepare("INSERT INTO verification_samples (verification_id, position, state, scanned, updated_at) VALUES ('v', ?, ?, ?, ?)");
      sample.run(1, 'kept', JSON.stringify({ identifiers: [], captureSha256: 'kept-sample' }), now);
      sample.run(2, 'pass', JSON.stringify({ identifiers: [], captureSha256: 'judged-sample' }), now);
      const label = db.prepare(
        "INSERT INTO labels (label_id, reel_id, position, state, service_id, identifiers, capture_sha256, created_at, updated_at) VALUES (?, 'r', ?, ?, ?, '[]', ?, ?, ?)",
      );
      label.run('l1', 1, 'queued', null, 'not-landed', now, now);
      label.run('l2', 2, 'enrolled', 's2', 'landed', now, now);
      label.run('l3', 3, 'attention', 's3', 'attention', now, now);
      db.prepare(
        "INSERT INTO outbox (id, profile_id, kind, state, subject, payload, created_at, updated_at) VALUES ('o1', 'p', 'addIdentifier', 'pending', 'l2', ?, ?, ?)",
      ).run(JSON.stringify({ captureSha256: 'pending-op' }), now, now);
      expect(
        prunableCaptures(db)
          .map((c) => c.sha256)
          .sort(),
      ).toEqual(['free', 'judged-sample', 'landed']);
      markCapturesPruned(db, ['free'], now);
      expect(prunableCaptures(db).map((c) => c.sha256)).not.toContain('free');
      expect(captureTotals(db)).toEqual({ count: 6, bytes: 60 });
    } finally {
      db.close();
    }
  });
});
