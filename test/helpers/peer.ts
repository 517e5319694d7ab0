import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../src-sandbox';
import type { ServiceLabel } from '../../src-main/service/read/labels';
import { StationError, type CommandName, type CommandOutput } from '../../src-shared/ipc';
import { createServiceClient, type ServiceClient } from '../../src-main/service';
import { createStation, type Station, type StationOptions } from '../../src-main/station';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { startWireProxy, suiteVariations, type WireProxy, type WireVariations } from './wire-proxy';
import type { CliResult } from './cli';
import { repoRoot } from './processes';
import { tempDir } from './tmp';

// The real peer of the core's tests: the sandbox in-process, reached through the fault proxy (network faults) and
// the wire-variance proxy (what the spec leaves open, every variation on unless STATION_WIRE_VARIANCE=off):
// station → fault proxy → wire proxy → sandbox.

export interface Peer {
  sandbox: RunningSandbox;
  proxy: FaultProxy;
  wire: WireProxy;
  /** A client straight to the sandbox (not through the proxy), to check the service's state. */
  direct: ServiceClient;
  admin(path: string, body: unknown): Promise<unknown>;
  close(): Promise<void>;
}

export async function startPeer(options: { tokenTtlSeconds?: number; variations?: Partial<WireVariations> } = {}): Promise<Peer> {
  const dir = tempDir('core-peer-');
  const sandbox = await startSandbox({ dataDir: dir.path, port: 0, ...(options.tokenTtlSeconds ? { tokenTtlSeconds: options.tokenTtlSeconds } : {}) });
  const wire = await startWireProxy(sandbox.baseUrl, options.variations ?? suiteVariations());
  const url = new URL(wire.url);
  const proxy = await startFaultProxy({ host: url.hostname, port: Number(url.port) });
  const direct = createServiceClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, orgId: sandbox.orgId, teamId: sandbox.teamId });
  return {
    sandbox,
    proxy,
    wire,
    direct,
    async admin(path, body) {
      const res = await fetch(`${sandbox.baseUrl}/sandbox${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-admin': sandbox.adminSecret },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`admin ${path} → ${res.status} ${await res.text()}`);
      return res.status === 204 ? undefined : (res.json() as Promise<unknown>);
    },
    async close() {
      await proxy.close();
      await wire.close();
      await sandbox.close();
      dir.remove();
    },
  };
}

export interface TestStation {
  station: Station;
  dataDir: string;
  call<N extends CommandName>(name: N, input: unknown): Promise<CommandOutput<N>>;
  close(): Promise<void>;
}

export async function openStation(dataDir: string, options: Partial<StationOptions> = {}): Promise<TestStation> {
  // Like the CLI host: these tests name capture and print-data files by path.
  const station = await createStation({ dataDir, autoSync: false, allowFilePaths: true, ...options });
  return {
    station,
    dataDir,
    async call(name, input) {
      const envelope = await station.call(name, input);
      if (!envelope.ok) throw new StationError(envelope.error);
      return envelope.value as never;
    },
    close: () => station.close(),
  };
}

/** A station connected (remote profile) to the peer through its fault proxy. */
export async function connectedStation(peer: Peer, options: Partial<StationOptions> = {}): Promise<TestStation & { remove(): void }> {
  const dir = tempDir('core-station-');
  const s = await openStation(dir.path, options);
  await s.call('profiles.connect', {
    kind: 'remote',
    baseUrl: peer.proxy.url,
    apiKey: peer.sandbox.apiKey,
    orgId: peer.sandbox.orgId,
    teamId: peer.sandbox.teamId,
  });
  return { ...s, remove: () => dir.remove() };
}

/** A test file's peer and one station connected to it through the fault proxy. */
export async function startPeerAndStation(options: Partial<StationOptions> = {}): Promise<{ peer: Peer; s: TestStation & { remove(): void } }> {
  const peer = await startPeer();
  return { peer, s: await connectedStation(peer, options) };
}

/** Closes the station (if any) and the peer, and removes their folders (and `also`'s). */
export async function stopPeerAndStation(
  peer: Peer | undefined,
  s: (TestStation & { remove(): void }) | undefined,
  ...also: { remove(): void }[]
): Promise<void> {
  await s?.close();
  s?.remove();
  await peer?.close();
  for (const dir of also) dir.remove();
}

export async function serviceReelsNamed(peer: Peer, name: string) {
  return (await peer.direct.reels.list({ q: name })).items.filter((r) => r.name === name);
}

export async function serviceLabels(peer: Peer, reelServiceId: string): Promise<ServiceLabel[]> {
  return peer.direct.labels.listAll({ reelCollectionId: reelServiceId });
}

/** Every position once, and what each holds: `position → sorted "TYPE=value" list`. */
export function byPosition(labels: ServiceLabel[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const label of labels) {
    if (out.has(label.position)) throw new Error(`position ${label.position} holds two Labels`);
    out.set(
      label.position,
      (label.members ?? [])
        .filter((m) => m.archivedAt === null)
        .map((m) => (m.tagType === 'SVC' ? 'SVC' : `${m.tagType}=${m.value}`))
        .sort(),
    );
  }
  return out;
}

/** Runs the `station` bin without blocking this process (the in-process sandbox must keep answering). */
export function runStationAsync(args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin', 'station.mjs'), ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('exit', (code) => resolve({ code: code ?? -1, stdout, stderr, json: () => JSON.parse(stdout) as unknown }));
  });
}
