import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLabelChanges } from '../../../src-shared/domain/reel-changes';
import type { LabelView } from '../../../src-shared/ipc/reels';
import { connectedStation, runStationAsync, startPeer, stopPeerAndStation, type Peer, type TestStation } from '../../helpers/peer';
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
    for (const since of ['nonsense', '999999.0', '0.999999']) {
      const answer = await bench().call('reels.showChanged', { reelId, since });
      expect(answer.read).toBe('all');
      expect(answer.labels).toHaveLength(6);
    }
  });
});
