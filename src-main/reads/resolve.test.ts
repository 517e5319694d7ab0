import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/tmp';
import { openDatabase, type Db } from '../store/database';
import { newLabelRow, upsertLabels, type LocalLabel } from '../store/labels';
import { saveProfile } from '../store/profiles';
import { getReel, insertReel } from '../store/reels';
import { localMatches } from './resolve';

const dirs: { remove(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

function db(): Db {
  const dir = tempDir('resolve-');
  dirs.push(dir);
  const d = openDatabase({ dataDir: dir.path });
  saveProfile(d, { profileId: 'p', kind: 'remote', name: 'p', baseUrl: 'http://x', orgId: null, teamId: null, locale: null, declaredActor: null });
  insertReel(d, { reelId: 'r1', profileId: 'p', serviceId: null, name: 'R', description: null, collectionId: null, expectedIdentifiers: [], createOpId: null });
  return d;
}

const row = (position: number, patch: Partial<LocalLabel>): LocalLabel => newLabelRow({ labelId: `l${position}`, reelId: 'r1', position, ...patch });

describe('localMatches', () => {
  it('finds the Labels that read a value or whose print data names it, by the value rules (TEXT ignores case)', () => {
    const d = db();
    upsertLabels(d, [
      row(1, { expected: { QR: 'Q-1', TEXT: 'Alpha' } }),
      row(2, {
        state: 'queued',
        expected: { QR: 'Q-2' },
        identifiers: [
          { tagType: 'QR', value: 'Q-2' },
          { tagType: 'TEXT', value: 'Beta' },
        ],
      }),
      // Read a value printed for position 1: both positions hold it.
      row(3, { state: 'queued', identifiers: [{ tagType: 'QR', value: 'Q-1' }] }),
      row(4, { state: 'queued', identifiers: [{ tagType: 'NFC', value: '04AA' }] }),
    ]);
    const reels = [getReel(d, 'r1')!];
    const at = (tagType: string, value: string) => localMatches(d, reels, tagType, value).map((m) => m.position);
    expect(at('QR', 'Q-1').sort()).toEqual([1, 3]);
    // Read and printed at 2: one match.
    expect(at('QR', 'Q-2')).toEqual([2]);
    expect(at('TEXT', 'alpha')).toEqual([1]);
    expect(at('TEXT', 'BETA')).toEqual([2]);
    // Other types match byte for byte, and a value under another type is no match.
    expect(at('QR', 'q-1')).toEqual([]);
    expect(at('NFC', '04aa')).toEqual([]);
    expect(at('QR', '04AA')).toEqual([]);
    expect(localMatches(d, reels, 'NFC', '04AA')).toEqual([
      { reelId: 'r1', serviceReelId: null, position: 4, labelId: 'l4', serviceId: null, source: 'local', reelName: expect.any(String), archived: false },
    ]);
  });
});
