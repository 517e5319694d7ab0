// The fields an error's words are filled from (docs/architecture.md, "Errors"): a screen says an error in its own
// language from the error's `code`, the case in `detail.case` (one code, several situations) and these fields, never
// from the main process's English `message` (that stays under "Details", in the CLI and the log). The main process puts
// them in the error's `detail`; the renderer reads them through these field kinds, and a catalog string names only
// fields its entry holds (src-renderer/src/i18n/catalogs.test.ts). No zod here: the page's first screen shows errors
// before any of the contract's schemas is loaded (docs/architecture.md, "Renderer"), also when they cannot be; the
// envelope carrying the detail is checked with the contract's schemas.

/** A field's kind: a whole number (a position, a count) or a non-empty name. */
type FieldKind = 'int' | 'name';
const position: FieldKind = 'int';
const name: FieldKind = 'name';
const fieldsOf = <T extends Record<string, FieldKind>>(fields: T): T => fields;

/**
 * Per code (`CODE`) or per case of a code (`CODE.case`): the fields its words need. A code or case not listed needs
 * none. The other bench's Label is named by its position (and Reel), never by its id.
 */
export const ERROR_WORD_FIELDS = {
  STATION_OUTSIDE_RANGE: fieldsOf({ position, reel: name, first: position, last: position }),
  STATION_POSITION_TAKEN: fieldsOf({ position, reel: name }),
  STATION_MISORDER: fieldsOf({ position, printedFor: position, value: name }),
  STATION_MISPRINT: fieldsOf({ position, value: name }),
  STATION_NO_FREE_POSITION: fieldsOf({ position, extent: position }),
  STATION_PRINTER_UNREACHABLE: fieldsOf({ printer: name, address: name }),
  STATION_PRINTER_NOT_READY: fieldsOf({ printer: name }),
  STATION_TEMPLATE_UNKNOWN_PLACEHOLDER: fieldsOf({ placeholder: name }),
  STATION_PREFLIGHT_FAILED: fieldsOf({ position }),
  'STATION_CONFLICT.positionElsewhere': fieldsOf({ position }),
  'STATION_CONFLICT.positionHeld': fieldsOf({ position }),
  'STATION_CONFLICT.archived': fieldsOf({ position }),
  'STATION_CONFLICT.sending': fieldsOf({ position }),
  'STATION_CONFLICT.positionNotFree': fieldsOf({ position }),
  'STATION_CONFLICT.alreadyChecked': fieldsOf({ position }),
  'STATION_CONFLICT.noLongerOnService': fieldsOf({ position }),
  'STATION_CONFLICT.printRunCollides': fieldsOf({ count: position }),
  'STATION_OFFLINE.verifyKept': fieldsOf({ position }),
  'STATION_NOT_FOUND.noSample': fieldsOf({ reel: name }),
  'STATION_NOT_FOUND.noLabelAt': fieldsOf({ position }),
  'STATION_NOT_FOUND.keptCaptureMissing': fieldsOf({ position }),
  'STATION_NOT_CONNECTED.profileNoKey': fieldsOf({ profile: name }),
  'STATION_NOT_CONNECTED.keySealed': fieldsOf({ profile: name }),
  STATION_ENROLLED_LABEL_NOT_FOUND: fieldsOf({ position }),
  'COMPOSITE_TAG_CONFLICT.position_occupied': fieldsOf({ position, reel: name }),
  'COMPOSITE_TAG_CONFLICT.marking': fieldsOf({ position, reel: name }),
  'IDENTIFIER_ALREADY_BOUND.bound': fieldsOf({ position, reel: name }),
  PRINT_GRADE_LOW: fieldsOf({ position, grade: name, minGrade: name }),
} as const satisfies Record<string, Record<string, FieldKind>>;

/** The named fields of `detail` when each is of its kind, else undefined. */
function pick(detail: unknown, fields: Record<string, FieldKind>): Record<string, unknown> | undefined {
  if (!detail || typeof detail !== 'object') return undefined;
  const out: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(fields)) {
    const value = (detail as Record<string, unknown>)[field];
    if (kind === 'int' ? !Number.isInteger(value) : typeof value !== 'string' || value === '') return undefined;
    out[field] = value;
  }
  return out;
}

/** An error's case: which of a code's situations it is (`detail.case`). */
function caseOf(detail: unknown): string | undefined {
  const named = detail && typeof detail === 'object' ? (detail as { case?: unknown }).case : undefined;
  return typeof named === 'string' && named !== '' ? named : undefined;
}

export interface ErrorWords {
  /** `CODE` or `CODE.case`: the catalog entry under `errors`. */
  key: string;
  /** The fields the words are filled from (empty when the code names none, or the detail lacks them). */
  fields: Record<string, unknown>;
}

/**
 * Which words say an error, and with what: the code's case when the detail names one (and its fields are there),
 * else the code itself. `known(key)` tells whether the catalog has words for a key.
 */
export function errorWords(code: string, detail: unknown, known: (key: string) => boolean): ErrorWords | undefined {
  const named = caseOf(detail);
  const candidates = named ? [`${code}.${named}`, code] : [code];
  for (const key of candidates) {
    if (!known(key)) continue;
    const wanted = (ERROR_WORD_FIELDS as Record<string, Record<string, FieldKind> | undefined>)[key];
    if (!wanted) return { key, fields: {} };
    const fields = pick(detail, wanted);
    if (fields) return { key, fields };
  }
  return undefined;
}

/** The service client's own codes for a request that got no readable answer (src-main/service/attempt.ts). */
export const CLIENT_ERROR_CODES = ['NETWORK_ERROR', 'TIMEOUT', 'INVALID_RESPONSE'] as const;
