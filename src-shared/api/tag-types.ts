// The tag types as plain values (common.ts and labels.ts declare their zod schemas and re-export these): the renderer's
// first screens use them without loading a schema (docs/architecture.md, "Renderer").

// spec: Resources, Identifier (tag) — tagType enum. The brand word stays `SVC` exactly as the spec writes it.
export const TAG_TYPES = ['SVC', 'QR', 'BAR_CODE', 'DATA_MATRIX', 'NFC', 'TEXT'] as const;

// spec: Reel — "`expectedIdentifiers` … (default: one `TEXT`, one `SVC`, one `QR`)".
export const DEFAULT_EXPECTED_IDENTIFIERS: readonly { tagType: (typeof TAG_TYPES)[number]; count: number }[] = [
  { tagType: 'TEXT', count: 1 },
  { tagType: 'SVC', count: 1 },
  { tagType: 'QR', count: 1 },
];
