import type { z } from 'zod';
import {
  LabelActivateResponseSchema,
  LabelBindResponseSchema,
  LabelEnrollmentResponseSchema,
  LabelListResponseSchema,
  LabelMemberAddResponseSchema,
  LabelResolveResponseSchema,
  LabelResponseSchema,
  MovePreviewResponseSchema,
  MoveResponseSchema,
  PATHS,
  type BoundFilter,
  type Label,
  type LabelActivateResponse,
  type LabelBindBody,
  type LabelBindResponse,
  type LabelEnrollmentIdentifier,
  type LabelEnrollmentOptions,
  type LabelEnrollmentResponse,
  type LabelListResponse,
  type LabelResolveBody,
  type LabelResolveResponse,
  type LabelResponse,
  type MoveBody,
  type MovePreviewResponse,
  type MoveResponse,
  type ScanOptions,
  type ScanReceipt,
  type TagType,
  type TransferredFilter,
} from '../../src-shared/api';
import { buildForm, type ImageInput } from './multipart';
import { collectAll } from './paginate';
import { asQuery, type CallOptions, type Transport } from './transport';

// spec: Labels and Reels (`/api/v1/composite-tags`). The wire name "composite tag" stays in this HTTP layer;
// callers speak of Labels.

export interface LabelEnrollInput {
  /** Explicit position (SYNC.md: Labels are sent with an explicit position); default next free. */
  position?: number;
  identifiers?: LabelEnrollmentIdentifier[];
  /** At most one SVC capture. */
  image?: ImageInput;
  humanReadable?: string;
  /** Shorthand for a TEXT and a QR member with this value. */
  qrValue?: string;
  options?: LabelEnrollmentOptions;
}

export interface LabelIdentifierInput {
  tagType: TagType;
  value?: string;
  fingerprintId?: string;
  /** SVC capture as a file part. */
  image?: ImageInput;
  options?: ScanOptions;
}

export interface LabelListFilters {
  reelCollectionId?: string;
  bound?: BoundFilter;
  transferred?: TransferredFilter;
  q?: string;
  cursor?: string;
  pageSize?: number;
}

export interface LabelsApi {
  /** `POST /reels/{id}/labels` (multipart). Resending the same SVC capture at the same position answers `already_enrolled`. */
  enroll(reelId: string, input: LabelEnrollInput, opts?: CallOptions): Promise<LabelEnrollmentResponse>;
  addIdentifier(labelId: string, input: LabelIdentifierInput, opts?: CallOptions): Promise<LabelResponse & { scan?: ScanReceipt }>;
  removeIdentifier(labelId: string, tagId: string, opts?: CallOptions): Promise<LabelResponse>;
  /** One page; pass the previous page's `nextCursor` as `cursor`. */
  list(query?: LabelListFilters, opts?: CallOptions): Promise<LabelListResponse>;
  /** Every page (e.g. a Reel's Labels for a landing check). */
  listAll(query?: Omit<LabelListFilters, 'cursor'>, opts?: CallOptions): Promise<Label[]>;
  get(labelId: string, opts?: CallOptions): Promise<LabelResponse>;
  /** Find Labels holding a value (read-only). */
  resolve(body: LabelResolveBody, opts?: CallOptions): Promise<LabelResolveResponse>;
  bind(labelId: string, body: LabelBindBody, opts?: CallOptions): Promise<LabelBindResponse>;
  unbind(labelId: string, opts?: CallOptions): Promise<LabelResponse>;
  archive(labelId: string, opts?: CallOptions): Promise<LabelResponse>;
  unarchive(labelId: string, opts?: CallOptions): Promise<LabelResponse>;
  activate(labelId: string, opts?: CallOptions): Promise<LabelActivateResponse>;
  move(body: MoveBody, opts?: CallOptions): Promise<MoveResponse>;
  /** Changes nothing (read-only). */
  movePreview(body: MoveBody, opts?: CallOptions): Promise<MovePreviewResponse>;
}

export function labelsApi(t: Transport): LabelsApi {
  const list = (query?: LabelListFilters, opts?: CallOptions): Promise<LabelListResponse> =>
    t.request({ method: 'GET', path: PATHS.labels, query: asQuery(query), schema: LabelListResponseSchema, idempotent: true }, opts);
  const post = <T>(path: string, schema: z.ZodType<T>, opts?: CallOptions, json?: unknown): Promise<T> =>
    t.request({ method: 'POST', path, json, schema, idempotent: false }, opts);

  return {
    enroll(reelId, input, opts) {
      const { image, ...fields } = input;
      return t.request(
        { method: 'POST', path: PATHS.reelLabels(reelId), form: () => buildForm({ ...fields }, image), schema: LabelEnrollmentResponseSchema, idempotent: false },
        opts,
      );
    },
    addIdentifier(labelId, input, opts) {
      const { image, ...fields } = input;
      return t.request(
        { method: 'POST', path: PATHS.labelIdentifiers(labelId), form: () => buildForm({ ...fields }, image), schema: LabelMemberAddResponseSchema, idempotent: false },
        opts,
      );
    },
    removeIdentifier: (labelId, tagId, opts) =>
      t.request({ method: 'DELETE', path: PATHS.labelIdentifier(labelId, tagId), schema: LabelResponseSchema, idempotent: false }, opts),
    list,
    listAll: (query, opts) => collectAll((cursor) => list({ ...query, cursor }, opts), (page) => page.labels),
    get: (labelId, opts) => t.request({ method: 'GET', path: PATHS.label(labelId), schema: LabelResponseSchema, idempotent: true }, opts),
    resolve: (body, opts) =>
      t.request({ method: 'POST', path: PATHS.labelsResolve, json: body, schema: LabelResolveResponseSchema, idempotent: true }, opts),
    bind: (labelId, body, opts) => post(PATHS.labelBind(labelId), LabelBindResponseSchema, opts, body),
    unbind: (labelId, opts) => post(PATHS.labelUnbind(labelId), LabelResponseSchema, opts),
    archive: (labelId, opts) => post(PATHS.labelArchive(labelId), LabelResponseSchema, opts),
    unarchive: (labelId, opts) => post(PATHS.labelUnarchive(labelId), LabelResponseSchema, opts),
    activate: (labelId, opts) => post(PATHS.labelActivate(labelId), LabelActivateResponseSchema, opts),
    move: (body, opts) => post(PATHS.labelsMove, MoveResponseSchema, opts, body),
    movePreview: (body, opts) =>
      t.request({ method: 'POST', path: PATHS.labelsMovePreview, json: body, schema: MovePreviewResponseSchema, idempotent: true }, opts),
  };
}
