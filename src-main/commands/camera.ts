import type { CommandHandlers } from '../../src-shared/ipc/contract';
import type { cameraCommands } from '../../src-shared/ipc/camera';
import type { CameraService } from '../devices/camera/camera-service';

/** The camera commands of the station contract, over the camera service. */
export function cameraHandlers(service: CameraService): CommandHandlers<keyof typeof cameraCommands> {
  return {
    'camera.submitStill': (input) => service.submitStill(input),
    'camera.settings.get': () => service.settings(),
    'camera.settings.set': (patch) => service.updateSettings(patch),
    'camera.status': () => service.status(),
    'camera.sources.report': (sources) => service.reportSources(sources),
  };
}
