import type { z } from 'zod';
import {
  PATHS,
  type BoundFilter,
  type LabelBindBody,
  type LabelEnrollmentIdentifier,
  type LabelEnrollmentOptions,
  type LabelResolveBody,
  type MoveBody,
  type ScanOptions,
  type TagType,
  type TransferredFilter,
} from '../../src-shared/api';
import { buildForm, type ImageInput } from './multipart';
import { collectAll, prefetchPages } from './paginate';
import type { ListAnswer } from './read/fields';
import {
  EnrollAnswerSchema,
  LabelActivateAnswerSchema,
  LabelAnswerSchema,
  LabelListAnswerSchema,
  LabelListPageSchema,
  MoveAnswerSchema,
  MovePreviewAnswerSchema,
  ResolveAnswerSchema,
  type EnrollAnswer,
  type MoveAnswer,
  type ResolveAnswer,
  type ServiceLabel,
} from './read/labels';
import { emptyAnswer, unreadableAnswer } from './errors';
import { asQuery, type CallOptions, type Transport } from './transport';

// spec: Labels and Reels (`/api/v1/composite-tags`). The wire name "composite tag" stays in this HTTP layer;
// callers speak of Labels.

interface LabelEnrollInput {
  /** Explicit position (the sync engine always sends one, so order between Labels does not matter); default next free. */
  position?: number;
  identifiers?: LabelEnrollmentIdentifier[];
  /** At most one SVC capture. */
  image?: ImageInput;
  humanReadable?: string;
  /** Shorthand for a TEXT and a QR member with this value. */
  qrValue?: string;
  options?: LabelEnrollmentOptions;
}

interface LabelIdentifierInput {
  tagType: TagType;
  value?: string;
  fingerprintId?: string;
  /** SVC capture as a file part. */
  image?: ImageInput;
  options?: ScanOptions;
}

interface LabelListFilters {
  reelCollectionId?: string;
  bound?: BoundFilter;
  transferred?: TransferredFilter;
  q?: string;
  cursor?: string;
  pageSize?: number;
}

/**
 * Write answers that may carry the Label (their shape is not shown): null when they do not, and the caller reads
 * it. Reads answer the Label itself.
 */
export type LabelAnswer = ServiceLabel | null;

export interface LabelsApi {
  /** `POST /reels/{id}/labels` (multipart). Resending the same SVC capture at the same position answers `already_enrolled`. */
  enroll(reelId: string, input: LabelEnrollInput, opts?: CallOptions): Promise<EnrollAnswer>;
  addIdentifier(labelId: string, input: LabelIdentifierInput, opts?: CallOptions): Promise<LabelAnswer>;
  removeIdentifier(labelId: string, tagId: string, opts?: CallOptions): Promise<LabelAnswer>;
  /** One page; pass the previous page's `nextCursor` as `cursor`. */
  list(query?: LabelListFilters, opts?: CallOptions): Promise<ListAnswer<ServiceLabel>>;
  /** Every page, whatever page size the service chooses (e.g. a Reel's Labels for a landing check). */
  listAll(query?: Omit<LabelListFilters, 'cursor'>, opts?: CallOptions): Promise<ServiceLabel[]>;
  /** Every page in turn, the next one asked while the caller works on this one. */
  listPages(query?: Omit<LabelListFilters, 'cursor'>, opts?: CallOptions): AsyncGenerator<readonly ServiceLabel[], void, undefined>;
  get(labelId: string, opts?: CallOptions): Promise<ServiceLabel>;
  /** Find Labels holding a value (read-only). */
  resolve(body: LabelResolveBody, opts?: CallOptions): Promise<ResolveAnswer>;
  bind(labelId: string, body: LabelBindBody, opts?: CallOptions): Promise<LabelAnswer>;
  unbind(labelId: string, opts?: CallOptions): Promise<LabelAnswer>;
  archive(labelId: string, opts?: CallOptions): Promise<LabelAnswer>;
  unarchive(labelId: string, opts?: CallOptions): Promise<LabelAnswer>;
  activate(labelId: string, opts?: CallOptions): Promise<{ activation: string | null; label: ServiceLabel | null }>;
  move(body: MoveBody, opts?: CallOptions): Promise<MoveAnswer>;
  /** Changes nothing (read-only); the preview as the service sent it. */
  movePreview(body: MoveBody, opts?: CallOptions): Promise<Record<string, unknown>>;
}

export function labelsApi(t: Transport): LabelsApi {
  const list = (query?: LabelListFilters, opts?: CallOptions): Promise<ListAnswer<ServiceLabel>> =>
    t.request({ method: 'GET', path: PATHS.labels, query: asQuery(query), schema: LabelListAnswerSchema, idempotent: true }, opts);
  const post = <T>(path: string, schema: z.ZodType<T>, opts?: CallOptions, json?: unknown): Promise<T> =>
    t.request({ method: 'POST', path, json, schema, idempotent: false }, opts);

  return {
    enroll(reelId, input, opts) {
      const { image, ...fields } = input;
      return t.request(
        { method: 'POST', path: PATHS.reelLabels(reelId), form: () => buildForm({ ...fields }, image), schema: EnrollAnswerSchema, idempotent: false },
        opts,
      );
    },
    addIdentifier(labelId, input, opts) {
      const { image, ...fields } = input;
      return t.request(
        { method: 'POST', path: PATHS.labelIdentifiers(labelId), form: () => buildForm({ ...fields }, image), schema: LabelAnswerSchema, idempotent: false },
        opts,
      );
    },
    removeIdentifier: (labelId, tagId, opts) =>
      t.request({ method: 'DELETE', path: PATHS.labelIdentifier(labelId, tagId), schema: LabelAnswerSchema, idempotent: false }, opts),
    list,
    listAll: (query, opts) =>
      collectAll(
        (cursor) => list({ ...query, cursor }, opts),
        (page) => page.items,
      ),
    // Each page's items are read after the next page is asked (deferredListAnswer), so reading them overlaps the
    // service preparing the next one; an unreadable page fails as the transport fails it, with its request id.
    listPages: (query, opts) =>
      prefetchPages(
        async (cursor) => {
          let requestId: string | null = null;
          const page = await t.request(
            { method: 'GET', path: PATHS.labels, query: asQuery({ ...query, cursor }), schema: LabelListPageSchema, idempotent: true },
            {
              ...opts,
              onAttempt: (attempt) => {
                requestId = attempt.requestId;
                opts?.onAttempt?.(attempt);
              },
            },
          );
          return { ...page, requestId };
        },
        (page) => {
          const read = page.read();
          if (read.success) return read.data.items;
          throw unreadableAnswer('GET', PATHS.labels, page.requestId, read.error.issues);
        },
        () => t.onTheWire(),
      ),
    get: async (labelId, opts) => {
      const label = await t.request({ method: 'GET', path: PATHS.label(labelId), schema: LabelAnswerSchema, idempotent: true }, opts);
      if (label === null) throw emptyAnswer('GET', PATHS.label(labelId), 'label');
      return label;
    },
    resolve: (body, opts) => t.request({ method: 'POST', path: PATHS.labelsResolve, json: body, schema: ResolveAnswerSchema, idempotent: true }, opts),
    bind: (labelId, body, opts) => post(PATHS.labelBind(labelId), LabelAnswerSchema, opts, body),
    unbind: (labelId, opts) => post(PATHS.labelUnbind(labelId), LabelAnswerSchema, opts),
    archive: (labelId, opts) => post(PATHS.labelArchive(labelId), LabelAnswerSchema, opts),
    unarchive: (labelId, opts) => post(PATHS.labelUnarchive(labelId), LabelAnswerSchema, opts),
    activate: (labelId, opts) => post(PATHS.labelActivate(labelId), LabelActivateAnswerSchema, opts),
    move: (body, opts) => post(PATHS.labelsMove, MoveAnswerSchema, opts, body),
    movePreview: (body, opts) =>
      t.request({ method: 'POST', path: PATHS.labelsMovePreview, json: body, schema: MovePreviewAnswerSchema, idempotent: true }, opts),
  };
}
