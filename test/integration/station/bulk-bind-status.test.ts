import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkBindStatus } from '../../../src-shared/ipc';
import { speckleTag } from '../../fixtures';
import { tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';
import { startPeerAndStation, stopPeerAndStation, type Peer, type TestStation } from '../../helpers/peer';

// Bulk-bind activation progress: bulkBind.status counts the bound range's own Labels (those with an
// optical marking), not the whole Reel's identifiableCount, so the bar ends exactly when the range is activated.

let peer: Peer;
let s: TestStation & { remove(): void };
const files = tempDir('core-bulk-status-');

beforeAll(async () => {
  ({ peer, s } = await startPeerAndStation());
}, 60_000);
afterAll(() => stopPeerAndStation(peer, s, files));

const drain = () => s.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });

async function capture(seed: number): Promise<string> {
  const path = join(files.path, `svc-${seed}.jpg`);
  writeFileSync(path, await speckleTag(seed, { width: 640, height: 480, format: 'jpeg' }));
  return path;
}

async function threads(n: number, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i += 1) out.push((await peer.direct.threads.create({ type: 'single', thread: { name: `${prefix} ${i + 1}` } })).created[0]!.threadId);
  return out;
}

/**
 * Asks like the UI does until the activation is finished; every answer is kept. No deadline of
 * its own (a loaded machine only makes it slower): the test's timeout ends an activation that never finishes.
 */
async function pollUntilFinished(opId: string): Promise<BulkBindStatus[]> {
  const seen: BulkBindStatus[] = [];
  await until(
    async () => {
      const status = await s.call('bulkBind.status', { opId });
      seen.push(status);
      return status.activation.finished;
    },
    { everyMs: 200, what: `the activation of bulk-bind ${opId} to finish` },
  );
  return seen;
}

describe('bulkBind.status activation progress', () => {
  it('counts the bound range only: already identifiable Labels elsewhere on the Reel and Labels without an optical marking are left out', async () => {
    const { reelId } = await s.call('reels.create', {
      name: 'Progress reel',
      expectedIdentifiers: [
        { tagType: 'SVC', count: 1 },
        { tagType: 'TEXT', count: 1 },
      ],
    });
    // 1–2: identifiable from enrollment (indexing default), outside the range.
    for (const p of [1, 2])
      await s.call('labels.enroll', { reelId, position: p, identifiers: [{ tagType: 'TEXT', value: `PR-${p}` }], svcImagePath: await capture(900 + p) });
    // 3–6: verify-only, inside the range; 7: no optical marking, inside; 8: verify-only, outside.
    for (const p of [3, 4, 5, 6, 8])
      await s.call('labels.enroll', {
        reelId,
        position: p,
        identifiers: [{ tagType: 'TEXT', value: `PR-${p}` }],
        svcImagePath: await capture(900 + p),
        indexing: 'none',
      });
    await s.call('labels.enroll', { reelId, position: 7, identifiers: [{ tagType: 'TEXT', value: 'PR-7' }] });
    expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
    const reelServiceId = (await s.call('reels.show', { reelId, refresh: true })).serviceId as string;
    expect((await peer.direct.reels.get(reelServiceId)).counts?.identifiableCount).toBe(2);

    const ids = await threads(5, 'Progress thread');
    // Queued while the service is out of reach: an estimate from the local captures, not finished.
    peer.proxy.down();
    let opId: string;
    try {
      opId = (await s.call('bulkBind.commit', { reelId, fromPosition: 3, toPosition: 7, threadIds: ids, activate: true })).opId;
      const queued = await s.call('bulkBind.status', { opId });
      expect(queued.state).not.toBe('done');
      expect(queued.activation).toEqual({ requested: true, outcome: null, total: 4, identifiable: 0, finished: false, live: false });
    } finally {
      peer.proxy.up();
    }

    expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
    const seen = await pollUntilFinished(opId);
    const last = seen.at(-1)!;
    expect(last.state).toBe('done');
    expect(last.activation).toEqual({ requested: true, outcome: 'queued', total: 4, identifiable: 4, finished: true, live: true });
    // The Reel's own count also has positions 1 and 2: 6 identifiable, more than the range holds.
    expect(last.identifiableCount).toBe(6);
    expect(last.boundCount).toBe(5);
    // Progress never goes back, never passes the total, and is finished only at the end.
    const values = seen.map((x) => x.activation.identifiable);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    for (const x of seen) {
      expect(x.activation.identifiable).toBeLessThanOrEqual(x.activation.total);
      expect(x.activation.finished).toBe(x.activation.identifiable === x.activation.total);
    }
    // Exactly the bound Labels were activated: position 8 stays verify-only.
    const eighth = (await peer.direct.labels.listAll({ reelCollectionId: reelServiceId })).find((l) => l.position === 8);
    expect(eighth?.identifiable).toBe(false);

    // The service stops answering: the last numbers stay, marked not live, instead of an error.
    peer.proxy.down();
    try {
      const offline = await s.call('bulkBind.status', { opId });
      expect(offline.activation).toEqual({ ...last.activation, live: false });
    } finally {
      peer.proxy.up();
    }
  });

  it('a bind without activation or without optical markings is finished at once with nothing to activate', async () => {
    const { reelId } = await s.call('reels.create', { name: 'Plain reel', expectedIdentifiers: [{ tagType: 'QR', count: 1 }] });
    for (let p = 1; p <= 4; p += 1) await s.call('labels.enroll', { reelId, position: p, identifiers: [{ tagType: 'QR', value: `PLAIN-${p}` }] });
    expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
    const ids = await threads(4, 'Plain thread');
    const noDust = await s.call('bulkBind.commit', { reelId, fromPosition: 1, toPosition: 2, threadIds: ids.slice(0, 2), activate: true });
    const notAsked = await s.call('bulkBind.commit', { reelId, fromPosition: 3, toPosition: 4, threadIds: ids.slice(2) });
    expect((await s.call('bulkBind.status', { opId: notAsked.opId })).activation).toMatchObject({ requested: false, total: 0, finished: true });
    expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
    expect((await s.call('bulkBind.status', { opId: noDust.opId })).activation).toEqual({
      requested: true,
      outcome: 'no_dust',
      total: 0,
      identifiable: 0,
      finished: true,
      live: true,
    });
    expect((await s.call('bulkBind.status', { opId: notAsked.opId })).activation).toEqual({
      requested: false,
      outcome: 'not_requested',
      total: 0,
      identifiable: 0,
      finished: true,
      live: true,
    });
  });
});
