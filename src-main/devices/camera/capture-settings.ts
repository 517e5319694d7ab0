import type { CaptureSettings, TrackSettings } from '../../../src-shared/ipc/camera';

/**
 * The video track's reported settings in the spec's words (spec: "Public page shapes",
 * scan `options.settings`). Only what the camera reported is filled; nothing is guessed.
 * Image Capture reports exposureTime in 100 µs units; the spec's exposureDuration is in
 * seconds. focusDistance (metres) has no counterpart among the spec's settings and is not sent.
 */
export function captureSettingsFromTrack(track: TrackSettings | undefined): CaptureSettings {
  if (!track) return {};
  const settings: CaptureSettings = {};
  if (track.zoom !== undefined) settings.zoom = track.zoom;
  if (track.focusMode !== undefined) settings.focusMode = track.focusMode;
  if (track.exposureTime !== undefined) settings.exposureDuration = track.exposureTime / 10_000;
  if (track.exposureCompensation !== undefined) settings.exposureValue = track.exposureCompensation;
  if (track.iso !== undefined) settings.iso = track.iso;
  if (track.torch !== undefined) settings.flashMode = track.torch ? 'torch' : 'off';
  const point = track.pointsOfInterest?.[0];
  if (point) {
    settings.focusX = point.x;
    settings.focusY = point.y;
  }
  return settings;
}
