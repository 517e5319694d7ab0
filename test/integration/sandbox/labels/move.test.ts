// Move and move preview over HTTP. spec: Labels and Reels, Move; Authority ("Move needs a Team or Organization
// administrator; preview needs only membership").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGen } from '../../../helpers/sandbox-labels/gen';
import { startLabelsSandbox, type Json, type LabelsSandbox } from '../../../helpers/labels-harness';

let t: LabelsSandbox;
beforeAll(async () => {
  t = await startLabelsSandbox();
});
afterAll(async () => t.close());

/** A Reel with Labels at the given positions; returns the Reel and the Labels by position. */
async function reelWith(positions: number[], body: Record<string, unknown> = {}): Promise<{ reel: Json; at: Map<number, Json> }> {
  const reel = await t.createReel(body);
  const at = new Map<number, Json>();
  for (const p of positions) at.set(p, await t.enroll(reel.collectionId, { qrValue: `M-${reel.collectionId.slice(0, 4)}-${p}`, position: String(p) }));
  return { reel, at };
}

const positionsOn = async (reelId: string) => ((await t.call('GET', `?reelCollectionId=${reelId}`)).body.labels as Json[]).map((l) => l.position);

describe('move', () => {
  it('cuts a range to a new Reel that inherits the composition, keeping positions; gaps stay behind', async () => {
    const { reel, at } = await reelWith([1, 2, 3, 5, 6], {
      expectedIdentifiers: [
        { tagType: 'TEXT', count: 1 },
        { tagType: 'QR', count: 1 },
      ],
    });
    await t.call('POST', `/${at.get(3).compositeTagId}/archive`);
    const res = await t.call('POST', '/move', {
      source: { reelCollectionId: reel.collectionId, fromPosition: 2, toPosition: 5 },
      target: { newReel: { name: 'Cut' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('kept_positions');
    expect(res.body.moved.map((m: Json) => [m.fromPosition, m.toPosition])).toEqual([
      [2, 2],
      [5, 5],
    ]);
    expect(res.body.cut).toEqual({
      sourceReel: { collectionId: reel.collectionId, name: 'Reel' },
      fromPosition: 2,
      toPosition: 5,
      count: 2,
      boundCount: 0,
      boundPositions: [],
      gaps: [
        { position: 3, reason: 'archived' },
        { position: 4, reason: 'empty' },
      ],
    });
    expect(res.body.targetReel).toMatchObject({
      name: 'Cut',
      expectedIdentifiers: [
        { tagType: 'TEXT', count: 1 },
        { tagType: 'QR', count: 1 },
      ],
    });
    expect(await positionsOn(reel.collectionId)).toEqual([1, 3, 6]);
    expect(await positionsOn(res.body.targetReel.collectionId)).toEqual([2, 5]);
  });

  it("appends the whole batch after the target's last position when any position is taken; toPosition defaults to the last", async () => {
    const source = await reelWith([1, 2, 4]);
    const target = await reelWith([2, 9]);
    const res = await t.call('POST', '/move', {
      source: { reelCollectionId: source.reel.collectionId, fromPosition: 1 },
      target: { reelCollectionId: target.reel.collectionId },
    });
    expect(res.body.outcome).toBe('appended');
    expect(res.body.cut).toMatchObject({ fromPosition: 1, toPosition: 4, count: 3 });
    expect(res.body.moved.map((m: Json) => m.toPosition)).toEqual([10, 11, 12]);
    expect(await positionsOn(target.reel.collectionId)).toEqual([2, 9, 10, 11, 12]);
  });

  it('moves listed Labels in the given order, and scan-bounded spans in either order', async () => {
    const { reel, at } = await reelWith([1, 2, 3, 4]);
    const target = await reelWith([1, 2, 3, 4]);
    const listed = await t.call('POST', '/move', {
      source: { compositeTagIds: [at.get(4).compositeTagId, at.get(1).compositeTagId] },
      target: { reelCollectionId: target.reel.collectionId },
    });
    expect(listed.body.moved.map((m: Json) => [m.compositeTagId, m.toPosition])).toEqual([
      [at.get(4).compositeTagId, 5],
      [at.get(1).compositeTagId, 6],
    ]);
    expect(listed.body.cut).toBeUndefined();
    const scanned = await t.call('POST', '/move', {
      source: { fromCompositeTagId: at.get(3).compositeTagId, toCompositeTagId: at.get(2).compositeTagId },
      target: { newReel: { name: 'Scan cut' } },
    });
    expect(scanned.body.cut).toMatchObject({ sourceReel: { collectionId: reel.collectionId }, fromPosition: 2, toPosition: 3, count: 2 });
  });

  it('refuses a scan-bounded source with ends on different Reels, an archived end, or a shipped end', async () => {
    const a = await reelWith([1, 2, 3]);
    const b = await reelWith([1]);
    const body = (from: Json, to: Json) => ({
      source: { fromCompositeTagId: from.compositeTagId, toCompositeTagId: to.compositeTagId },
      target: { newReel: { name: 'x' } },
    });
    const different = await t.call('POST', '/move', body(a.at.get(1), b.at.get(1)));
    expect([different.status, different.body.code, different.body.detail.reason]).toEqual([400, 'INVALID_REQUEST', 'endpoints_on_different_reels']);
    await t.call('POST', `/${a.at.get(2).compositeTagId}/archive`);
    const archived = await t.call('POST', '/move/preview', body(a.at.get(1), a.at.get(2)));
    expect([archived.status, archived.body.detail.reason]).toEqual([400, 'endpoint_archived']);
    t.sb.db.prepare('UPDATE composite_tags SET transferred_at = ? WHERE composite_tag_id = ?').run('2026-01-01T00:00:00.000Z', a.at.get(3).compositeTagId);
    const shipped = await t.call('POST', '/move', body(a.at.get(1), a.at.get(3)));
    expect([shipped.status, shipped.body.detail.reason]).toEqual([400, 'endpoint_not_on_reel']);
  });

  it('refuses a count mismatch with 400 count_mismatch (expected, actual, fromPosition, toPosition); nothing moves', async () => {
    const { reel } = await reelWith([1, 2, 4]);
    const res = await t.call('POST', '/move', {
      source: { reelCollectionId: reel.collectionId, fromPosition: 1, toPosition: 4 },
      target: { newReel: { name: 'x' } },
      expectedCount: 4,
    });
    expect([res.status, res.body.code]).toEqual([400, 'INVALID_REQUEST']);
    expect(res.body.detail).toEqual({ reason: 'count_mismatch', expected: 4, actual: 3, fromPosition: 1, toPosition: 4 });
    expect(await positionsOn(reel.collectionId)).toEqual([1, 2, 4]);
  });

  it('preview reports span, counts, ends, outcome, countMatches and suggestedLast and changes nothing', async () => {
    const { reel, at } = await reelWith([1, 2, 4, 5, 6]);
    const threadId = await t.createThread('bound in span');
    await t.call('POST', `/${at.get(2).compositeTagId}/bind`, { threadId });
    const before = (await t.call('GET', `/reels/${reel.collectionId}`)).body.reel;
    const res = await t.call('POST', '/move/preview', {
      source: { reelCollectionId: reel.collectionId, fromPosition: 1, toPosition: 4 },
      target: { newReel: { name: 'n' } },
      expectedCount: 4,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      span: { reelCollectionId: reel.collectionId, fromPosition: 1, toPosition: 4 },
      count: 3,
      boundCount: 1,
      first: { compositeTagId: at.get(1).compositeTagId },
      last: { compositeTagId: at.get(4).compositeTagId },
      predictedOutcome: 'kept_positions',
      countMatches: false,
      suggestedLast: { position: 5, compositeTagId: at.get(5).compositeTagId },
    });
    expect((await t.call('GET', `/reels/${reel.collectionId}`)).body.reel).toEqual(before);
  });

  it('move needs a Team administrator; preview needs only membership', async () => {
    const { reel } = await reelWith([1]);
    const body = { source: { reelCollectionId: reel.collectionId, fromPosition: 1 }, target: { newReel: { name: 'x' } } };
    const move = await t.call('POST', '/move', body, { token: t.memberToken });
    expect([move.status, move.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await t.call('POST', '/move/preview', body, { token: t.memberToken })).status).toBe(200);
  });

  it('preview equals commit over random spans and targets', async () => {
    const gen = createGen(2026);
    for (let round = 0; round < 8; round += 1) {
      const source = await reelWith(
        gen
          .shuffle([1, 2, 3, 4, 5, 6, 7, 8])
          .slice(0, gen.int(2, 6))
          .sort((x, y) => x - y),
      );
      const target = await reelWith(gen.bool() ? [] : [gen.int(1, 8)]);
      const from = gen.int(1, 4);
      const body = {
        source: { reelCollectionId: source.reel.collectionId, fromPosition: from, toPosition: from + gen.int(0, 4) },
        target: gen.bool() ? { reelCollectionId: target.reel.collectionId } : { newReel: { name: 'r' } },
      };
      const preview = await t.call('POST', '/move/preview', body);
      const commit = await t.call('POST', '/move', body);
      if (preview.body.count === 0) {
        expect(commit.body.detail.reason, `round ${round}`).toBe('nothing_to_move');
        continue;
      }
      expect(commit.status, `round ${round}`).toBe(200);
      expect(commit.body.moved.length).toBe(preview.body.count);
      expect(commit.body.outcome).toBe(preview.body.predictedOutcome);
      expect(commit.body.cut.boundCount).toBe(preview.body.boundCount);
      expect(commit.body.moved[0].compositeTagId).toBe(preview.body.first.compositeTagId);
      const onTarget = await positionsOn(commit.body.targetReel.collectionId);
      expect(new Set(onTarget).size, `round ${round}: no collision`).toBe(onTarget.length);
    }
  });
});
