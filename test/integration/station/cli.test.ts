import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { normalizeNfcUid } from '../../../src-shared/domain/nfc-uid';
import { speckleTag } from '../../fixtures';
import { tempDir } from '../../helpers/tmp';
import { runStationAsync as station } from '../../helpers/peer';

// The CLI forms (README, "Command line") against the embedded sandbox (started in-process by each command that needs the service;
// docs/architecture.md, "The embedded sandbox").

const dir = tempDir('core-cli-');
const data = join(dir.path, 'data');
afterAll(() => dir.remove());

describe('station CLI with the embedded sandbox', () => {
  let reelId = '';
  let apiKey = '';

  it('connects to the sandbox; the API key sits in a 0600 file and never in output', async () => {
    const out = await station(['--data', data, '--json', 'connect', '--sandbox']);
    expect(out.code).toBe(0);
    const profile = out.json() as { kind: string; profileId: string; orgId: string };
    expect(profile.kind).toBe('sandbox');
    const keyFile = join(data, 'keys', `${profile.profileId}.key`);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    apiKey = readFileSync(keyFile, 'utf8');
    expect(apiKey.length).toBeGreaterThan(10);
    expect(out.stdout + out.stderr).not.toContain(apiKey);
    expect(readFileSync(join(data, 'station.sqlite3')).includes(Buffer.from(apiKey))).toBe(false);
  }, 120_000);

  it('creates a Reel offline-capable and enrolls Labels with every identifier kind', async () => {
    const created = await station(['--data', data, '--json', 'reel', 'create', '--name', 'CLI reel', '--expect', 'TEXT=1,SVC=1,QR=1']);
    expect(created.code).toBe(0);
    reelId = (created.json() as { reelId: string }).reelId;
    const svc = join(dir.path, 'tag.jpg');
    writeFileSync(svc, await speckleTag(31, { width: 640, height: 480, format: 'jpeg' }));
    const enrolled = await station([
      '--data',
      data,
      '--json',
      'enroll',
      '--reel',
      reelId,
      '--position',
      '1',
      '--text',
      'CLI-1',
      '--qr',
      'cq1',
      '--data-matrix',
      'dm1',
      '--bar-code',
      'bc1',
      '--nfc',
      '04aabbcc',
      '--svc',
      svc,
      '--indexing',
      'none',
    ]);
    expect(enrolled.code).toBe(0);
    expect(enrolled.json()).toMatchObject({ state: 'queued' });
    expect((enrolled.json() as { labelId: string }).labelId).toMatch(/^[0-9a-f-]{36}$/);
    const bad = await station(['--data', data, '--json', 'enroll', '--reel', reelId, '--position', 'x']);
    expect(bad.code).toBe(2);
  }, 120_000);

  it("refuses an NFC UID a reader would refuse, with the reader's words (src-shared/domain/nfc-uid.ts)", async () => {
    const refusal = normalizeNfcUid('04:a1:b2');
    if (refusal.ok) throw new Error('a 3-byte UID must be refused');
    const short = await station(['--data', data, 'enroll', '--reel', reelId, '--position', '9', '--text', 'CLI-9', '--nfc', '04:a1:b2']);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain(refusal.reason);
  }, 120_000);

  it('an invalid print-data file enrolls nothing and names each bad row', async () => {
    const csv = join(dir.path, 'bad.csv');
    writeFileSync(csv, 'position,text,qr,nfc\n2,CLI-2,q2,\nthree,CLI-3,,\n4,,,\n5,CLI-5,,nothex\n');
    const out = await station(['--data', data, 'import', '--reel', reelId, csv]);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('line 3 (position three)');
    expect(out.stderr).toContain('line 4 (position 4): no value at all');
    expect(out.stderr).toContain('line 5 (position 5): NFC "nothex" is not a hex UID: "n" is not a hex digit');
    const queue = await station(['--data', data, '--json', 'queue']);
    expect((queue.json() as { counts: { pending: number } }).counts.pending).toBe(2);
  }, 120_000);

  it('imports print data, syncs until idle, and shows the Reel with service ids', async () => {
    const csv = join(dir.path, 'good.csv');
    writeFileSync(csv, 'position,text,qr\n2,CLI-2,q2\n3,CLI-3,q3\n');
    const imported = await station(['--data', data, '--json', 'import', '--reel', reelId, csv]);
    expect(imported.json()).toMatchObject({ rows: 2, queued: 2, expected: 0, reading: { encoding: 'utf-8', separator: ',' }, missingColumns: [] });
    const expectedOnly = join(dir.path, 'expected.csv');
    writeFileSync(expectedOnly, 'position,text,qr\n4,CLI-4,q4\n');
    expect((await station(['--data', data, '--json', 'import', '--reel', reelId, expectedOnly, '--expected-only'])).json()).toMatchObject({
      rows: 1,
      queued: 0,
      expected: 1,
    });
    // German Excel's CSV is Windows-1252: read as UTF-8 by the user's choice, its "ö" cannot be read and the file is
    // refused, naming the line (docs/print-run.md, "Files as shops save them").
    const excel = join(dir.path, 'excel.csv');
    writeFileSync(excel, Buffer.from('position;text\r\n5;W\xf68-000005\r\n', 'latin1'));
    const forced = await station(['--data', data, 'import', '--reel', reelId, excel, '--expected-only', '--encoding', 'utf-8']);
    expect(forced.code).toBe(1);
    expect(forced.stderr).toContain('line 2 (position 5): a character could not be read (shown as \uFFFD; the file was read as UTF-8, separated by ;)');
    expect((await station(['--data', data, 'import', '--reel', reelId, excel, '--separator', 'pipe'])).stderr).toContain(
      '--separator is one of comma, semicolon, tab.',
    );

    const synced = await station(['--data', data, '--json', 'sync', '--until-idle', '--timeout', '60']);
    expect(synced.json()).toEqual({ done: 4, pending: 0, attention: 0 });
    expect(synced.code).toBe(0);

    const shown = await station(['--data', data, '--json', 'reel', 'show', reelId]);
    const reel = shown.json() as {
      serviceId: string;
      labels: { position: number; state: string; serviceId: string | null; identifiers: { tagType: string; value?: string }[] }[];
    };
    expect(reel.serviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(reel.labels.map((l) => [l.position, l.state])).toEqual([
      [1, 'enrolled'],
      [2, 'enrolled'],
      [3, 'enrolled'],
      [4, 'expected'],
    ]);
    expect(reel.labels[0]?.identifiers.map((i) => i.tagType).sort()).toEqual(['BAR_CODE', 'DATA_MATRIX', 'NFC', 'QR', 'SVC', 'TEXT']);
    expect(reel.labels[0]?.identifiers.find((i) => i.tagType === 'NFC')?.value).toBe('04AABBCC');
    // The capture is content-addressed under captures/ab/cdef….jpg.
    const shard = readdirSync(join(data, 'captures')).find((d) => /^[0-9a-f]{2}$/.test(d)) as string;
    expect(readdirSync(join(data, 'captures', shard)).some((f) => /^[0-9a-f]{62}\.jpg$/.test(f))).toBe(true);
    const human = await station(['--data', data, 'status']);
    expect(human.stdout).toContain('done 4');
  }, 120_000);

  it('previews and runs a move, and dry-runs a bulk-bind with its blockers', async () => {
    const preview = await station(['--data', data, '--json', 'move', '--reel', reelId, '--from', '2', '--to', '3', '--new-reel', 'CLI tail', '--preview']);
    expect(preview.code).toBe(0);
    expect(preview.json()).toMatchObject({ count: 2 });
    const dry = await station([
      '--data',
      data,
      '--json',
      'bulk-bind',
      '--reel',
      reelId,
      '--from',
      '1',
      '--to',
      '2',
      '--threads',
      '00000000-0000-4000-8000-00000000000a,00000000-0000-4000-8000-00000000000b',
      '--dry-run',
    ]);
    expect(dry.code).toBe(3);
    expect((dry.json() as { blockers: { kind: string }[] }).blockers.length).toBeGreaterThan(0);
    const moved = await station(['--data', data, '--json', 'move', '--reel', reelId, '--from', '2', '--to', '3', '--new-reel', 'CLI tail']);
    expect(moved.json()).toMatchObject({ state: 'done', attention: null });
    const source = (await station(['--data', data, '--json', 'reel', 'show', reelId])).json() as { labels: { position: number; state: string }[] };
    // The Labels at 2 and 3 left; their positions' print data stays (docs/sync.md, "Print data stays with the position").
    expect(source.labels.filter((l) => l.state !== 'expected').map((l) => l.position)).toEqual([1]);
    expect(source.labels.filter((l) => l.state === 'expected').map((l) => l.position)).toEqual([2, 3, 4]);
  }, 180_000);
});
