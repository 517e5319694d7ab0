import type { TrackSettings } from '../../../src-shared/ipc';
import type { CameraCapabilities, CameraControls, MediaRange } from './media-types';

export function trackCapabilities(track: MediaStreamTrack): CameraCapabilities {
  return typeof track.getCapabilities === 'function' ? (track.getCapabilities() as CameraCapabilities) : {};
}

const clamp = (value: number, range: MediaRange) => Math.min(range.max, Math.max(range.min, value));

/**
 * The subset of `wanted` this camera supports, clamped to its ranges. Asking a camera for
 * a control it lacks makes applyConstraints fail, so unsupported controls are dropped.
 */
export function supportedControls(wanted: CameraControls, caps: CameraCapabilities): CameraControls {
  const out: CameraControls = {};
  if (wanted.zoom !== undefined && caps.zoom) out.zoom = clamp(wanted.zoom, caps.zoom);
  if (wanted.focusMode !== undefined && caps.focusMode?.includes(wanted.focusMode)) out.focusMode = wanted.focusMode;
  if (wanted.focusDistance !== undefined && caps.focusDistance) out.focusDistance = clamp(wanted.focusDistance, caps.focusDistance);
  if (wanted.exposureMode !== undefined && caps.exposureMode?.includes(wanted.exposureMode)) out.exposureMode = wanted.exposureMode;
  if (wanted.exposureTime !== undefined && caps.exposureTime) out.exposureTime = clamp(wanted.exposureTime, caps.exposureTime);
  if (wanted.exposureCompensation !== undefined && caps.exposureCompensation) {
    out.exposureCompensation = clamp(wanted.exposureCompensation, caps.exposureCompensation);
  }
  if (wanted.iso !== undefined && caps.iso) out.iso = clamp(wanted.iso, caps.iso);
  if (wanted.torch !== undefined && caps.torch) out.torch = wanted.torch;
  return out;
}

const NUMBERS = ['width', 'height', 'zoom', 'focusDistance', 'exposureTime', 'exposureCompensation', 'iso'] as const;

/** What the track reports now, in the contract's TrackSettings shape (main maps it to the spec's settings). */
export function reportedTrackSettings(track: MediaStreamTrack): TrackSettings {
  const raw = track.getSettings() as Record<string, unknown>;
  const out: TrackSettings = {};
  for (const key of NUMBERS) {
    const value = raw[key];
    if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
  }
  if (typeof raw.focusMode === 'string') out.focusMode = raw.focusMode;
  if (typeof raw.exposureMode === 'string') out.exposureMode = raw.exposureMode;
  if (typeof raw.torch === 'boolean') out.torch = raw.torch;
  if (Array.isArray(raw.pointsOfInterest)) {
    out.pointsOfInterest = (raw.pointsOfInterest as { x: unknown; y: unknown }[])
      .filter((p) => typeof p.x === 'number' && typeof p.y === 'number')
      .slice(0, 8) as { x: number; y: number }[];
  }
  return out;
}
