import { z } from 'zod';

// The fields an error's words are filled from (docs/architecture.md, "Errors"): a screen says an error in its own
// language from the error's `code`, the case in `detail.case` (one code, several situations) and these fields, never
// from the main process's English `message` (that stays under "Details", in the CLI and the log). The main process puts
// them in the error's `detail`; the renderer reads them through these schemas, and a catalog string names only fields
// its schema holds (src-renderer/src/i18n/catalogs.test.ts).

const position = z.number().int();
const name = z.string().min(1);

/**
 * Per code (`CODE`) or per case of a code (`CODE.case`): the fields its words need. A code or case not listed needs
 * none. The other bench's Label is named by its position (and Reel), never by its id.
 */
export const ERROR_WORD_FIELDS = {
  STATION_OUTSIDE_RANGE: z.object({ position, reel: name, first: position, last: position }),
  STATION_POSITION_TAKEN: z.object({ position, reel: name }),
  STATION_MISORDER: z.object({ position, printedFor: position, value: name }),
  STATION_MISPRINT: z.object({ position, value: name }),
  STATION_NO_FREE_POSITION: z.object({ position, extent: position }),
  STATION_PRINTER_UNREACHABLE: z.object({ printer: name, address: name }),
  STATION_PRINTER_NOT_READY: z.object({ printer: name }),
  'STATION_CONFLICT.positionElsewhere': z.object({ position }),
  'STATION_CONFLICT.positionHeld': z.object({ position }),
  'STATION_CONFLICT.archived': z.object({ position }),
  'STATION_CONFLICT.sending': z.object({ position }),
  'STATION_CONFLICT.positionNotFree': z.object({ position }),
  'STATION_CONFLICT.alreadyChecked': z.object({ position }),
  'STATION_CONFLICT.noLongerOnService': z.object({ position }),
  'STATION_CONFLICT.printRunCollides': z.object({ count: z.number().int() }),
  'STATION_OFFLINE.verifyKept': z.object({ position }),
  'STATION_NOT_FOUND.noSample': z.object({ reel: name }),
  'STATION_NOT_FOUND.noLabelAt': z.object({ position }),
  'STATION_NOT_FOUND.keptCaptureMissing': z.object({ position }),
  'STATION_NOT_CONNECTED.profileNoKey': z.object({ profile: name }),
  'STATION_NOT_CONNECTED.keySealed': z.object({ profile: name }),
  STATION_ENROLLED_LABEL_NOT_FOUND: z.object({ position }),
  'COMPOSITE_TAG_CONFLICT.position_occupied': z.object({ position, reel: name }),
  'COMPOSITE_TAG_CONFLICT.marking': z.object({ position, reel: name }),
  'IDENTIFIER_ALREADY_BOUND.bound': z.object({ position, reel: name }),
} as const satisfies Record<string, z.ZodObject>;

/** An error's case: which of a code's situations it is (`detail.case`). */
const CaseSchema = z.object({ case: z.string().min(1) });

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
  const named = CaseSchema.safeParse(detail);
  const candidates = named.success ? [`${code}.${named.data.case}`, code] : [code];
  for (const key of candidates) {
    if (!known(key)) continue;
    const schema = (ERROR_WORD_FIELDS as Record<string, z.ZodObject | undefined>)[key];
    if (!schema) return { key, fields: {} };
    const fields = schema.safeParse(detail);
    if (fields.success) return { key, fields: fields.data };
  }
  return undefined;
}

/** The service client's own codes for a request that got no readable answer (src-main/service/attempt.ts). */
export const CLIENT_ERROR_CODES = ['NETWORK_ERROR', 'TIMEOUT', 'INVALID_RESPONSE'] as const;
