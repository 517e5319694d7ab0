// Example wire values that satisfy the schemas, for unit tests here and for sandbox/client tests elsewhere.
// Not part of the contract (index.ts does not re-export this module).
import type { ThreadSummary, ThreadDetail } from './threads';
import type { Label, Reel } from './labels';
import type { ScanReceipt } from './scan';
import type { Identifier } from './tag';

export const IDS = {
  org: '0b0e5f8a-4a43-4b8e-9f4c-2b7d1c1e0a01',
  team: '0b0e5f8a-4a43-4b8e-9f4c-2b7d1c1e0a02',
  otherTeam: '0b0e5f8a-4a43-4b8e-9f4c-2b7d1c1e0a03',
  user: '0b0e5f8a-4a43-4b8e-9f4c-2b7d1c1e0a04',
  thread: '1c1e0a01-0000-4000-8000-000000000001',
  thread2: '1c1e0a01-0000-4000-8000-000000000002',
  tag: '2d2e0a01-0000-4000-8000-000000000001',
  tag2: '2d2e0a01-0000-4000-8000-000000000002',
  reel: '3e3e0a01-0000-4000-8000-000000000001',
  reel2: '3e3e0a01-0000-4000-8000-000000000002',
  collection: '3e3e0a01-0000-4000-8000-0000000000c1',
  label: '4f4e0a01-0000-4000-8000-000000000001',
  label2: '4f4e0a01-0000-4000-8000-000000000002',
} as const;

export const T0 = '2026-08-01T10:00:00.000Z';

export function exampleScan(overrides: Partial<ScanReceipt> = {}): ScanReceipt {
  return { scanId: 'scan_01', fingerprintId: 'fp_01', svcId: 'svc_01', ...overrides };
}

export function exampleThread(overrides: Partial<ThreadSummary> = {}): ThreadSummary {
  return {
    threadId: IDS.thread,
    name: 'Pump housing 17',
    description: null,
    kind: 'unit',
    labels: null,
    lifecycleStatus: 'active',
    ownerId: IDS.team,
    createdById: IDS.user,
    createdAt: T0,
    updatedAt: T0,
    archivedAt: null,
    processingLockedAt: null,
    processingOperationId: null,
    templateId: null,
    thumbnail: null,
    thumbnailId: null,
    transferId: null,
    transferredAt: null,
    ...overrides,
  };
}

export function exampleThreadDetail(overrides: Partial<ThreadDetail> = {}): ThreadDetail {
  return {
    ...exampleThread(),
    data: [{ fieldId: '5a5a0a01-0000-4000-8000-000000000001', name: 'Serial', type: 'text', value: { text: 'SN-1' } }],
    tags: [{ tagId: IDS.tag, tagType: 'QR' }],
    ...overrides,
  };
}

export function exampleIdentifier(overrides: Partial<Identifier> = {}): Identifier {
  return {
    tagId: IDS.tag,
    tagType: 'SVC',
    name: null,
    description: null,
    isPrivate: false,
    archivedAt: null,
    ...overrides,
  };
}

export function exampleReel(overrides: Partial<Reel> = {}): Reel {
  return {
    collectionId: IDS.reel,
    kind: 'reel',
    name: 'Reel A',
    description: null,
    filedInCollectionId: null,
    ownerTeamId: IDS.team,
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'SVC', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
    counts: { labelCount: 0, activeCount: 0, boundCount: 0, archivedCount: 0, identifiableCount: 0 },
    warnings: [],
    transferredAt: null,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

export function exampleLabel(overrides: Partial<Label> = {}): Label {
  return {
    compositeTagId: IDS.label,
    reelCollectionId: IDS.reel,
    position: 1,
    name: 'A-0001',
    ownerTeamId: IDS.team,
    members: [
      { tagId: IDS.tag, tagType: 'SVC', fingerprintId: 'fp_01', archivedAt: null },
      { tagId: IDS.tag2, tagType: 'TEXT', value: 'A-0001', archivedAt: null },
    ],
    complete: false,
    bound: false,
    archived: false,
    archivedAt: null,
    boundThreadId: null,
    transferredAt: null,
    identifiable: true,
    createdAt: T0,
    ...overrides,
  };
}
