import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { incomingDir } from '../../../src-main/devices/camera/incoming-stills';
import { speckleTag } from '../../fixtures';
import { labelFrame } from '../../helpers/frames';
import { startPeerAndStation, stopPeerAndStation, type Peer, type TestStation } from '../../helpers/peer';
import { halfWritten } from '../../helpers/small-disk';
import { tempDir } from '../../helpers/tmp';

// Capture retention (docs/storage.md, "Retention"): the images of Labels on the service go after keepDays or past
// maxBytes, oldest first; thumbnails stay; never an image a pending operation, an attention item (its recapture) or a
// Label not on the service needs. The camera's still is moved into the capture store, not copied.

const DAY = 24 * 60 * 60 * 1000;
const files = tempDir('storage-retention-');
let peer: Peer;
let s: TestStation & { remove(): void };
let reelId: string;
let labelsPath: string;

beforeAll(async () => {
  ({ peer, s } = await startPeerAndStation({ requestTimeoutMs: 5_000 }));
  reelId = (await s.call('reels.create', { name: 'Retention reel' })).reelId;
  await drain();
  labelsPath = `/api/v1/composite-tags/reels/${(await s.call('reels.show', { reelId })).serviceId as string}/labels`;
}, 60_000);
afterAll(() => stopPeerAndStation(peer, s, files));

async function drain(): Promise<void> {
  await s.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
}

async function enroll(position: number): Promise<{ labelId: string; opId: string | null; path: string; sha256: string }> {
  const file = join(files.path, `${position}.jpg`);
  writeFileSync(file, await speckleTag(900 + position, { width: 640, height: 480, format: 'jpeg' }));
  const out = await s.call('labels.enroll', { reelId, position, identifiers: [{ tagType: 'TEXT', value: `R-${position}` }], svcImagePath: file });
  const db = new Database(join(s.dataDir, 'station.sqlite3'), { readonly: true });
  try {
    const row = db.prepare('SELECT c.path, c.sha256 FROM labels l JOIN captures c ON c.sha256 = l.capture_sha256 WHERE l.label_id = ?').get(out.labelId) as {
      path: string;
      sha256: string;
    };
    return { labelId: out.labelId, opId: out.opId, ...row };
  } finally {
    db.close();
  }
}

function integrity(): string[] {
  const db = new Database(join(s.dataDir, 'station.sqlite3'), { readonly: true });
  try {
    return halfWritten(db, s.dataDir);
  } finally {
    db.close();
  }
}

async function pruneAt(at: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    return await s.call('storage.prune', {});
  } finally {
    vi.useRealTimers();
  }
}

describe('capture retention', () => {
  it('keeps images 30 days by default, then prunes those of Labels on the service; pending and attention images stay', async () => {
    const done = [await enroll(1), await enroll(2), await enroll(3)];
    await drain();
    // An attention item: the service found too few keypoints; its recapture needs the Label's image.
    await peer.admin('/faults', { pathPrefix: labelsPath, method: 'POST', status: 400, code: 'SCAN_LOW_KEYPOINTS', count: 1 });
    const attention = await enroll(4);
    await drain();
    expect((await s.call('queue.list', { state: 'attention' })).items.map((i) => i.opId)).toContain(attention.opId);
    // A pending enrollment (not sent yet).
    await s.call('sync.pause', {});
    const pending = await enroll(5);

    const before = await s.call('storage.get', {});
    expect(before).toMatchObject({ keepDays: 30, maxBytes: null, captures: { count: 5 } });
    const now = Date.now();
    expect((await pruneAt(now + 29 * DAY)).pruned).toEqual({ count: 0, bytes: 0 });

    const after = await pruneAt(now + 31 * DAY);
    expect(after.pruned?.count).toBe(3);
    expect(after.captures.count).toBe(2);
    for (const d of done) expect(existsSync(d.path)).toBe(false);
    for (const kept of [attention, pending]) expect(existsSync(kept.path)).toBe(true);
    // Thumbnails stay: the Label's history still shows its capture.
    const history = await s.call('labels.history', { labelId: done[0]?.labelId as string });
    expect(history.captures[0]?.thumbnail).toMatch(/^data:image\/jpeg;base64,/);
    expect(integrity()).toEqual([]);

    // The pending image is still there to send, and the attention item can be recaptured.
    await s.call('sync.resume', {});
    await drain();
    expect((await s.call('queue.list', { state: 'pending' })).counts.pending).toBe(0);
    const label4 = (await s.call('reels.show', { reelId })).labels.find((l) => l.position === 4);
    const file = join(files.path, 're4.jpg');
    writeFileSync(file, await speckleTag(1904, { width: 640, height: 480, format: 'jpeg' }));
    await s.call('labels.recapture', { labelId: label4?.labelId as string, svcImagePath: file });
    await drain();
    expect((await s.call('reels.show', { reelId })).labels.find((l) => l.position === 4)?.state).toBe('enrolled');
  }, 120_000);

  it('past maxBytes, the oldest images of Labels on the service go first, never one still to send', async () => {
    await s.call('sync.pause', {});
    const waiting = await enroll(6);
    const info = await s.call('storage.set', { maxBytes: 1 });
    expect(info.maxBytes).toBe(1);
    const pruned = await s.call('storage.prune', {});
    expect(pruned.captures.count).toBe(1);
    expect(existsSync(waiting.path)).toBe(true);
    await s.call('sync.resume', {});
    await drain();
    expect((await s.call('queue.list', {})).counts).toMatchObject({ pending: 0, attention: 0 });
    await s.call('storage.set', { maxBytes: null });
    expect(integrity()).toEqual([]);
  }, 120_000);

  it("the camera's still is moved into the capture store on enrollment, not copied", async () => {
    const still = await labelFrame({ seed: 4242, qr: 'https://example.test/l/004242' });
    const capture = await s.call('camera.submitStill', { image: still.toString('base64'), mimeType: 'image/jpeg', camera: 'test camera' });
    expect(capture.accepted).toBe(true);
    const incoming = () => readdirSync(incomingDir(s.dataDir)).filter((n) => n.startsWith(capture.sha256));
    expect(incoming().length).toBe(2);
    await s.call('labels.enroll', { reelId, position: 7, identifiers: [{ tagType: 'TEXT', value: 'R-7' }], captureSha256: capture.sha256 });
    expect(incoming()).toEqual([]);
    expect(existsSync(join(s.dataDir, 'captures', capture.sha256.slice(0, 2), `${capture.sha256.slice(2)}.jpg`))).toBe(true);
    expect(integrity()).toEqual([]);
  }, 60_000);
});
