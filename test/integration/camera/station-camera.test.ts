// The camera commands through the station core, as every host calls them: contract
// validation at the boundary, the gate, the kept still, events and persisted settings.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findIncomingStill } from '../../../src-main/devices/camera';
import { createStation, type Station } from '../../../src-main/station';
import { CameraSettingsSchema, CaptureResultSchema, type Envelope } from '../../../src-shared/ipc';
import { tempDir } from '../../helpers/tmp';
import { blurred, labelFrame } from '../../helpers/frames';

let frame: Buffer;
beforeAll(async () => {
  frame = await labelFrame({ seed: 31, qr: 'https://example.test/l/000031' });
});

const dir = tempDir('camera-station-');
const open: Station[] = [];
afterEach(async () => {
  for (const station of open.splice(0)) await station.close();
});
afterAll(() => dir.remove());

async function station(): Promise<Station> {
  const s = await createStation({ dataDir: dir.path });
  open.push(s);
  return s;
}

function value(envelope: Envelope): unknown {
  if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
  return envelope.value;
}

const track = { width: 1600, height: 1200, zoom: 2, focusMode: 'manual', exposureTime: 100, torch: false, pointsOfInterest: [{ x: 0.5, y: 0.4 }] };

describe('camera.submitStill', () => {
  it('gates the still, keeps it by sha256 with the spec capture settings, and emits camera.captured', async () => {
    const s = await station();
    const events: [string, unknown][] = [];
    s.subscribe((name, payload) => events.push([name, payload]));
    const result = CaptureResultSchema.parse(
      value(
        await s.call('camera.submitStill', {
          image: frame.toString('base64'),
          mimeType: 'image/jpeg',
          camera: 'Bench Cam 4K (046d:085e)',
          trackSettings: track,
        }),
      ),
    );
    expect(result).toMatchObject({ accepted: true, stored: true, source: 'camera', device: 'Bench Cam 4K (046d:085e)', width: 1600, height: 1200 });
    expect(result.barcodes).toEqual([{ tagType: 'QR', value: 'https://example.test/l/000031', format: 'QRCode' }]);
    expect(result.options.settings).toEqual({ zoom: 2, focusMode: 'manual', exposureDuration: 0.01, flashMode: 'off', focusX: 0.5, focusY: 0.4 });
    const kept = await findIncomingStill(dir.path, result.sha256);
    expect(kept && readFileSync(kept.path).equals(frame)).toBe(true);
    expect(kept?.result.options.settings.zoom).toBe(2);
    expect(events).toContainEqual(['camera.captured', result]);
  });

  it('refuses a blurred still with the reason and does not keep it', async () => {
    const s = await station();
    const result = CaptureResultSchema.parse(
      value(await s.call('camera.submitStill', { image: (await blurred(frame, 4)).toString('base64'), mimeType: 'image/jpeg', camera: 'cam' })),
    );
    expect(result).toMatchObject({ accepted: false, stored: false });
    expect(result.reasons[0]?.code).toBe('TOO_BLURRY');
    expect(await findIncomingStill(dir.path, result.sha256)).toBeUndefined();
  });

  it('rejects input that is not base64, a wrong type or a missing camera name at the boundary', async () => {
    const s = await station();
    for (const input of [
      { image: 'not base64!', mimeType: 'image/jpeg', camera: 'cam' },
      { image: frame.toString('base64'), mimeType: 'image/gif', camera: 'cam' },
      { image: frame.toString('base64'), mimeType: 'image/jpeg' },
    ]) {
      const envelope = await s.call('camera.submitStill', input);
      expect(envelope.ok).toBe(false);
      if (!envelope.ok) expect(envelope.error.code).toBe('STATION_INVALID_INPUT');
    }
  });
});

describe('camera settings', () => {
  it('persists the chosen camera by name, resolution and thresholds across a restart', async () => {
    const first = await station();
    const defaults = CameraSettingsSchema.parse(value(await first.call('camera.settings.get', {})));
    expect(defaults.cameraName).toBeNull();
    const set = CameraSettingsSchema.parse(
      value(
        await first.call('camera.settings.set', {
          cameraName: 'Bench Cam 4K (046d:085e)',
          resolution: { width: 3840, height: 2160 },
          thresholds: { minFocus: 300 },
        }),
      ),
    );
    expect(set.thresholds).toEqual({ ...defaults.thresholds, minFocus: 300 });
    await first.close();
    open.splice(0);
    const second = await station();
    expect(value(await second.call('camera.settings.get', {}))).toEqual(set);
    const strict = CaptureResultSchema.parse(
      value(await second.call('camera.submitStill', { image: (await blurred(frame, 2)).toString('base64'), mimeType: 'image/jpeg', camera: 'cam' })),
    );
    expect(strict.reasons.map((r) => r.code)).toEqual(['TOO_BLURRY']);
  });

  it('records the cameras the renderer sees and announces the change', async () => {
    const s = await station();
    const events: string[] = [];
    s.subscribe((name) => events.push(name));
    const status = value(await s.call('camera.sources.report', { cameras: [{ name: 'A' }, { name: 'B' }], active: 'B', error: null }));
    expect(status).toMatchObject({ sources: { cameras: [{ name: 'A' }, { name: 'B' }], active: 'B', error: null } });
    expect(events).toContain('camera.changed');
    expect(value(await s.call('camera.status', {}))).toEqual(status);
  });
});
