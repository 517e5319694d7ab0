import type { QualityMetrics } from '../../../src-shared/domain/image-quality';
import type { CaptureResult, StationApi, TrackSettings } from '../../../src-shared/ipc';
import { reportedTrackSettings, supportedControls, trackCapabilities } from './camera-controls';
import { findCamera, listCameras, type CameraInfo } from './camera-devices';
import { CameraError, cameraErrorFrom } from './camera-errors';
import { blobToBase64, grabStill, type Still } from './grab-still';
import type { CameraCapabilities, CameraControls } from './media-types';
import { PreviewMeter } from './preview-meters';

export interface OpenRequest {
  /** The saved camera name; null or unknown = the first camera. */
  name?: string | null;
  resolution?: { width: number; height: number };
  controls?: CameraControls;
}

/**
 * One camera on the bench: opens it by name through getUserMedia, exposes its live
 * stream for the preview, measures the preview, and sends full-resolution stills to main
 * (`camera.submitStill`), which runs the quality gate: the renderer only captures, main judges
 * and keeps the still.
 */
export class CameraCapture {
  readonly #station: StationApi;
  readonly #meter: PreviewMeter;
  readonly #video = document.createElement('video');
  #stream: MediaStream | undefined;
  #camera: CameraInfo | undefined;

  constructor(station: StationApi, options: { meterMaxSide?: number } = {}) {
    this.#station = station;
    this.#meter = new PreviewMeter(options.meterMaxSide);
    this.#video.muted = true;
    this.#video.playsInline = true;
  }

  get stream(): MediaStream | undefined {
    return this.#stream;
  }

  /** The open camera's name, as saved in the settings. */
  get cameraName(): string | undefined {
    return this.#camera?.name;
  }

  get track(): MediaStreamTrack | undefined {
    return this.#stream?.getVideoTracks()[0];
  }

  /** Opens the named camera (falling back to the first) at the requested resolution. Throws CameraError. */
  async open(request: OpenRequest = {}): Promise<CameraInfo> {
    this.close();
    try {
      const cameras = await listCameras();
      const camera = findCamera(cameras, request.name) ?? cameras[0];
      if (!camera) throw new CameraError('NotFoundError', 'No camera found: plug in the camera, then choose it again.');
      const resolution = request.resolution ?? { width: 1920, height: 1080 };
      this.#stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        // `zoom: true` asks for pan-tilt-zoom access as well: without it Chromium does not report
        // a camera's zoom range. A camera without zoom opens as before.
        video: {
          deviceId: { exact: camera.deviceId },
          width: { ideal: resolution.width },
          height: { ideal: resolution.height },
          zoom: true,
        } as MediaTrackConstraints,
      });
      this.#camera = camera;
      this.#video.srcObject = this.#stream;
      await this.#video.play();
      if (request.controls) await this.setControls(request.controls);
      return camera;
    } catch (error) {
      this.close();
      throw cameraErrorFrom(error);
    }
  }

  capabilities(): CameraCapabilities {
    const track = this.track;
    return track ? trackCapabilities(track) : {};
  }

  /** Applies the controls the camera supports (focus, exposure, zoom…); returns what was applied. */
  async setControls(wanted: CameraControls): Promise<CameraControls> {
    const track = this.#requireTrack();
    const applied = supportedControls(wanted, trackCapabilities(track));
    if (Object.keys(applied).length > 0) {
      try {
        await track.applyConstraints({ advanced: [applied as MediaTrackConstraintSet] });
      } catch (error) {
        throw cameraErrorFrom(error);
      }
    }
    return applied;
  }

  trackSettings(): TrackSettings {
    return reportedTrackSettings(this.#requireTrack());
  }

  /** Focus and exposure of the current preview frame; null before the first frame. */
  meters(): QualityMetrics | null {
    return this.#stream ? this.#meter.measure(this.#video) : null;
  }

  grabStill(): Promise<Still> {
    return grabStill(this.#requireTrack(), this.#video);
  }

  /** Takes a full-resolution still and has main judge and keep it. */
  async capture(): Promise<CaptureResult> {
    const still = await this.grabStill();
    return this.#station.call('camera.submitStill', {
      image: await blobToBase64(still.blob),
      mimeType: still.mimeType,
      camera: this.cameraName ?? 'camera',
      trackSettings: this.trackSettings(),
    });
  }

  close(): void {
    for (const track of this.#stream?.getTracks() ?? []) track.stop();
    this.#stream = undefined;
    this.#camera = undefined;
    this.#video.srcObject = null;
  }

  #requireTrack(): MediaStreamTrack {
    const track = this.track;
    if (!track || track.readyState !== 'live') throw new CameraError('CAMERA_NOT_OPEN', 'The camera is not open: choose a camera first.');
    return track;
  }
}
