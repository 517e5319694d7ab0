// Endpoint paths (relative to {base_url}). spec: Endpoints; Authentication; Versioning.
// Only the areas this contract covers. Ids are URI-encoded.

const e = encodeURIComponent;

export const PATHS = {
  // spec: Session and discovery / Authentication 2
  token: '/api/auth/token',
  // gap: spec does not show this (Endpoints, Gaps: "Health check path"); our choice.
  health: '/api/health',
  me: '/api/v1/me',
  teams: '/api/v1/teams',
  teamsConnected: '/api/v1/teams/connected',
  // spec: Threads
  threads: '/api/v1/threads',
  threadsCount: '/api/v1/threads/count',
  threadsArchive: '/api/v1/threads/archive',
  threadsRestore: '/api/v1/threads/restore',
  threadsPermissions: '/api/v1/threads/permissions',
  thread: (threadId: string) => `/api/v1/threads/${e(threadId)}`,
  threadData: (threadId: string) => `/api/v1/threads/${e(threadId)}/data`,
  threadDataArchived: (threadId: string) => `/api/v1/threads/${e(threadId)}/data/archived`,
  threadDataRestore: (threadId: string) => `/api/v1/threads/${e(threadId)}/data/restore`,
  threadAccess: (threadId: string) => `/api/v1/threads/${e(threadId)}/access`,
  threadShared: (threadId: string) => `/api/v1/threads/${e(threadId)}/shared`,
  // spec: Scanning and identifiers
  tagsExtract: '/api/v1/tags/extract',
  tagsBind: '/api/v1/tags/bind',
  tagsIdentify: '/api/v1/tags/identify',
  tagsVerify: '/api/v1/tags/verify',
  tagsUnbind: '/api/v1/tags/unbind',
  tagsText: '/api/v1/tags/text',
  tagsUpdate: '/api/v1/tags/update',
  tagsActivate: '/api/v1/tags/activate',
  // spec: Labels and Reels (`/api/v1/composite-tags`)
  labels: '/api/v1/composite-tags',
  labelCollections: '/api/v1/composite-tags/collections',
  labelCollection: (collectionId: string) => `/api/v1/composite-tags/collections/${e(collectionId)}`,
  reels: '/api/v1/composite-tags/reels',
  reel: (reelCollectionId: string) => `/api/v1/composite-tags/reels/${e(reelCollectionId)}`,
  reelLabels: (reelCollectionId: string) => `/api/v1/composite-tags/reels/${e(reelCollectionId)}/labels`,
  reelBulkBind: (reelCollectionId: string) => `/api/v1/composite-tags/reels/${e(reelCollectionId)}/bulk-bind`,
  reelActivate: (reelCollectionId: string) => `/api/v1/composite-tags/reels/${e(reelCollectionId)}/activate`,
  labelsResolve: '/api/v1/composite-tags/resolve',
  labelsMove: '/api/v1/composite-tags/move',
  labelsMovePreview: '/api/v1/composite-tags/move/preview',
  label: (compositeTagId: string) => `/api/v1/composite-tags/${e(compositeTagId)}`,
  labelIdentifiers: (compositeTagId: string) => `/api/v1/composite-tags/${e(compositeTagId)}/identifiers`,
  labelIdentifier: (compositeTagId: string, tagId: string) => `/api/v1/composite-tags/${e(compositeTagId)}/identifiers/${e(tagId)}`,
  labelBind: (compositeTagId: string) => `/api/v1/composite-tags/${e(compositeTagId)}/bind`,
  labelUnbind: (compositeTagId: string) => `/api/v1/composite-tags/${e(compositeTagId)}/unbind`,
  labelArchive: (compositeTagId: string) => `/api/v1/composite-tags/${e(compositeTagId)}/archive`,
  labelUnarchive: (compositeTagId: string) => `/api/v1/composite-tags/${e(compositeTagId)}/unarchive`,
  labelActivate: (compositeTagId: string) => `/api/v1/composite-tags/${e(compositeTagId)}/activate`,
  // spec: What the service does 7
  docs: '/api/docs',
  openapi: '/api/openapi.json',
} as const;
