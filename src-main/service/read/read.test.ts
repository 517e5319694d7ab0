import { describe, expect, it } from 'vitest';
import { discoverCursor, listAnswer } from './fields';
import { readErrorBody } from './errors';
import { EnrollAnswerSchema, LabelAnswerSchema, ReelAnswerSchema, ServiceLabelSchema, ServiceReelSchema } from './labels';
import { ThreadTagsAnswerSchema } from './threads';
import { BulkBindAnswerSchema } from './bulk-bind';

// The station's readers accept every answer the spec allows: unknown members, absent optional fields, any list
// envelope and cursor field, the spec's Label flags instead of the sandbox's fields.

const L = '5f0c3a4e-8b7d-4c1a-9e2f-111111111111';
const R = '5f0c3a4e-8b7d-4c1a-9e2f-222222222222';
const T = '5f0c3a4e-8b7d-4c1a-9e2f-333333333333';

describe('Label reader', () => {
  it('reads the spec flags bound and archived, with no sandbox-only field', () => {
    const label = ServiceLabelSchema.parse({ compositeTagId: L, position: 3, complete: true, bound: true, archived: false });
    expect(label).toMatchObject({
      compositeTagId: L,
      position: 3,
      bound: true,
      archived: false,
      boundThreadId: null,
      members: null,
      reelCollectionId: null,
      transferredAt: null,
    });
  });

  it('derives the flags from the sandbox fields when a service sends only those', () => {
    expect(ServiceLabelSchema.parse({ compositeTagId: L, position: 1, boundThreadId: T, archivedAt: null })).toMatchObject({
      bound: true,
      archived: false,
      boundThreadId: T,
    });
    expect(ServiceLabelSchema.parse({ compositeTagId: L, position: 1, boundThreadId: null, archivedAt: '2026-01-01T00:00:00Z' })).toMatchObject({
      bound: false,
      archived: true,
    });
  });

  it('ignores unknown members at every level and reads absent optional member fields as null', () => {
    const label = ServiceLabelSchema.parse({
      compositeTagId: L,
      position: 1,
      bound: false,
      archived: false,
      future: { x: 1 },
      members: [{ tagId: T, tagType: 'TEXT', extra: 1 }],
    });
    expect(label.members).toEqual([{ tagId: T, tagType: 'TEXT', value: null, archivedAt: null, fingerprintId: null }]);
    expect(label).not.toHaveProperty('future');
  });

  it('names the field and path it cannot read', () => {
    const parsed = LabelAnswerSchema.safeParse({ label: { compositeTagId: L, position: 'three' } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['label', 'position']);
  });

  it('reads a write answer with no Label as null (the caller reads the Label), and a bare Label as the Label', () => {
    expect(LabelAnswerSchema.parse({})).toBeNull();
    expect(LabelAnswerSchema.parse(undefined)).toBeNull();
    expect(LabelAnswerSchema.parse({ compositeTagId: L, position: 2, bound: false, archived: false })?.position).toBe(2);
  });
});

describe('Reel reader', () => {
  it('reads a Reel whose optional fields are left out (description, transferredAt, counts, warnings, createdAt)', () => {
    const reel = ServiceReelSchema.parse({ collectionId: R, name: 'Reel 1' });
    expect(reel).toEqual({
      collectionId: R,
      name: 'Reel 1',
      description: null,
      expectedIdentifiers: null,
      counts: null,
      warnings: [],
      transferredAt: null,
      filedInCollectionId: null,
      createdAt: null,
    });
    expect(ReelAnswerSchema.parse({ reel: { collectionId: R, name: 'Reel 1', counts: { identifiableCount: 2 } } })?.counts).toEqual({ identifiableCount: 2 });
  });

  it('keeps an enrollment answer readable when its Reel summary is not', () => {
    const answer = EnrollAnswerSchema.parse({ outcome: 'created', reel: { name: 7 } });
    expect(answer).toMatchObject({ outcome: 'created', label: null, reel: null, scan: null });
  });
});

describe('list answers', () => {
  const item = ServiceReelSchema;
  it('reads our envelope, any single array member, or a bare array', () => {
    const schema = listAnswer('reels', item);
    expect(schema.parse({ reels: [{ collectionId: R, name: 'a' }], nextCursor: 'c2' })).toMatchObject({ items: [{ name: 'a' }], nextCursor: 'c2' });
    expect(schema.parse({ data: [{ collectionId: R, name: 'b' }], total: 1 })).toMatchObject({ items: [{ name: 'b' }], nextCursor: null });
    expect(schema.parse([{ collectionId: R, name: 'c' }])).toMatchObject({ items: [{ name: 'c' }], nextCursor: null });
  });

  it('finds the cursor field by name, at the top or one level down; empty or null ends the list', () => {
    expect(discoverCursor({ items: [], cursor: 'x' })).toBe('x');
    expect(discoverCursor({ items: [], pagination: { nextPageCursor: 'y' } })).toBe('y');
    expect(discoverCursor({ items: [], nextCursor: null, cursor: 'stale' })).toBeNull();
    expect(discoverCursor({ items: [], nextCursor: '' })).toBeNull();
  });

  it('names the failing item by its real path', () => {
    const parsed = listAnswer('reels', item).safeParse({ reels: [{ collectionId: R, name: 'ok' }, { collectionId: R }] });
    expect(parsed.error?.issues[0]?.path).toEqual(['reels', 1, 'name']);
  });
});

describe('error bodies', () => {
  it('reads the envelope without message or status, and a body that is none by its HTTP status', () => {
    expect(readErrorBody({ code: 'COMPOSITE_TAG_CONFLICT', detail: { reason: 'position_occupied' } }, 409)).toEqual({
      code: 'COMPOSITE_TAG_CONFLICT',
      message: null,
      detail: { reason: 'position_occupied' },
      envelope: true,
    });
    expect(readErrorBody(undefined, 429)).toMatchObject({ code: 'RATE_LIMITED', envelope: false });
    expect(readErrorBody('<html>bad gateway</html>', 502)).toMatchObject({ code: 'SERVICE_ERROR', envelope: false });
  });
});

describe('bulk-bind and Thread answers', () => {
  it('reads rows whose nullable fields are left out', () => {
    const answer = BulkBindAnswerSchema.parse({ outcome: 'preflight', rows: [{ index: 0, position: 1, threadId: T }], activation: 'not_requested' });
    expect(answer.rows[0]).toEqual({
      index: 0,
      position: 1,
      compositeTagId: null,
      labelName: null,
      textValue: null,
      threadId: T,
      threadName: null,
      threadDescription: null,
    });
    expect(answer).toMatchObject({ blockers: [], warnings: [], reel: null });
  });

  it("lists a Thread's identifiers with their Label when named", () => {
    const tags = ThreadTagsAnswerSchema.parse({
      thread: {
        threadId: T,
        tags: [
          { tagId: 'a', tagType: 'TEXT', label: { compositeTagId: L, position: 1 } },
          { tagId: 'b', tagType: 'QR' },
        ],
      },
      events: [],
    });
    expect(tags).toEqual([
      { tagId: 'a', compositeTagId: L },
      { tagId: 'b', compositeTagId: null },
    ]);
  });
});
