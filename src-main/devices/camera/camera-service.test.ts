import { describe, expect, it } from 'vitest';
import { CameraSettingsPatchSchema, DEFAULT_CAMERA_SETTINGS, type CameraSettings } from '../../../src-shared/ipc/camera';
import { createCameraService } from './camera-service';

// Camera settings in the settings table: older saved settings stay valid as the schema
// grows (manual controls), and patches merge thresholds but replace the controls.

function service(saved: unknown) {
  const writes: CameraSettings[] = [];
  const camera = createCameraService({
    dataDir: '/nonexistent-camera-test',
    settings: { load: () => saved, save: (value) => writes.push(value) },
    events: { captured: () => undefined, changed: () => undefined },
  });
  return { camera, writes };
}

describe('camera settings', () => {
  it('loads settings saved before manual controls existed', () => {
    const old = {
      cameraName: 'Bench Cam',
      resolution: { width: 1920, height: 1080 },
      thresholds: { ...DEFAULT_CAMERA_SETTINGS.thresholds, minFocus: 120 },
      watchFolder: { path: null, settleMs: 500 },
    };
    const { camera } = service(old);
    expect(camera.settings()).toMatchObject({ cameraName: 'Bench Cam', thresholds: { minFocus: 120 } });
    expect(camera.settings().controls).toBeUndefined();
  });

  it('merges threshold patches and replaces the manual controls as a whole', async () => {
    const { camera, writes } = service(undefined);
    await camera.updateSettings({ thresholds: { minFocus: 90, maxClippedHighlights: 0.2 }, controls: { zoom: 2, focusMode: 'manual', focusDistance: 0.3 } });
    expect(camera.settings().thresholds).toEqual({ ...DEFAULT_CAMERA_SETTINGS.thresholds, minFocus: 90, maxClippedHighlights: 0.2 });
    await camera.updateSettings({ thresholds: { minMeanLuminance: 40 }, controls: { exposureMode: 'continuous' } });
    expect(camera.settings()).toMatchObject({ thresholds: { minFocus: 90, minMeanLuminance: 40 }, controls: { exposureMode: 'continuous' } });
    expect(camera.settings().controls).toEqual({ exposureMode: 'continuous' });
    expect(writes.at(-1)).toEqual(camera.settings());
  });

  it('refuses unknown controls and out-of-range values at the boundary', () => {
    expect(CameraSettingsPatchSchema.safeParse({ controls: { torch: true } }).success).toBe(false);
    expect(CameraSettingsPatchSchema.safeParse({ controls: { zoom: 0 } }).success).toBe(false);
    expect(CameraSettingsPatchSchema.safeParse({ controls: { focusMode: 'sometimes' } }).success).toBe(false);
    expect(CameraSettingsPatchSchema.safeParse({ thresholds: { maxClippedShadows: 1.5 } }).success).toBe(false);
  });
});
