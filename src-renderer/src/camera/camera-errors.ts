/** Why the camera could not be used; callers branch on `code` (the getUserMedia error name, or ours). */
export class CameraError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'CameraError';
    this.code = code;
  }
}

const ADVICE: Record<string, string> = {
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
  return new CameraError(name, ADVICE[name] ?? `The camera failed (${detail}): try again, or re-plug it.`);
}
