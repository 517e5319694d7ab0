import type { DeviceStatusCode } from '../../src-shared/ipc/devices';
import type { Discovered, StatusUpdate } from './sink';

/**
 * What the camera service knows about its sources (the renderer reports the cameras
 * Chromium sees, by name; the watch folder is main's). Structurally the camera
 * contract's status, so the supervisor can list cameras beside scanners and readers.
 */
export interface CameraReport {
  sources: {
    cameras: readonly { name: string }[];
    active: string | null;
    error: { code: string; message: string } | null;
  };
  watchFolder: { state: 'off' | 'watching' | 'error'; path: string | null; error?: string | undefined };
}

export interface CameraDevice {
  device: Discovered;
  status: StatusUpdate;
}

export const WATCH_FOLDER_DEVICE = 'camera:watch-folder';
export const CAMERA_SOURCES_DEVICE = 'camera';
const cameraDeviceId = (name: string) => `camera:${name}`;

/**
 * The camera devices a report describes, given the camera names seen before (a camera
 * that went away stays listed as unplugged, so its slot survives a re-plug; cameras are
 * matched by name because device ids change every session — docs/devices.md, "Cameras").
 */
export function cameraDevices(report: CameraReport, known: { names: ReadonlySet<string>; sourcesDevice: boolean }): CameraDevice[] {
  const out: CameraDevice[] = [];
  const seen = new Set(report.sources.cameras.map((c) => c.name));
  for (const name of new Set([...known.names, ...seen])) {
    const device: Discovered = { id: cameraDeviceId(name), kind: 'camera', transport: 'media', name };
    if (!seen.has(name)) {
      out.push({
        device,
        status: { state: 'disconnected', code: 'UNPLUGGED', reason: `Camera "${name}" is not seen any more. Plug it in again; it is found by its name.` },
      });
    } else out.push({ device, status: { state: report.sources.active === name ? 'reading' : 'connected' } });
  }
  if (report.sources.error) {
    const code: DeviceStatusCode = report.sources.error.code === 'NotFoundError' ? 'PORT_ABSENT' : 'OPEN_FAILED';
    out.push({
      device: { id: CAMERA_SOURCES_DEVICE, kind: 'camera', transport: 'media', name: 'Cameras' },
      status: { state: 'error', code, reason: report.sources.error.message },
    });
  } else if (known.sourcesDevice) {
    out.push({ device: { id: CAMERA_SOURCES_DEVICE, kind: 'camera', transport: 'media', name: 'Cameras' }, status: { state: 'connected' } });
  }
  const folder = report.watchFolder;
  if (folder.state !== 'off') {
    out.push({
      device: { id: WATCH_FOLDER_DEVICE, kind: 'camera', transport: 'folder', name: `Watch folder ${folder.path ?? ''}`.trim() },
      status:
        folder.state === 'watching'
          ? { state: 'connected' }
          : { state: 'error', code: 'OPEN_FAILED', reason: folder.error ?? 'The watch folder cannot be read.' },
    });
  }
  return out;
}
