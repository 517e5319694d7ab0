import PQueue from 'p-queue';
import type { RunningSandbox } from '../../src-sandbox';
import { createServiceClient } from '../../src-main/service';
import { createStation, type Station } from '../../src-main/station';

// What the drain benches share: the raw client sending enrollments at a fixed concurrency (their baseline), and a
// station connected to a service URL (the sandbox itself, or a proxy in front of it).

export type Call = (name: string, input: unknown) => Promise<Record<string, unknown>>;

/** Labels per second of the bare service client sending `count` enrollments to a new Reel at a fixed concurrency. */
export async function rawEnrollRate(baseUrl: string, sandbox: RunningSandbox, concurrency: number, count: number, tag: string): Promise<number> {
  const client = createServiceClient({ baseUrl, apiKey: sandbox.apiKey, orgId: sandbox.orgId, teamId: sandbox.teamId });
  const reel = await client.reels.create({ name: `raw ${tag}` });
  if (!reel) throw new Error('the sandbox answered the Reel create without the Reel');
  const queue = new PQueue({ concurrency });
  const started = performance.now();
  for (let n = 1; n <= count; n += 1) {
    void queue.add(() =>
      client.labels.enroll(reel.collectionId, {
        position: n,
        identifiers: [
          { tagType: 'TEXT', value: `${tag}-${n}` },
          { tagType: 'QR', value: `${tag}-q${n}` },
        ],
        options: { indexing: 'default' },
      }),
    );
  }
  await queue.onIdle();
  return (count / (performance.now() - started)) * 1000;
}

/** A station (no background sync; file paths allowed) connected to `baseUrl` with the sandbox's credentials. */
export async function benchStation(dataDir: string, baseUrl: string, sandbox: RunningSandbox): Promise<{ station: Station; call: Call }> {
  const station = await createStation({ dataDir, autoSync: false, allowFilePaths: true });
  const call: Call = async (name, input) => {
    const envelope = await station.call(name, input);
    if (!envelope.ok) throw new Error(`${name}: ${envelope.error.message}`);
    return envelope.value as Record<string, unknown>;
  };
  await call('profiles.connect', { kind: 'remote', baseUrl, apiKey: sandbox.apiKey, orgId: sandbox.orgId, teamId: sandbox.teamId });
  return { station, call };
}
