import { describe, it, expect } from 'vitest';
import { IDS, exampleLabel } from './examples';
import { MoveBodySchema, MoveCountMismatchErrorSchema, MoveEndpointErrorSchema, MovePreviewResponseSchema, MoveResponseSchema, moveSourceKind } from './move';

// spec: Labels and Reels, Move — every source shape × every target shape.
const SOURCES = [
  ['ids', { compositeTagIds: [IDS.label2, IDS.label] }],
  ['range', { reelCollectionId: IDS.reel, fromPosition: 3, toPosition: 9 }],
  ['range', { reelCollectionId: IDS.reel, fromPosition: 3 }],
  ['scan_bounded', { fromCompositeTagId: IDS.label2, toCompositeTagId: IDS.label }],
] as const;
const TARGETS = [
  { reelCollectionId: IDS.reel2 },
  { newReel: { name: 'Reel B' } },
  { newReel: { name: 'Reel B', description: 'split', collectionId: IDS.collection, expectedIdentifiers: [{ tagType: 'QR', count: 1 }] } },
];

describe('move request (spec: Labels and Reels, Move)', () => {
  for (const [kind, source] of SOURCES) {
    for (const target of TARGETS) {
      it(`accepts source ${JSON.stringify(source)} with target ${Object.keys(target)[0]}`, () => {
        const r = MoveBodySchema.parse({ source, target, expectedCount: 7 });
        expect(r.source).toEqual(source);
        expect(moveSourceKind(r.source)).toBe(kind);
      });
    }
  }

  it.each([
    ['no target', { source: { compositeTagIds: [IDS.label] } }],
    ['empty id list', { source: { compositeTagIds: [] }, target: { reelCollectionId: IDS.reel2 } }],
    ['mixed source shapes', { source: { compositeTagIds: [IDS.label], reelCollectionId: IDS.reel, fromPosition: 1 }, target: { reelCollectionId: IDS.reel2 } }],
    ['range without fromPosition', { source: { reelCollectionId: IDS.reel, toPosition: 4 }, target: { reelCollectionId: IDS.reel2 } }],
    ['scan-bounded with one end', { source: { fromCompositeTagId: IDS.label }, target: { reelCollectionId: IDS.reel2 } }],
    ['target with both shapes', { source: { compositeTagIds: [IDS.label] }, target: { reelCollectionId: IDS.reel2, newReel: { name: 'x' } } }],
    ['newReel without name', { source: { compositeTagIds: [IDS.label] }, target: { newReel: { description: 'x' } } }],
    ['flattened body', { compositeTagIds: [IDS.label], reelCollectionId: IDS.reel2 }],
    ['fractional position', { source: { reelCollectionId: IDS.reel, fromPosition: 1.5 }, target: { reelCollectionId: IDS.reel2 } }],
    ['negative expectedCount', { source: { compositeTagIds: [IDS.label] }, target: { reelCollectionId: IDS.reel2 }, expectedCount: -1 }],
  ])('rejects a malformed body: %s', (_name, body) => {
    expect(MoveBodySchema.safeParse(body).success).toBe(false);
  });
});

describe('move responses', () => {
  it('moved[] with cut for a range source', () => {
    const r = MoveResponseSchema.parse({
      moved: [{ compositeTagId: IDS.label, fromReelCollectionId: IDS.reel, fromPosition: 3, toReelCollectionId: IDS.reel2, toPosition: 3 }],
      cut: {
        sourceReel: { collectionId: IDS.reel, name: 'Reel A' },
        fromPosition: 3,
        toPosition: 5,
        count: 1,
        boundCount: 0,
        boundPositions: [],
        gaps: [
          { position: 4, reason: 'archived' },
          { position: 5, reason: 'empty' },
        ],
      },
      outcome: 'kept_positions',
    });
    expect(r.cut?.gaps).toHaveLength(2);
  });

  it('preview: span, count, boundCount, first, last, predictedOutcome, countMatches, suggestedLast', () => {
    const body = {
      span: { reelCollectionId: IDS.reel, fromPosition: 1, toPosition: 2 },
      count: 2,
      boundCount: 1,
      first: exampleLabel(),
      last: exampleLabel({ compositeTagId: IDS.label2, position: 2 }),
      predictedOutcome: 'appended',
      countMatches: false,
      suggestedLast: { position: 3, compositeTagId: IDS.label2 },
    };
    expect(MovePreviewResponseSchema.parse(body).predictedOutcome).toBe('appended');
    expect(MovePreviewResponseSchema.parse({ ...body, predictedOutcome: null, countMatches: null, suggestedLast: null }).predictedOutcome).toBeNull();
    expect(MovePreviewResponseSchema.safeParse({ ...body, predictedOutcome: 'moved' }).success).toBe(false);
  });

  it('count_mismatch refusal is 400 INVALID_REQUEST with expected/actual/positions', () => {
    const env = {
      code: 'INVALID_REQUEST',
      message: 'count mismatch',
      status: 400,
      detail: { reason: 'count_mismatch', expected: 10, actual: 9, fromPosition: 1, toPosition: 11 },
    };
    expect(MoveCountMismatchErrorSchema.parse(env).detail.actual).toBe(9);
    expect(MoveCountMismatchErrorSchema.safeParse({ ...env, detail: { reason: 'count_mismatch', expected: 10 } }).success).toBe(false);
  });

  it.each(['endpoints_on_different_reels', 'endpoint_archived', 'endpoint_not_on_reel'])('scan-bounded refusal reason %s', (reason) => {
    expect(MoveEndpointErrorSchema.safeParse({ code: 'INVALID_REQUEST', message: 'x', status: 400, detail: { reason } }).success).toBe(true);
  });
});
