import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src-sandbox';
import { openStation, type TestStation } from '../../helpers/peer';
import { tempDir } from '../../helpers/tmp';

// The Reels list's filters end to end against the sandbox: shipped state asked of the service when online, as
// last read when not; filing a Reel into a collection; the print-data dry run.

describe('reels.list filters, filing and the print-data check against the sandbox', () => {
  const sandboxDir = tempDir('reels-filter-sandbox-');
  const stationDir = tempDir('reels-filter-station-');
  let sandbox: RunningSandbox;
  let s: TestStation;
  beforeAll(async () => {
    sandbox = await startSandbox({ dataDir: sandboxDir.path, port: 0 });
    s = await openStation(stationDir.path);
    await s.call('profiles.connect', { kind: 'remote', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, orgId: sandbox.orgId, teamId: sandbox.teamId });
  });
  afterAll(async () => {
    await s?.close();
    await sandbox?.close();
    stationDir.remove();
    sandboxDir.remove();
  });

  /** Ships a Reel on the service (the sandbox has no Shipment routes: its row gets transferred_at). */
  function ship(serviceId: string, at: string): void {
    const db = new Database(join(sandboxDir.path, 'sandbox.sqlite'));
    try {
      db.pragma('busy_timeout = 5000');
      expect(db.prepare("UPDATE collections SET transferred_at = ? WHERE collection_id = ? AND kind = 'reel'").run(at, serviceId).changes).toBe(1);
    } finally {
      db.close();
    }
  }

  const names = (list: { reels: { name: string }[] }) => list.reels.map((r) => r.name).sort();

  it('asks the service which Reels were shipped when online, and answers from the last read when not', async () => {
    const { collectionId } = await s.call('collections.create', { name: 'North line' });
    const shipped = await s.call('reels.create', { name: 'Shipped reel', description: 'went out' });
    const kept = await s.call('reels.create', { name: 'Kept reel', collectionId });
    await s.call('sync.run', { untilIdle: true, timeoutSeconds: 30 });
    // Created after the sync: local only, never shipped.
    const local = await s.call('reels.create', { name: 'Local reel' });
    const shippedId = (await s.call('reels.show', { reelId: shipped.reelId, refresh: false })).serviceId as string;
    expect(shippedId).toBeTruthy();
    const at = new Date(Date.now() - 60_000).toISOString();
    ship(shippedId, at);

    // The station has not read it yet: only asking the service tells.
    expect((await s.call('reels.list', {})).reels.find((r) => r.reelId === shipped.reelId)?.transferredAt).toBeNull();
    const only = await s.call('reels.list', { transferred: 'only' });
    expect(only.transferredFrom).toBe('service');
    expect(names(only)).toEqual(['Shipped reel']);
    expect(only.reels[0]?.transferredAt).toBe(at);
    const hide = await s.call('reels.list', { transferred: 'hide' });
    expect(names(hide)).toEqual(['Kept reel', 'Local reel']);

    // Search and filing are the local rule, combined with the shipped state.
    expect(names(await s.call('reels.list', { q: 'WENT' }))).toEqual(['Shipped reel']);
    expect(names(await s.call('reels.list', { collectionId }))).toEqual(['Kept reel']);
    expect(names(await s.call('reels.list', { unfiled: true, transferred: 'hide' }))).toEqual(['Local reel']);
    await expect(s.call('reels.list', { collectionId, unfiled: true })).rejects.toThrow(/not both/);

    // Filing a Reel into a collection (and out again) is queued and shows at once.
    await s.call('reels.update', { reelId: local.reelId, collectionId });
    expect(names(await s.call('reels.list', { collectionId }))).toEqual(['Kept reel', 'Local reel']);
    await s.call('reels.update', { reelId: kept.reelId, collectionId: null });
    expect(names(await s.call('reels.list', { collectionId }))).toEqual(['Local reel']);
    await expect(s.call('reels.update', { reelId: kept.reelId, collectionId: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow(/No Label Collection/);
    await s.call('sync.run', { untilIdle: true, timeoutSeconds: 30 });
    expect((await s.call('station.status', {})).queue.attention).toBe(0);

    // Offline: the shipped state as last read from the service (saved by the list above).
    await sandbox.close();
    const offline = await s.call('reels.list', { transferred: 'only' });
    expect(offline.transferredFrom).toBe('local');
    expect(names(offline)).toEqual(['Shipped reel']);
    expect(offline.reels[0]?.transferredAt).toBe(at);
    expect(names(await s.call('reels.list', { transferred: 'hide' }))).toEqual(['Kept reel', 'Local reel']);
  }, 60_000);

  it('checks print data like the import, names every bad row, and writes nothing', async () => {
    const { reelId } = await s.call('reels.create', { name: 'Print reel', expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] });
    await s.call('labels.enroll', { reelId, position: 2, identifiers: [{ tagType: 'TEXT', value: 'P-2' }] });
    const good = await s.call('reels.checkPrintData', { reelId, csv: 'position,text\n1,P-1\n3,P-3\n', expectedOnly: true });
    const fine = { badRows: [], badRowCount: 0, fileProblems: [], fileIssues: [], missingColumns: [], contradicted: [], contradictedCount: 0 };
    const reading = { encoding: null, bom: false, encodingCertain: true, separator: ',', separatorCertain: true };
    expect(good).toEqual({ ok: true, rows: 2, ...fine, reading });
    // As print data only, an enrolled position is fine: the import takes it (expected values only).
    expect(await s.call('reels.checkPrintData', { reelId, csv: 'position,text\n2,P-2\n', expectedOnly: true })).toEqual({
      ok: true,
      rows: 1,
      ...fine,
      reading,
    });
    // Print data that contradicts the Label enrolled at 2 names it before the import; a semicolon file is read as one.
    expect(await s.call('reels.checkPrintData', { reelId, csv: 'position;text\n2;P-22\n', expectedOnly: true })).toEqual({
      ok: true,
      rows: 1,
      ...fine,
      reading: { ...reading, separator: ';' },
      contradicted: [{ line: 2, position: 2, tagType: 'TEXT', carries: 'P-2', printed: 'P-22' }],
      contradictedCount: 1,
    });
    // The Reel prints TEXT: a file without a text column is named.
    const noText = await s.call('reels.checkPrintData', { reelId, csv: 'position,qr\n1,Q-1\n', expectedOnly: true });
    expect(noText).toMatchObject({ ok: true, missingColumns: ['text'] });

    const bad = await s.call('reels.checkPrintData', { reelId, csv: 'position,text,nfc\n1,P-1,\nx,P-9,\n1,P-1b,\n2,P-2,\n4,P-4,ZZ\n5,,\n' });
    expect(bad.ok).toBe(false);
    // Every rule in one pass: the row for position 2 (enrolled) is named along with the others.
    expect(bad.badRows.map((r) => r.line)).toEqual([3, 4, 5, 6, 7]);
    expect(bad.badRowCount).toBe(5);
    expect(bad.badRows[0]?.problems.join()).toMatch(/not a whole number/);
    expect(bad.badRows[1]?.problems.join()).toMatch(/also on line 2/);
    expect(bad.badRows[2]?.problems.join()).toMatch(/position 2 already holds a Label \(queued\)/);
    expect(bad.badRows[3]?.problems.join()).toMatch(/not a hex UID/);
    expect(bad.badRows[4]?.problems.join()).toMatch(/no value/);

    // A position already holding a Label is refused, as the import refuses it.
    const taken = await s.call('reels.checkPrintData', { reelId, csv: 'position,text\n2,P-2\n' });
    expect(taken.badRows).toEqual([
      {
        line: 2,
        position: '2',
        problems: ['position 2 already holds a Label (queued)'],
        issues: [{ code: 'positionTaken', params: { position: 2, state: 'queued', elsewhere: 0 } }],
      },
    ]);
    await expect(s.call('labels.import', { reelId, csv: 'position,text\n2,P-2\n' })).rejects.toThrow(/position 2 already holds a Label/);

    const file = await s.call('reels.checkPrintData', { reelId, csv: 'pos,text\n1,A\n' });
    expect(file.ok).toBe(false);
    expect(file.fileProblems.join(' ')).toMatch(/no "position" column/);

    // Nothing was written by the checks.
    expect((await s.call('reels.show', { reelId, refresh: false })).labels.map((l) => l.position)).toEqual([2]);
  });
});
