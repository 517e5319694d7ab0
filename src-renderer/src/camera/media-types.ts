// Parts of the Media Capture and Image Capture specs that TypeScript's DOM library does not
// describe yet (pan/tilt/zoom, focus and exposure constraints; ImageCapture). Chromium has them.

export interface MediaRange {
  min: number;
  max: number;
  step?: number;
}

/** What a camera track can do, as getCapabilities() reports it (all optional: cameras differ). */
export interface CameraCapabilities {
  width?: MediaRange;
  height?: MediaRange;
  zoom?: MediaRange;
  focusMode?: string[];
  focusDistance?: MediaRange;
  exposureMode?: string[];
  exposureTime?: MediaRange;
  exposureCompensation?: MediaRange;
  iso?: MediaRange;
  torch?: boolean;
}

/** The controls the bench may set; each is applied only when the camera reports it. */
export interface CameraControls {
  zoom?: number;
  focusMode?: string;
  focusDistance?: number;
  exposureMode?: string;
  exposureTime?: number;
  exposureCompensation?: number;
  iso?: number;
  torch?: boolean;
}

interface ImageCaptureLike {
  takePhoto(): Promise<Blob>;
}

export type ImageCaptureConstructor = new (track: MediaStreamTrack) => ImageCaptureLike;

export function imageCaptureConstructor(): ImageCaptureConstructor | undefined {
  return (globalThis as { ImageCapture?: ImageCaptureConstructor }).ImageCapture;
}
