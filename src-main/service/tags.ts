import type { z } from 'zod';
import {
  BindResponseSchema,
  IdentifySuccessResponseSchema,
  PATHS,
  TagActivateResponseSchema,
  TagResponseSchema,
  classifyIdentifyResponse,
  type BindResponse,
  type IdentifyResult,
  type IdentifyTagType,
  type ScanOptions,
  type TagActivateBody,
  type TagActivateResponse,
  type TagResponse,
  type TagType,
  type TagUnbindBody,
} from '../../src-shared/api';
import { ServiceError } from './errors';
import { buildForm, type ImageInput } from './multipart';
import { IdentifySuccessAnswerSchema, type IdentifiedMarking } from './read/identify';
import type { CallOptions, Transport } from './transport';

// spec: Endpoints, Scanning and identifiers (`/api/v1/tags`): what the station uses.

interface IdentifyInput {
  tagType: IdentifyTagType;
  /** Decoded value for QR, BAR_CODE, DATA_MATRIX, NFC (hex), TEXT; or a base64 image data URL for SVC. */
  data?: string;
  /** SVC capture as a file part (instead of `data`). */
  image?: ImageInput;
  /** With tagType ANY. */
  tagId?: string;
  searchTeamIds?: string[];
  options?: ScanOptions;
}

interface TagBindInput {
  threadId: string;
  tagType: TagType;
  data?: string;
  image?: ImageInput;
  tagDescription?: string;
  options?: ScanOptions;
  activateLabel?: boolean;
}

/** An identify outcome (spec: Errors, "Identify outcomes (eight)") and the x-request-id of its answer. */
type IdentifyAnswer = IdentifyResult & { requestId: string | null };

/** What the station reads of an identify answer (read/identify.ts), the service's code of an error outcome, and the x-request-id. */
export type MarkingAnswer = IdentifiedMarking & { code: string | null; requestId: string | null };

export interface TagsApi {
  /**
   * `POST /api/v1/tags/identify`. Returns every one of the eight outcomes, including those that arrive with an
   * error status (no match, not bound, ambiguous, quality reject, search incomplete after the retries); any
   * other failure throws a ServiceError.
   */
  identify(input: IdentifyInput, opts?: CallOptions): Promise<IdentifyAnswer>;
  /**
   * `POST /api/v1/tags/identify` read with the station's own reader (read/identify.ts): the outcome and the Label the
   * marking belongs to, whatever else the answer holds. The same eight outcomes as `identify`; other failures throw.
   */
  identifyMarking(input: IdentifyInput, opts?: CallOptions): Promise<MarkingAnswer>;
  /** `POST /api/v1/tags/bind` (multipart). */
  bind(input: TagBindInput, opts?: CallOptions): Promise<BindResponse>;
  /** `POST /api/v1/tags/unbind`. */
  unbind(body: TagUnbindBody, opts?: CallOptions): Promise<TagResponse>;
  /** `POST /api/v1/tags/activate`, up to 200 tagIds. */
  activate(body: TagActivateBody, opts?: CallOptions): Promise<TagActivateResponse>;
}

export function tagsApi(t: Transport): TagsApi {
  return {
    async identify(input, opts) {
      const sent = await postIdentify(t, input, opts, IdentifySuccessResponseSchema);
      if ('outcome' in sent) return { ...sent.outcome, requestId: sent.requestId };
      const result = classifyIdentifyResponse(200, sent.body) as IdentifyResult; // the schema is exactly the 200 outcomes
      return { ...result, requestId: sent.requestId };
    },
    async identifyMarking(input, opts) {
      const sent = await postIdentify(t, input, opts, IdentifySuccessAnswerSchema);
      if ('outcome' in sent) return { outcome: sent.outcome.outcome, compositeTagId: null, position: null, code: sent.code, requestId: sent.requestId };
      return { ...sent.body, code: null, requestId: sent.requestId };
    },
    bind(input, opts) {
      const { image, ...fields } = input;
      return t.request({ method: 'POST', path: PATHS.tagsBind, form: () => buildForm(fields, image), schema: BindResponseSchema, idempotent: false }, opts);
    },
    unbind: (body, opts) => t.request({ method: 'POST', path: PATHS.tagsUnbind, json: body, schema: TagResponseSchema, idempotent: false }, opts),
    activate: (body, opts) => t.request({ method: 'POST', path: PATHS.tagsActivate, json: body, schema: TagActivateResponseSchema, idempotent: false }, opts),
  };
}

/**
 * `POST /api/v1/tags/identify`, read with `schema` on success. Identify changes nothing but the scan record, so it
 * is retried like a read (spec: Retry guidance — "503 SCAN_SEARCH_INCOMPLETE ... yes; the capture is fine"). The
 * outcomes that arrive with an error status (spec: Errors — "A no-match is a result but still arrives with an error
 * status") come back as `outcome` with the service's code; any other failure throws.
 */
async function postIdentify<T>(
  t: Transport,
  input: IdentifyInput,
  opts: CallOptions | undefined,
  schema: z.ZodType<T>,
): Promise<{ body: T; requestId: string | null } | { outcome: IdentifyResult; code: string; requestId: string | null }> {
  const { image, ...fields } = input;
  let requestId: string | null = null;
  const keepRequestId: CallOptions = {
    ...opts,
    onAttempt: (attempt) => {
      requestId = attempt.requestId;
      opts?.onAttempt?.(attempt);
    },
  };
  try {
    const body = await t.request<T>(
      { method: 'POST', path: PATHS.tagsIdentify, form: () => buildForm(fields, image), schema, idempotent: true },
      keepRequestId,
    );
    return { body, requestId };
  } catch (error) {
    if (!(error instanceof ServiceError) || error.kind !== 'service' || error.status === null) throw error;
    const outcome = classifyIdentifyResponse(error.status, {
      code: error.code,
      message: error.serviceMessage ?? '',
      status: error.status,
      detail: error.detail ?? undefined,
    });
    if (outcome === null) throw error;
    return { outcome, code: error.code, requestId: error.requestId };
  }
}
