/** Why the camera could not be used; callers branch on `code` (the getUserMedia error name, or ours). */
export class CameraError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'CameraError';
    this.code = code;
  }
}

/**
 * The getUserMedia/applyConstraints failures the station advises on: each has its words in the UI's catalogs
 * (`cameraErrors.<code>`); the English here is for the log (camera.sources.report).
 */
export const CAMERA_ERROR_CODES = ['NotFoundError', 'NotAllowedError', 'NotReadableError', 'OverconstrainedError', 'AbortError', 'SecurityError'] as const;

const ADVICE: Record<(typeof CAMERA_ERROR_CODES)[number], string> = {
  NotFoundError: 'No camera found: plug in the camera, then choose it again.',
  NotAllowedError: 'Camera access was denied: allow the station to use the camera.',
  NotReadableError: 'The camera is busy or failed: close other programs using it, or re-plug it.',
  OverconstrainedError: 'The camera cannot deliver the requested settings: choose another resolution.',
  AbortError: 'The camera stopped while starting: try again, or re-plug it.',
  SecurityError: 'The camera may not be used from this page: open the station from its own window or URL.',
};

/** A getUserMedia/applyConstraints failure as a CameraError that says what to do. */
export function cameraErrorFrom(error: unknown): CameraError {
  if (error instanceof CameraError) return error;
  // A station error (from camera.submitStill) already carries its code and advice.
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return new CameraError(error.code, error.message);
  const name = error instanceof Error ? error.name : 'CameraError';
  const detail = error instanceof Error ? error.message : String(error);
  const advice = (CAMERA_ERROR_CODES as readonly string[]).includes(name) ? ADVICE[name as (typeof CAMERA_ERROR_CODES)[number]] : undefined;
  return new CameraError(name, advice ?? `The camera failed (${detail}): try again, or re-plug it.`);
}
