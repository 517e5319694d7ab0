import { cpSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLabelChanges } from '../../../src-shared/domain/reel-changes';
import type { LabelView } from '../../../src-shared/ipc/reels';
import { connectedStation, openStation, runStationAsync, startPeer, stopPeerAndStation, type Peer, type TestStation } from '../../helpers/peer';
import { tempDir } from '../../helpers/tmp';

// A Reel read again by a screen that holds it (docs/sync.md, "Refreshing"): `reels.showChanged` with the version held
// answers only the Labels changed since, none when nothing changed, whoever wrote them: another bench through the
// service (the sandbox through the fault and wire-variance proxies), another process on this bench's data folder
// (the CLI beside the running station), this station itself. What the held answer becomes with the changes applied is
// what reels.show answers in full.

let peer: Peer | undefined;
let a: (TestStation & { remove(): void }) | undefined;
const other = tempDir('reel-refresh-b-');

async function cli<T>(data: string, ...args: string[]): Promise<T> {
  const out = await runStationAsync(['--data', data, '--json', ...args]);
  expect(out.code, `${args.join(' ')}: ${out.stdout}${out.stderr}`).toBe(0);
  return out.json() as T;
}

const bench = () => a as TestStation;

beforeAll(async () => {
  peer = await startPeer();
  a = await connectedStation(peer);
  const { apiKey, orgId, teamId } = peer.sandbox;
  await cli(other.path, 'connect', '--base-url', peer.proxy.url, '--api-key', apiKey, '--org', orgId, '--team', teamId);
}, 120_000);
afterAll(() => stopPeerAndStation(peer, a, other));

describe('a Reel read again with the version held', () => {
  let reelId = '';
  let serviceId = '';
  let held: LabelView[] = [];
  let version = '';

  /** Reads the Reel since the version held; applies what came to the Labels held; checks them against reels.show. */
  async function readAgain(): Promise<{ read: 'all' | 'since'; changed: LabelView[]; gone: string[] }> {
    const answer = await bench().call('reels.showChanged', { reelId, since: version });
    const changed = answer.labels;
    const gone = answer.read === 'since' ? answer.gone : [];
    held = answer.read === 'all' ? answer.labels : withLabelChanges(held, answer.labels, answer.gone);
    version = answer.version;
    const whole = await bench().call('reels.show', { reelId, refresh: false });
    expect(held).toEqual(whole.labels);
    return { read: answer.read, changed, gone };
  }

  const positions = (labels: LabelView[]) => labels.map((l) => [l.position, l.origin, l.identifiers.find((i) => i.tagType === 'TEXT')?.value]);

  it('the first read carries every Label; read again with nothing changed, none', async () => {
    ({ reelId } = await bench().call('reels.create', { name: 'Refresh reel', expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] }));
    for (const position of [1, 2, 3]) await bench().call('labels.enroll', { reelId, position, identifiers: [{ tagType: 'TEXT', value: `A-${position}` }] });
    expect(await bench().call('sync.run', { untilIdle: true, timeoutSeconds: 60 })).toMatchObject({ pending: 0, attention: 0 });
    serviceId = (await bench().call('reels.show', { reelId })).serviceId ?? '';
    expect(serviceId).not.toBe('');

    const first = await bench().call('reels.showChanged', { reelId });
    expect(first.read).toBe('all');
    expect(positions(first.labels)).toEqual([1, 2, 3].map((p) => [p, 'here', `A-${p}`]));
    held = first.labels;
    version = first.version;

    const again = await readAgain();
    expect(again).toEqual({ read: 'since', changed: [], gone: [] });
    expect(await readAgain()).toEqual({ read: 'since', changed: [], gone: [] });
  }, 120_000);

  it('another bench enrolled a Label through the service: the read carries it alone', async () => {
    const opened = await cli<{ reelId: string }>(other.path, 'reel', 'open', serviceId);
    await cli(other.path, 'enroll', '--reel', opened.reelId, '--position', '4', '--text', 'B-4');
    await cli(other.path, 'sync', '--until-idle', '--timeout', '60');

    const read = await readAgain();
    expect(read.read).toBe('since');
    expect(positions(read.changed)).toEqual([[4, 'elsewhere', 'B-4']]);
    expect(read.gone).toEqual([]);
    expect(await readAgain()).toEqual({ read: 'since', changed: [], gone: [] });
  }, 120_000);

  it('another process on this bench’s data folder enrolled one: the read carries it alone', async () => {
    await cli(bench().dataDir, 'enroll', '--reel', reelId, '--position', '5', '--text', 'A-5');
    const read = await readAgain();
    expect(read.read).toBe('since');
    expect(read.changed.map((l) => [l.position, l.state, l.identifiers[0]?.value])).toEqual([[5, 'queued', 'A-5']]);
    expect(await readAgain()).toEqual({ read: 'since', changed: [], gone: [] });
  }, 120_000);

  it('a Label that left the Reel is named gone; print data read again whole', async () => {
    const five = held.find((l) => l.position === 5) as LabelView;
    const { reelId: elsewhere } = await bench().call('reels.create', { name: 'Refresh reel 2', expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] });
    await bench().call('labels.move', { reelId, fromPosition: 5, target: { reelId: elsewhere } });
    // The move is made here once the service made it.
    expect(await bench().call('sync.run', { untilIdle: true, timeoutSeconds: 60 })).toMatchObject({ pending: 0, attention: 0 });
    const moved = await readAgain();
    expect(moved).toEqual({ read: 'since', changed: [], gone: [five.labelId] });
    expect(held.map((l) => l.position)).toEqual([1, 2, 3, 4]);

    // Print data moves every Label's check: the whole Reel comes again.
    await bench().call('labels.import', { reelId, csv: 'position,text\n6,A-6\n7,A-7', expectedOnly: true });
    const printed = await readAgain();
    expect(printed.read).toBe('all');
    expect(held.map((l) => [l.position, l.state])).toEqual([
      [1, 'enrolled'],
      [2, 'enrolled'],
      [3, 'enrolled'],
      [4, 'enrolled'],
      [6, 'expected'],
      [7, 'expected'],
    ]);
    expect(await readAgain()).toEqual({ read: 'since', changed: [], gone: [] });
  }, 120_000);

  it('a version that is not one of this Reel’s reads it whole', async () => {
    const [opening] = version.split('.');
    for (const since of ['nonsense', '999999.0', '0.999999', `${opening}.999999.0`, `${opening}.0.999999`]) {
      const answer = await bench().call('reels.showChanged', { reelId, since });
      expect(answer.read).toBe('all');
      expect(answer.labels).toHaveLength(6);
    }
  });
});

describe('a version from another run of the station', () => {
  it('a data folder restored from a backup counts its versions again: a screen holding one from before reads the Reel whole', async () => {
    const s = await connectedStation(peer as Peer);
    const backup = tempDir('reel-refresh-backup-');
    let station: TestStation = s;
    const enroll = async (values: Record<number, string>) => {
      for (const [position, value] of Object.entries(values))
        await station.call('labels.enroll', { reelId, position: Number(position), identifiers: [{ tagType: 'TEXT', value }] });
    };
    let reelId = '';
    try {
      ({ reelId } = await station.call('reels.create', { name: 'Restored reel', expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] }));
      await enroll({ 1: 'R-1', 2: 'R-2' });
      await station.close();
      cpSync(s.dataDir, backup.path, { recursive: true });

      // The station runs on: two more Labels, and a screen holds the Reel at that version.
      station = await openStation(s.dataDir);
      await enroll({ 3: 'LOST-3', 4: 'LOST-4' });
      const held = await station.call('reels.showChanged', { reelId });
      await station.close();

      // The folder is restored from the backup, and the station enrolls two other Labels at the same positions: the
      // store's counters reach the numbers the screen holds, for other rows.
      rmSync(s.dataDir, { recursive: true, force: true });
      cpSync(backup.path, s.dataDir, { recursive: true });
      station = await openStation(s.dataDir);
      await enroll({ 3: 'NEW-3', 4: 'NEW-4' });
      const again = await station.call('reels.showChanged', { reelId, since: held.version });
      expect(again.read).toBe('all');
      expect(again.labels.map((l) => l.identifiers.find((i) => i.tagType === 'TEXT')?.value)).toEqual(['R-1', 'R-2', 'NEW-3', 'NEW-4']);
    } finally {
      await station.close();
      s.remove();
      backup.remove();
    }
  }, 120_000);
});
