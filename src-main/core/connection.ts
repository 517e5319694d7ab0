import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { API_KEY_HEADER, BEARER_PREFIX } from '../../src-shared/api/common';
import { MeResponseSchema, type MeResponse } from '../../src-shared/api/discovery';
import { TokenResponseSchema } from '../../src-shared/api/auth';
import { PATHS } from '../../src-shared/api/paths';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { ConnectInput } from '../../src-shared/ipc/profiles';
import { createServiceClient, type AttemptRecord, type ServiceClient, type ServiceLogger } from '../service';
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

/**
 * GET /api/v1/me without context headers (spec: Session and discovery: "no context headers
 * needed"). The API client always sends an organization header, which /me would check, and the
 * organization is exactly what is not known yet; so this one read is made here.
 */
async function readMe(baseUrl: string, apiKey: string): Promise<MeResponse> {
  const refused = (status: number, body: unknown) =>
    new StationError({ code: (body as { code?: string } | null)?.code ?? StationErrorCode.notConnected, status, message: `The service refused the API key (HTTP ${status}); check the key and the base URL.` });
  const tokenResponse = await fetch(`${baseUrl}${PATHS.token}`, { headers: { [API_KEY_HEADER]: apiKey } });
  const tokenBody: unknown = await tokenResponse.json().catch(() => null);
  if (!tokenResponse.ok) throw refused(tokenResponse.status, tokenBody);
  const { token } = TokenResponseSchema.parse(tokenBody);
  const meResponse = await fetch(`${baseUrl}${PATHS.me}`, { headers: { authorization: `${BEARER_PREFIX}${token}` } });
  const meBody: unknown = await meResponse.json().catch(() => null);
  if (!meResponse.ok) throw refused(meResponse.status, meBody);
  return MeResponseSchema.parse(meBody);
}

export type SandboxStarter = (options: { dataDir: string }) => Promise<EmbeddedSandbox>;

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
    if (!this.#client) throw new StationError({ code: StationErrorCode.notConnected, message: 'The station is not connected to a service; run "station connect --sandbox" or connect to a remote service first.' });
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

  async connect(input: ConnectInput): Promise<Profile> {
    const db = this.options.db;
    if (input.kind === 'sandbox') {
      const profileId = listProfiles(db).find((p) => p.kind === 'sandbox')?.profileId ?? randomUUID();
      const sandbox = await this.#startSandbox();
      const profile: Profile = { profileId, kind: 'sandbox', name: input.name ?? 'Local sandbox', baseUrl: sandbox.baseUrl, orgId: sandbox.orgId, teamId: sandbox.teamId, locale: null, declaredActor: null };
      db.transaction(() => {
        saveProfile(db, profile);
        setActiveProfile(db, profileId);
      })();
      this.#keys.write(profileId, sandbox.apiKey);
      await this.#open(profile);
      return profile;
    }
    const profile: Profile = {
      profileId: randomUUID(),
      kind: 'remote',
      name: input.name ?? new URL(input.baseUrl).host,
      baseUrl: input.baseUrl.replace(/\/+$/, ''),
      orgId: input.orgId,
      teamId: input.teamId,
      locale: input.locale ?? null,
      declaredActor: input.declaredActor ?? null,
    };
    this.#keys.write(profile.profileId, input.apiKey);
    db.transaction(() => {
      saveProfile(db, profile);
      setActiveProfile(db, profile.profileId);
    })();
    await this.#open(profile);
    return profile;
  }

  /** The organizations and Teams an API key may act as (nothing saved; the key stays in memory). */
  async discover(baseUrl: string, apiKey: string): Promise<{ orgId: string; name: string; teams: { teamId: string; name: string }[] }[]> {
    const base = baseUrl.replace(/\/+$/, '');
    const timeout = this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {};
    const me = await readMe(base, apiKey);
    const out = [];
    for (const org of me.organizations) {
      const { teams } = await createServiceClient({ baseUrl: base, apiKey, orgId: org.id, ...timeout }).teams({ pageSize: 500 });
      out.push({ orgId: org.id, name: org.name, teams: teams.filter((t) => t.orgId === org.id).map((t) => ({ teamId: t.teamId, name: t.name })) });
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
    if (!this.options.startSandbox) throw new StationError({ code: StationErrorCode.notConnected, message: 'This station build has no embedded sandbox; connect to a remote service instead.' });
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
      throw new StationError({ code: StationErrorCode.notConnected, message: `The profile "${profile.name}" has no API key or organization on this station; connect again.` });
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
