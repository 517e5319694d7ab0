import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StationErrorCode } from '../../../src-shared/ipc/envelope';
import { speckleTag } from '../../fixtures';
import { tempDir } from '../../helpers/tmp';
import { labelFrame } from '../../helpers/frames';
import { openStation, type TestStation } from '../../helpers/peer';

// Security: a renderer must not make the core read an arbitrary file. Hosts with a renderer
// (web, Electron) create the station without `allowFilePaths`; the UI names a capture by the
// sha256 of an accepted camera still instead.

const dir = tempDir('core-capture-ref-');
let s: TestStation;
let reelId: string;
beforeAll(async () => {
  s = await openStation(join(dir.path, 'station'), { allowFilePaths: false });
  await s.call('profiles.connect', { kind: 'sandbox' });
  ({ reelId } = await s.call('reels.create', {
    name: 'Capture refs',
    expectedIdentifiers: [
      { tagType: 'SVC', count: 1 },
      { tagType: 'TEXT', count: 1 },
    ],
  }));
}, 60_000);
afterAll(async () => {
  await s.close();
  dir.remove();
});

describe('capture references without allowFilePaths', () => {
  it('refuses svcImagePath (and print-data paths) with STATION_INVALID_INPUT naming the field; nothing is written', async () => {
    const secret = join(dir.path, 'secret.jpg');
    writeFileSync(secret, await speckleTag(41, { width: 640, height: 480, format: 'jpeg' }));
    const enroll = await s.station.call('labels.enroll', { reelId, position: 1, identifiers: [{ tagType: 'TEXT', value: 'P-1' }], svcImagePath: secret });
    expect(enroll.ok).toBe(false);
    if (enroll.ok) return;
    expect(enroll.error.code).toBe(StationErrorCode.invalidInput);
    expect(enroll.error.detail).toEqual({ field: 'svcImagePath' });
    expect(enroll.error.message).toContain('svcImagePath');
    const show = await s.call('reels.show', { reelId });
    expect(JSON.stringify(show)).not.toContain('P-1');

    const imported = await s.station.call('labels.import', { reelId, path: join(dir.path, 'print.csv') });
    expect(imported.ok ? null : imported.error.detail).toEqual({ field: 'path' });
  });

  it('enrolls with the captureSha256 of a still the camera accepted', async () => {
    const still = await labelFrame({ seed: 42, qr: 'https://example.test/l/000042' });
    const capture = await s.call('camera.submitStill', { image: still.toString('base64'), mimeType: 'image/jpeg', camera: 'test camera' });
    expect(capture.accepted).toBe(true);
    const out = await s.call('labels.enroll', { reelId, position: 2, identifiers: [{ tagType: 'TEXT', value: 'P-2' }], captureSha256: capture.sha256 });
    expect(out.state).toBe('queued');
    const { items } = await s.call('queue.list', {});
    expect(items.some((i) => i.subject === out.labelId)).toBe(true);
    const { captures } = await s.call('labels.history', { labelId: out.labelId });
    expect(captures).toMatchObject([{ sha256: capture.sha256, current: true, thumbnail: expect.stringMatching(/^data:image\/jpeg;base64,/) }]);
  });

  it('an unknown captureSha256 is STATION_NOT_FOUND naming the field', async () => {
    const out = await s.station.call('labels.enroll', { reelId, position: 3, identifiers: [], captureSha256: 'a'.repeat(64) });
    expect(out.ok ? null : { code: out.error.code, detail: out.error.detail }).toEqual({ code: StationErrorCode.notFound, detail: { field: 'captureSha256' } });
  });
});
