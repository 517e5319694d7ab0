import { randomUUID } from '../runtime/node-crypto';
import { join } from 'node:path';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { ConnectInput } from '../../src-shared/ipc/profiles';
import type { AttemptRecord, ServiceClient, ServiceLogger } from '../service';
import type { createServiceClient as CreateServiceClient, ServiceClientOptions } from '../service/client';
import { isServiceError } from '../service/errors';
import type { FetchLike } from '../service/attempt';
import { apiKeyStore, hasSealedKey, type ApiKeyStore, type KeyCipher } from '../store/api-key-file';
import type { Db } from '../store/database';
import { activeProfile, listProfiles, saveProfile, setActiveProfile, type Profile } from '../store/profiles';
import { lazyServiceClient } from './lazy-client';
import { advertiseSandbox, findServedSandbox, withdrawSandbox } from './served-sandbox';

// The active connection: which service the station talks to and the API client for it. The
// embedded sandbox (data under <data>/sandbox) is reached on the first request that needs it, not
// when the profile opens (docs/architecture.md, "The embedded sandbox"): a command that needs no
// service (status, queue, enroll) never starts it. Then the sandbox a long-running host on the
// same folder serves is used when it answers (served-sandbox.ts); else this process starts its own.
// Its address changes per start, its key and ids do not.

/** The sandbox client's base URL until the first request resolves the real one (never reached). */
const SANDBOX_ORIGIN = 'http://embedded-sandbox.invalid';

export interface EmbeddedSandbox {
  baseUrl: string;
  apiKey: string;
  orgId: string;
  teamId: string;
  close(): Promise<void>;
}

type SandboxStarter = (options: { dataDir: string }) => Promise<EmbeddedSandbox>;

export interface ConnectionOptions {
  db: Db;
  dataDir: string;
  /** Where the client logs its failed requests (with request id); the API key never reaches it. */
  logger?: ServiceLogger;
  /** The OS keychain's cipher (Electron safeStorage); without it keys are 0600 files. */
  keyCipher?: KeyCipher;
  startSandbox?: SandboxStarter;
  /**
   * Tell other processes on the folder the address of the sandbox this one starts (served-sandbox.ts): the
   * long-running hosts (serve, web, Electron) do, so a CLI command beside them uses their sandbox.
   */
  advertiseSandbox?: boolean;
  timeoutMs?: number;
  onAttempt(attempt: AttemptRecord): void;
}

export class Connection {
  #sandbox: EmbeddedSandbox | null = null;
  /** The sandbox another process serves on this folder, when this process uses it. */
  #servedUrl: string | null = null;
  #resolving: Promise<string> | null = null;
  #profile: Profile | null = null;
  #client: ServiceClient | null = null;

  readonly #keys: ApiKeyStore;
  /** Why the saved profile could not be opened at start-up (its key missing or sealed elsewhere). */
  #restoreError: StationError | null = null;

  constructor(private readonly options: ConnectionOptions) {
    this.#keys = apiKeyStore(options.dataDir, options.keyCipher);
  }

  get profile(): Profile | null {
    return this.#profile;
  }

  get client(): ServiceClient | null {
    return this.#client;
  }

  requireClient(): ServiceClient {
    if (!this.#client && this.#restoreError) throw this.#restoreError;
    if (!this.#client)
      throw new StationError({
        code: StationErrorCode.notConnected,
        message: 'The station is not connected to a service; run "station connect --sandbox" or connect to a remote service first.',
      });
    return this.#client;
  }

  /** Opens the saved active profile, if any (start-up). */
  async restore(): Promise<void> {
    const profile = activeProfile(this.options.db);
    if (!profile) return;
    try {
      await this.#open(profile);
    } catch (error) {
      // The station still starts (status, local work, connect again); service commands say why.
      if (!(error instanceof StationError)) throw error;
      this.#restoreError = error;
    }
  }

  /**
   * Connects and makes the profile the active one. A remote key is exchanged first when the service can be
   * reached: a key it refuses is refused here (nothing saved), with the service's code and request id. When the
   * service cannot be reached the profile is saved all the same and `keyChecked` is false.
   */
  async connect(input: ConnectInput): Promise<{ profile: Profile; keyChecked: boolean; warning: string | null }> {
    const db = this.options.db;
    if (input.kind === 'sandbox') {
      const profileId = listProfiles(db).find((p) => p.kind === 'sandbox')?.profileId ?? randomUUID();
      const sandbox = await this.#startSandbox();
      const profile: Profile = {
        profileId,
        kind: 'sandbox',
        name: input.name ?? 'Local sandbox',
        baseUrl: sandbox.baseUrl,
        orgId: sandbox.orgId,
        teamId: sandbox.teamId,
        ...(await this.#names(sandbox.baseUrl, sandbox.apiKey, sandbox.orgId, sandbox.teamId)),
        locale: null,
        declaredActor: null,
      };
      db.transaction(() => {
        saveProfile(db, profile);
        setActiveProfile(db, profileId);
      })();
      this.#keys.write(profileId, sandbox.apiKey);
      await this.#open(profile);
      return { profile, keyChecked: true, warning: null };
    }
    const baseUrl = input.baseUrl.replace(/\/+$/, '');
    const warning = await this.#checkKey(baseUrl, input.apiKey);
    const profile: Profile = {
      profileId: randomUUID(),
      kind: 'remote',
      name: input.name ?? new URL(input.baseUrl).host,
      baseUrl,
      orgId: input.orgId,
      teamId: input.teamId,
      // The names, when the service could be asked (the key was checked): shown instead of the ids.
      ...(warning === null ? await this.#names(baseUrl, input.apiKey, input.orgId, input.teamId) : { orgName: null, teamName: null }),
      locale: input.locale ?? null,
      declaredActor: input.declaredActor ?? null,
    };
    this.#keys.write(profile.profileId, input.apiKey);
    db.transaction(() => {
      saveProfile(db, profile);
      setActiveProfile(db, profile.profileId);
    })();
    await this.#open(profile);
    return { profile, keyChecked: warning === null, warning };
  }

  /**
   * Exchanges the key once. Null when the service accepted it; a warning when the service could not be asked (the
   * key is unchecked); throws when the service refused it.
   */
  async #checkKey(baseUrl: string, apiKey: string): Promise<string | null> {
    const client = await createServiceClient({
      baseUrl,
      apiKey,
      ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
      retry: { retries: 0 },
    });
    try {
      await client.checkKey();
      return null;
    } catch (error) {
      if (!isServiceError(error)) throw error;
      // A 429 says "ask later", not "wrong key" (spec: Retry guidance): the key stays unchecked, as when unreachable.
      if (error.kind === 'network' || error.kind === 'timeout' || error.status === 429 || (error.status !== null && error.status >= 500)) {
        const why = error.status === 429 ? 'asked the station to wait (too many requests)' : 'could not be reached';
        return `The service at ${baseUrl} ${why} (${error.code}), so the API key is not checked yet: the profile is saved and the key is tried when the station syncs.`;
      }
      throw new StationError({
        code: error.code,
        ...(error.status === null ? {} : { status: error.status }),
        ...(error.requestId === null ? {} : { requestId: error.requestId }),
        message: `The service refused the API key (${error.code}${error.status === null ? '' : `, HTTP ${error.status}`}); nothing was saved. Check the key (a Service Account's, not revoked) and the base URL, then connect again.`,
      });
    }
  }

  /** The names of an organization and a Team as the service gives them; nulls when it cannot be asked. */
  async #names(baseUrl: string, apiKey: string, orgId: string, teamId: string): Promise<{ orgName: string | null; teamName: string | null }> {
    try {
      const org = (await this.discover(baseUrl, apiKey)).find((o) => o.orgId === orgId);
      return { orgName: org?.name ?? null, teamName: org?.teams.find((t) => t.teamId === teamId)?.name ?? null };
    } catch {
      return { orgName: null, teamName: null };
    }
  }

  /** The organizations and Teams an API key may act as (nothing saved; the key stays in memory). */
  async discover(baseUrl: string, apiKey: string): Promise<{ orgId: string; name: string; teams: { teamId: string; name: string }[] }[]> {
    const base = baseUrl.replace(/\/+$/, '');
    const timeout = this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {};
    const me = await (await createServiceClient({ baseUrl: base, apiKey, ...timeout })).me();
    const out = [];
    for (const org of me.organizations) {
      const { items: teams } = await (await createServiceClient({ baseUrl: base, apiKey, orgId: org.id, ...timeout })).teams({ pageSize: 500 });
      out.push({
        orgId: org.id,
        name: org.name ?? org.id,
        teams: teams.filter((t) => (t.orgId ?? org.id) === org.id).map((t) => ({ teamId: t.teamId, name: t.name ?? t.teamId })),
      });
    }
    return out;
  }

  async select(profile: Profile): Promise<void> {
    setActiveProfile(this.options.db, profile.profileId);
    await this.#open(profile);
  }

  async close(): Promise<void> {
    this.#client = null;
    await this.#resolving?.catch(() => undefined);
    await this.#closeSandbox();
  }

  /** Finds or starts the embedded sandbox now when the active profile is the sandbox (a failure is the first request's to report). */
  async ready(): Promise<void> {
    if (this.#client && this.#profile?.kind === 'sandbox') await this.#sandboxUrl().catch(() => undefined);
  }

  get #sandboxDir(): string {
    return join(this.options.dataDir, 'sandbox');
  }

  async #closeSandbox(): Promise<void> {
    this.#servedUrl = null;
    this.#resolving = null;
    if (!this.#sandbox) return;
    if (this.options.advertiseSandbox) withdrawSandbox(this.#sandboxDir);
    const sandbox = this.#sandbox;
    this.#sandbox = null;
    await sandbox.close();
  }

  async #startSandbox(): Promise<EmbeddedSandbox> {
    if (this.#sandbox) return this.#sandbox;
    if (!this.options.startSandbox)
      throw new StationError({
        code: StationErrorCode.notConnected,
        message: 'This station build has no embedded sandbox; connect to a remote service instead.',
        detail: { case: 'noSandbox' },
      });
    this.#sandbox = await this.options.startSandbox({ dataDir: this.#sandboxDir });
    if (this.options.advertiseSandbox) advertiseSandbox(this.#sandboxDir, this.#sandbox.baseUrl);
    return this.#sandbox;
  }

  /** The address of the sandbox to talk to: this process's own, the one another process serves, or a new own one. */
  #sandboxUrl(): Promise<string> {
    if (this.#sandbox) return Promise.resolve(this.#sandbox.baseUrl);
    if (this.#servedUrl) return Promise.resolve(this.#servedUrl);
    return (this.#resolving ??= (async () => {
      try {
        const served = await findServedSandbox(this.#sandboxDir);
        const baseUrl = served ? (this.#servedUrl = served.baseUrl) : (await this.#startSandbox()).baseUrl;
        if (this.#profile?.kind === 'sandbox' && this.#profile.baseUrl !== baseUrl) {
          this.#profile = { ...this.#profile, baseUrl };
          // Its own start is remembered (the status shows the address); a served one is that process's to save.
          if (!served) saveProfile(this.options.db, this.#profile);
        }
        return baseUrl;
      } finally {
        this.#resolving = null;
      }
    })());
  }

  /**
   * The sandbox client's fetch: resolves the sandbox on the first request and maps the placeholder origin onto it.
   * When the served sandbox went away (its host stopped), the next request looks again, and a request the closed
   * port refused before anything was sent goes at once to the sandbox found then.
   */
  #sandboxFetch(): FetchLike {
    return async (input, init) => {
      const path = input.startsWith(SANDBOX_ORIGIN) ? input.slice(SANDBOX_ORIGIN.length) : input;
      const baseUrl = await this.#sandboxUrl();
      try {
        return await fetch(baseUrl + path, init);
      } catch (error) {
        if (baseUrl !== this.#servedUrl) throw error;
        this.#servedUrl = null;
        if (!refused(error)) throw error;
        return fetch((await this.#sandboxUrl()) + path, init);
      }
    };
  }

  async #open(saved: Profile): Promise<void> {
    this.#restoreError = null;
    let profile = saved;
    let apiKey = this.#keys.read(profile.profileId);
    if (profile.kind === 'sandbox') {
      if (!apiKey || !profile.orgId) {
        // No key or ids saved yet (a folder from an older version): start it now to learn them.
        const sandbox = await this.#startSandbox();
        profile = { ...profile, baseUrl: sandbox.baseUrl, orgId: sandbox.orgId, teamId: sandbox.teamId };
        saveProfile(this.options.db, profile);
        if (apiKey !== sandbox.apiKey) this.#keys.write(profile.profileId, sandbox.apiKey);
        apiKey = sandbox.apiKey;
      }
    } else {
      await this.#closeSandbox();
    }
    if (!apiKey && this.#keys.kind === 'file' && hasSealedKey(this.options.dataDir, profile.profileId)) {
      throw new StationError({
        code: StationErrorCode.notConnected,
        message: `The API key of "${profile.name}" is sealed by the desktop station's OS keychain, which this process cannot open. Use the desktop station, or connect again here with the key.`,
        detail: { case: 'keySealed', profile: profile.name },
      });
    }
    if (!apiKey || !profile.orgId) {
      throw new StationError({
        code: StationErrorCode.notConnected,
        message: `The profile "${profile.name}" has no API key or organization on this station; connect again.`,
        detail: { case: 'profileNoKey', profile: profile.name },
      });
    }
    this.#profile = profile;
    const options: ServiceClientOptions = {
      ...(profile.kind === 'sandbox' ? { baseUrl: SANDBOX_ORIGIN, fetch: this.#sandboxFetch() } : { baseUrl: profile.baseUrl }),
      apiKey,
      orgId: profile.orgId,
      ...(profile.teamId ? { teamId: profile.teamId } : {}),
      ...(profile.locale ? { locale: profile.locale } : {}),
      ...(profile.declaredActor ? { declaredActor: profile.declaredActor } : {}),
      ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
      ...(this.options.logger ? { logger: this.options.logger } : {}),
      onAttempt: (attempt) => this.options.onAttempt(attempt),
    };
    // Loaded with the first request (lazy-client.ts): a command that never reaches the service loads none of it.
    this.#client = lazyServiceClient(() => createServiceClient(options));
  }
}

/** The connection was refused: nothing was sent, so sending the request elsewhere cannot double it. */
function refused(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === 'ECONNREFUSED') return true;
  }
  return false;
}

/**
 * The service's client, loaded with the first request to a service (docs/architecture.md, "Start-up"): a command on a
 * folder with no profile, or one that never reaches the service before it ends, builds none of its answer schemas.
 */
async function createServiceClient(...args: Parameters<typeof CreateServiceClient>): Promise<ServiceClient> {
  return (await import('../service/client')).createServiceClient(...args);
}
