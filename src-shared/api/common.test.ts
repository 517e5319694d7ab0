import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import {
  CONTEXT_HEADERS,
  ContextHeadersSchema,
  IdentifyTagTypeSchema,
  PaginationQuerySchema,
  TagTypeSchema,
  TextBooleanSchema,
  TextIntSchema,
  TimestampSchema,
  UuidSchema,
  jsonPart,
} from './common';
import { IDS } from './examples';
import { findScanReceipt } from './scan';

describe('primitives', () => {
  it('tag types are the six of the spec; ANY only for identify', () => {
    expect(TagTypeSchema.options).toEqual(['SVC', 'QR', 'BAR_CODE', 'DATA_MATRIX', 'NFC', 'TEXT']);
    expect(TagTypeSchema.safeParse('ANY').success).toBe(false);
    expect(IdentifyTagTypeSchema.safeParse('ANY').success).toBe(true);
  });

  it('uuids and timestamps', () => {
    expect(UuidSchema.safeParse(IDS.thread).success).toBe(true);
    expect(UuidSchema.safeParse('thread-1').success).toBe(false);
    expect(TimestampSchema.safeParse('2026-08-01T10:00:00+02:00').success).toBe(true);
    expect(TimestampSchema.safeParse('01/08/2026').success).toBe(false);
  });

  it('text booleans and ints', () => {
    expect(TextBooleanSchema.parse('false')).toBe(false);
    expect(TextBooleanSchema.parse(true)).toBe(true);
    expect(TextBooleanSchema.safeParse('perhaps').success).toBe(false);
    expect(TextIntSchema.parse('12')).toBe(12);
    expect(TextIntSchema.safeParse('').success).toBe(false);
    expect(TextIntSchema.safeParse('1.5').success).toBe(false);
  });

  it('jsonPart accepts the value or its JSON text, and rejects bad JSON', () => {
    const s = jsonPart(z.array(z.string()));
    expect(s.parse(['a'])).toEqual(['a']);
    expect(s.parse('["a","b"]')).toEqual(['a', 'b']);
    expect(s.safeParse('[1]').success).toBe(false);
    expect(s.safeParse('{oops').success).toBe(false);
  });
});

describe('pagination and headers', () => {
  it('pagination query: cursor, pageSize, order, orderCol', () => {
    expect(PaginationQuerySchema.parse({ cursor: 'c1', pageSize: '25', order: 'desc', orderCol: 'createdAt' })).toEqual({
      cursor: 'c1',
      pageSize: 25,
      order: 'desc',
      orderCol: 'createdAt',
    });
    expect(PaginationQuerySchema.safeParse({ order: 'sideways' }).success).toBe(false);
  });

  it('header names are spelled as in the spec', () => {
    expect(CONTEXT_HEADERS).toEqual({
      orgId: 'Svc-Ctx-Org-Id',
      teamId: 'Svc-Ctx-Team-Id',
      locale: 'Svc-Ctx-Locale',
      declaredActor: 'Svc-Ctx-Declared-Actor',
    });
  });

  it('context headers: UUIDs validated, empty team id means root team', () => {
    expect(ContextHeadersSchema.safeParse({ 'svc-ctx-org-id': IDS.org, 'svc-ctx-team-id': '' }).success).toBe(true);
    expect(ContextHeadersSchema.safeParse({ 'svc-ctx-org-id': 'acme' }).success).toBe(false);
    expect(ContextHeadersSchema.safeParse({ 'svc-ctx-team-id': 'team-1' }).success).toBe(false);
    expect(ContextHeadersSchema.parse({ host: 'x', 'svc-ctx-locale': 'de-DE' })).toEqual({ 'svc-ctx-locale': 'de-DE' });
  });
});

describe('scan receipt location (spec: Scan receipts on failure)', () => {
  const receipt = { scanId: 's1', fingerprintId: null, svcId: null };
  it('finds it at top-level scan or at detail.scan', () => {
    expect(findScanReceipt({ tag: {}, scan: receipt })).toEqual(receipt);
    expect(findScanReceipt({ code: 'SCAN_LOW_KEYPOINTS', message: 'x', status: 400, detail: { scan: receipt } })).toEqual(receipt);
    expect(findScanReceipt({ code: 'X', detail: {} })).toBeNull();
    expect(findScanReceipt(null)).toBeNull();
    // fingerprintId and svcId are X|null: always present
    expect(findScanReceipt({ scan: { scanId: 's1' } })).toBeNull();
  });
});
