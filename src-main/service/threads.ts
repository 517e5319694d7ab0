import {
  PATHS,
  ThreadCountResponseSchema,
  ThreadCreateResponseSchema,
  ThreadReadResponseSchema,
  type ThreadCountResponse,
  type ThreadCreateBody,
  type ThreadCreateResponse,
  type ThreadListQueryInput,
  type ThreadReadResponse,
} from '../../src-shared/api';
import type { ListAnswer } from './read/fields';
import { ThreadListAnswerSchema, ThreadTagsAnswerSchema, type ThreadSummary, type ThreadTags } from './read/threads';
import { asQuery, type CallOptions, type Transport } from './transport';

// spec: Endpoints, Threads (what the station uses: search and list for bulk-bind, read, create).

type ThreadListFilters = Omit<ThreadListQueryInput, 'cursor'>;

export interface ThreadsApi {
  /** One page of `GET /api/v1/threads` with the spec's filters; pass `cursor` for the next page. */
  list(query?: ThreadListQueryInput, opts?: CallOptions): Promise<ListAnswer<ThreadSummary>>;
  /** `GET /api/v1/threads/count` with the same filters. */
  count(query?: ThreadListFilters, opts?: CallOptions): Promise<ThreadCountResponse>;
  /** `GET /api/v1/threads/{id}`: the Thread with data, tags and events. */
  get(threadId: string, query?: { maxEvents?: number }, opts?: CallOptions): Promise<ThreadReadResponse>;
  /**
   * The identifiers a Thread holds, each with its Label's id when the service names it (`GET /api/v1/threads/{id}`,
   * read through the station's own tolerant reader): how a Label's Thread is confirmed when the Label names none.
   */
  identifiers(threadId: string, opts?: CallOptions): Promise<ThreadTags>;
  /** `POST /api/v1/threads` (a write: never blindly resent). */
  create(body: ThreadCreateBody, opts?: CallOptions): Promise<ThreadCreateResponse>;
}

export function threadsApi(t: Transport): ThreadsApi {
  return {
    list: (query, opts) => t.request({ method: 'GET', path: PATHS.threads, query: asQuery(query), schema: ThreadListAnswerSchema, idempotent: true }, opts),
    count: (query, opts) =>
      t.request({ method: 'GET', path: PATHS.threadsCount, query: asQuery(query), schema: ThreadCountResponseSchema, idempotent: true }, opts),
    get: (threadId, query, opts) =>
      t.request({ method: 'GET', path: PATHS.thread(threadId), query: asQuery(query), schema: ThreadReadResponseSchema, idempotent: true }, opts),
    identifiers: (threadId, opts) =>
      t.request({ method: 'GET', path: PATHS.thread(threadId), query: { maxEvents: 1 }, schema: ThreadTagsAnswerSchema, idempotent: true }, opts),
    create: (body, opts) => t.request({ method: 'POST', path: PATHS.threads, json: body, schema: ThreadCreateResponseSchema, idempotent: false }, opts),
  };
}
