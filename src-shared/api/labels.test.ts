import { describe, it, expect } from 'vitest';
import { IDS, exampleLabel, exampleReel, exampleScan } from './examples';
import {
  DEFAULT_EXPECTED_IDENTIFIERS,
  LabelBindBodySchema,
  LabelEnrollmentFieldsSchema,
  LabelEnrollmentResponseSchema,
  LabelListQuerySchema,
  LabelMemberAddFieldsSchema,
  LabelResolveBodySchema,
  LabelResolveResponseSchema,
  LabelSchema,
  ReelCreateBodySchema,
  ReelCreateResponseSchema,
  ReelListQuerySchema,
  ReelSchema,
  ReelUpdateBodySchema,
  expandEnrollmentIdentifiers,
  isLabelComplete,
} from './labels';

describe('reels (spec: Label, Reel, Label Collection; Labels and Reels)', () => {
  it('default expected composition is one TEXT, one SVC, one QR', () => {
    expect(DEFAULT_EXPECTED_IDENTIFIERS).toEqual([
      { tagType: 'TEXT', count: 1 },
      { tagType: 'SVC', count: 1 },
      { tagType: 'QR', count: 1 },
    ]);
  });

  it('create body {name, description?, collectionId?, expectedIdentifiers?}', () => {
    const body = {
      name: 'Reel A',
      collectionId: IDS.collection,
      expectedIdentifiers: [
        { tagType: 'NFC', count: 1 },
        { tagType: 'QR', count: 0 },
      ],
    };
    expect(ReelCreateBodySchema.parse(body)).toEqual(body);
    expect(ReelCreateBodySchema.safeParse({ description: 'no name' }).success).toBe(false);
    expect(ReelCreateBodySchema.safeParse({ name: 'x', expectedIdentifiers: [{ tagType: 'QR', count: -1 }] }).success).toBe(false);
    expect(ReelCreateBodySchema.safeParse({ name: 'x', kind: 'reel' }).success).toBe(false);
  });

  it('create response {reel} with zero counts; unknown fields tolerated', () => {
    const r = ReelCreateResponseSchema.parse({ reel: { ...exampleReel(), futureCount: 3 }, requestTook: 12 });
    expect(r.reel.counts.identifiableCount).toBe(0);
    expect('futureCount' in r.reel).toBe(false);
  });

  it('reel id is collectionId; filing is filedInCollectionId; kind must be reel', () => {
    const r = ReelSchema.parse(exampleReel({ filedInCollectionId: IDS.collection }));
    expect(r.collectionId).toBe(IDS.reel);
    expect(r.filedInCollectionId).toBe(IDS.collection);
    expect(ReelSchema.safeParse({ ...exampleReel(), kind: 'reel_collection' }).success).toBe(false);
    const { counts: _c, ...noCounts } = exampleReel();
    expect(ReelSchema.safeParse(noCounts).success).toBe(false);
  });

  it('update: collectionId null unfiles', () => {
    expect(ReelUpdateBodySchema.parse({ collectionId: null }).collectionId).toBeNull();
    expect(ReelUpdateBodySchema.safeParse({ filedInCollectionId: null }).success).toBe(false);
  });

  it('list query: collectionId, unfiled, transferred (any|only|hide), q', () => {
    expect(ReelListQuerySchema.parse({ unfiled: 'true', transferred: 'hide', q: 'A' })).toMatchObject({ unfiled: true, transferred: 'hide', q: 'A' });
    expect(ReelListQuerySchema.safeParse({ transferred: 'all' }).success).toBe(false);
  });
});

describe('label enrollment (spec: Labels and Reels, Create Label rules)', () => {
  it('accepts multipart text parts with JSON-encoded identifiers and options', () => {
    const f = LabelEnrollmentFieldsSchema.parse({
      position: '7',
      identifiers: JSON.stringify([
        { tagType: 'TEXT', value: 'A-0007' },
        { tagType: 'SVC', fingerprintId: 'fp_7' },
      ]),
      humanReadable: 'A-0007',
      options: '{"indexing":"none"}',
    });
    expect(f.position).toBe(7);
    expect(f.identifiers).toEqual([
      { tagType: 'TEXT', value: 'A-0007' },
      { tagType: 'SVC', fingerprintId: 'fp_7' },
    ]);
    expect(f.options).toEqual({ indexing: 'none' });
  });

  it.each([
    ['SVC with a value', { identifiers: [{ tagType: 'SVC', value: 'x' }] }],
    ['QR with a fingerprintId', { identifiers: [{ tagType: 'QR', fingerprintId: 'fp' }] }],
    ['unknown tagType', { identifiers: [{ tagType: 'RFID', value: 'x' }] }],
    ['empty value', { identifiers: [{ tagType: 'TEXT', value: '' }] }],
    ['indexing other than default|none', { options: { indexing: 'later' } }],
    ['negative position', { position: '-1' }],
    ['unknown part', { identifier: [] }],
  ])('rejects %s', (_name, fields) => {
    expect(LabelEnrollmentFieldsSchema.safeParse(fields).success).toBe(false);
  });

  it('qrValue is shorthand for a TEXT and a QR member', () => {
    const f = LabelEnrollmentFieldsSchema.parse({ qrValue: 'A-0008', identifiers: [{ tagType: 'NFC', value: '04AA' }] });
    expect(expandEnrollmentIdentifiers(f)).toEqual([
      { tagType: 'NFC', value: '04AA' },
      { tagType: 'TEXT', value: 'A-0008' },
      { tagType: 'QR', value: 'A-0008' },
    ]);
    expect(expandEnrollmentIdentifiers({})).toEqual([]);
  });

  it('response outcome is created or already_enrolled', () => {
    for (const outcome of ['created', 'already_enrolled']) {
      expect(LabelEnrollmentResponseSchema.parse({ outcome, label: exampleLabel(), reel: exampleReel(), scan: exampleScan() }).outcome).toBe(outcome);
    }
    expect(LabelEnrollmentResponseSchema.safeParse({ outcome: 'updated', label: exampleLabel() }).success).toBe(false);
  });

  it('add member: string types need a value', () => {
    expect(LabelMemberAddFieldsSchema.safeParse({ tagType: 'QR', value: 'x' }).success).toBe(true);
    expect(LabelMemberAddFieldsSchema.safeParse({ tagType: 'QR' }).success).toBe(false);
    expect(LabelMemberAddFieldsSchema.safeParse({ tagType: 'SVC' }).success).toBe(true);
    expect(LabelMemberAddFieldsSchema.safeParse({ tagType: 'TEXT', value: 'x', fingerprintId: 'fp' }).success).toBe(false);
  });
});

describe('label resource, list, resolve, bind', () => {
  it('label parses with members and tolerates extra fields', () => {
    const l = LabelSchema.parse({ ...exampleLabel(), printedAt: 'x', members: [{ ...exampleLabel().members[0], extra: 1 }] });
    expect(l.members[0]).toEqual({ tagId: IDS.tag, tagType: 'SVC', fingerprintId: 'fp_01', archivedAt: null });
    expect(LabelSchema.safeParse({ ...exampleLabel(), boundThreadId: undefined }).success).toBe(false);
  });

  it('complete means at least the expected count of active identifiers per expected type', () => {
    const expected = [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'SVC', count: 1 },
      { tagType: 'QR', count: 0 },
    ] as const;
    const members = [
      { tagType: 'TEXT', archivedAt: null },
      { tagType: 'SVC', archivedAt: '2026-08-01T00:00:00Z' },
    ] as const;
    expect(isLabelComplete(members, expected)).toBe(false);
    expect(isLabelComplete([...members, { tagType: 'SVC', archivedAt: null }], expected)).toBe(true);
  });

  it('list query bound any|only|unbound', () => {
    expect(LabelListQuerySchema.parse({ reelCollectionId: IDS.reel, bound: 'unbound' }).bound).toBe('unbound');
    expect(LabelListQuerySchema.safeParse({ bound: 'yes' }).success).toBe(false);
  });

  it('resolve {tagType, value, reelCollectionId?} → {detail, candidates}', () => {
    expect(LabelResolveBodySchema.safeParse({ tagType: 'TEXT', value: 'A-1', reelCollectionId: IDS.reel }).success).toBe(true);
    expect(LabelResolveBodySchema.safeParse({ tagType: 'TEXT' }).success).toBe(false);
    const r = LabelResolveResponseSchema.parse({
      detail: exampleLabel(),
      candidates: [exampleLabel(), exampleLabel({ compositeTagId: IDS.label2, position: 2 })],
    });
    expect(r.candidates).toHaveLength(2);
  });

  it('bind {threadId, options?: {indexing: default}}', () => {
    expect(LabelBindBodySchema.safeParse({ threadId: IDS.thread, options: { indexing: 'default' } }).success).toBe(true);
    expect(LabelBindBodySchema.safeParse({ threadId: IDS.thread, options: { indexing: 'none' } }).success).toBe(false);
    expect(LabelBindBodySchema.safeParse({}).success).toBe(false);
  });
});
