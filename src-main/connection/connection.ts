import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { ConnectInput } from '../../src-shared/ipc/profiles';
import { createServiceClient, isServiceError, type AttemptRecord, type ServiceClient, type ServiceLogger } from '../service';
import { apiKeyStore, hasSealedKey, type ApiKeyStore, type KeyCipher } from '../store/api-key-file';
import type { Db } from '../store/database';
import { activeProfile, listProfiles, saveProfile, setActiveProfile, type Profile } from '../store/profiles';

// The active connection: which service the station talks to and the API client for it. The
// embedded sandbox is started in-process whenever the active profile is the sandbox (data under
// <data>/sandbox); its address changes per start, its key and ids do not.

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
  timeoutMs?: number;
  onAttempt(attempt: AttemptRecord): void;
}

export class Connection {
  #sandbox: EmbeddedSandbox | null = null;
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
    const client = createServiceClient({ baseUrl, apiKey, ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}), retry: { retries: 0 } });
    try {
      await client.checkKey();
      return null;
    } catch (error) {
      if (!isServiceError(error)) throw error;
      if (error.kind === 'network' || error.kind === 'timeout' || (error.status !== null && error.status >= 500)) {
        return `The service at ${baseUrl} could not be reached (${error.code}), so the API key is not checked yet: the profile is saved and the key is tried when the station syncs.`;
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
    const me = await createServiceClient({ baseUrl: base, apiKey, ...timeout }).me();
    const out = [];
    for (const org of me.organizations) {
      const { items: teams } = await createServiceClient({ baseUrl: base, apiKey, orgId: org.id, ...timeout }).teams({ pageSize: 500 });
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
    await this.#sandbox?.close();
    this.#sandbox = null;
  }

  async #startSandbox(): Promise<EmbeddedSandbox> {
    if (this.#sandbox) return this.#sandbox;
    if (!this.options.startSandbox)
      throw new StationError({
        code: StationErrorCode.notConnected,
        message: 'This station build has no embedded sandbox; connect to a remote service instead.',
      });
    this.#sandbox = await this.options.startSandbox({ dataDir: join(this.options.dataDir, 'sandbox') });
    return this.#sandbox;
  }

  async #open(saved: Profile): Promise<void> {
    this.#restoreError = null;
    let profile = saved;
    if (profile.kind === 'sandbox') {
      const sandbox = await this.#startSandbox();
      profile = { ...profile, baseUrl: sandbox.baseUrl, orgId: sandbox.orgId, teamId: sandbox.teamId };
      saveProfile(this.options.db, profile);
      if (this.#keys.read(profile.profileId) !== sandbox.apiKey) this.#keys.write(profile.profileId, sandbox.apiKey);
    } else if (this.#sandbox) {
      await this.#sandbox.close();
      this.#sandbox = null;
    }
    const apiKey = this.#keys.read(profile.profileId);
    if (!apiKey && this.#keys.kind === 'file' && hasSealedKey(this.options.dataDir, profile.profileId)) {
      throw new StationError({
        code: StationErrorCode.notConnected,
        message: `The API key of "${profile.name}" is sealed by the desktop station's OS keychain, which this process cannot open. Use the desktop station, or connect again here with the key.`,
      });
    }
    if (!apiKey || !profile.orgId) {
      throw new StationError({
        code: StationErrorCode.notConnected,
        message: `The profile "${profile.name}" has no API key or organization on this station; connect again.`,
      });
    }
    this.#profile = profile;
    this.#client = createServiceClient({
      baseUrl: profile.baseUrl,
      apiKey,
      orgId: profile.orgId,
      ...(profile.teamId ? { teamId: profile.teamId } : {}),
      ...(profile.locale ? { locale: profile.locale } : {}),
      ...(profile.declaredActor ? { declaredActor: profile.declaredActor } : {}),
      ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
      ...(this.options.logger ? { logger: this.options.logger } : {}),
      onAttempt: (attempt) => this.options.onAttempt(attempt),
    });
  }
}
