import { describe, expect, it } from 'vitest';
import { supportedControls } from './camera-controls';
import { findCamera } from './camera-devices';

describe('supportedControls', () => {
  it('keeps only what the camera reports, clamped to its ranges', () => {
    const caps = { zoom: { min: 1, max: 4 }, focusMode: ['continuous', 'manual'], exposureCompensation: { min: -2, max: 2 } };
    expect(supportedControls({ zoom: 8, focusMode: 'manual', exposureMode: 'manual', exposureCompensation: -5, torch: true }, caps)).toEqual({
      zoom: 4,
      focusMode: 'manual',
      exposureCompensation: -2,
    });
  });

  it('asks nothing of a camera that reports no controls', () => {
    expect(supportedControls({ zoom: 2, focusMode: 'manual', focusDistance: 0.2, iso: 400 }, {})).toEqual({});
  });
});

describe('findCamera', () => {
  const cameras = [
    { name: 'Integrated Camera (04f2:b6d9)', deviceId: 'a1' },
    { name: 'Bench Cam 4K (046d:085e)', deviceId: 'b2' },
  ];

  it('finds the saved camera by name whatever its id is this session', () => {
    expect(findCamera(cameras, 'Bench Cam 4K (046d:085e)')?.deviceId).toBe('b2');
    expect(findCamera(cameras, ' bench cam 4k (046d:085e) ')?.deviceId).toBe('b2');
  });

  it('finds nothing for an unknown or unset name (the caller falls back to the first camera)', () => {
    expect(findCamera(cameras, 'Gone Cam')).toBeUndefined();
    expect(findCamera(cameras, null)).toBeUndefined();
  });
});
