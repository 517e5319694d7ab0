import { collectionsApi, type CollectionsApi } from './collections';
import { discoveryApi, type DiscoveryApi } from './discovery';
import type { FetchLike } from './attempt';
import { labelsApi, type LabelsApi } from './labels';
import { redactingLogger, silentLogger, type ServiceLogger } from './logger';
import { reelsApi, type ReelsApi } from './reels';
import { DEFAULT_RETRY, type RetryConfig } from './retry-policy';
import { tagsApi, type TagsApi } from './tags';
import { threadsApi, type ThreadsApi } from './threads';
import type { TokenInfo } from './token-manager';
import { createTransport, type AttemptRecord } from './transport';

// The API client: one object per spec area over one authenticated transport.

export interface ServiceClientOptions {
  /** Service root, e.g. `https://svc.example` or the sandbox's `http://127.0.0.1:PORT`. */
  baseUrl: string;
  /** The Service Account's API key. Sent only to `GET /api/auth/token` (spec: Authentication 1); never logged. */
  apiKey: string;
  /** → Svc-Ctx-Org-Id. Absent only to discover what a key may act as (`me`, `teams`). */
  orgId?: string;
  /** Acting Team; absent means the organization root Team (spec: Context headers). */
  teamId?: string;
  locale?: string;
  /** Required for writes when the organization's attribution policy says so (spec: Context headers). */
  declaredActor?: string;
  /** Per-attempt timeout; default 20 s. */
  timeoutMs?: number;
  fetch?: FetchLike;
  /** Clock in epoch ms, for token expiry. */
  now?: () => number;
  /** Jitter source in [0, 1). */
  random?: () => number;
  logger?: ServiceLogger;
  retry?: Partial<RetryConfig>;
  /** Called after every HTTP attempt of every call, the token exchange included. */
  onAttempt?: (attempt: AttemptRecord) => void;
}

export interface ServiceClient extends DiscoveryApi {
  /** Expiry of the cached token (for the status bar), or null before the first exchange. */
  tokenInfo(): TokenInfo | null;
  /**
   * Resolves once every request asked so far is written to its connection (a token got first, a connection made), so
   * long synchronous work after it overlaps the service answering (src-main/service/on-the-wire.ts).
   */
  onTheWire(): Promise<void>;
  readonly threads: ThreadsApi;
  readonly tags: TagsApi;
  readonly collections: CollectionsApi;
  readonly reels: ReelsApi;
  readonly labels: LabelsApi;
}

const DEFAULT_TIMEOUT_MS = 20_000;

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const transport = createTransport({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    orgId: options.orgId,
    teamId: options.teamId,
    locale: options.locale,
    declaredActor: options.declaredActor,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    logger: redactingLogger(options.logger ?? silentLogger, options.apiKey),
    onAttempt: options.onAttempt,
  });
  return {
    ...discoveryApi(transport),
    tokenInfo: () => transport.tokenInfo(),
    onTheWire: () => transport.onTheWire(),
    threads: threadsApi(transport),
    tags: tagsApi(transport),
    collections: collectionsApi(transport),
    reels: reelsApi(transport),
    labels: labelsApi(transport),
  };
}
