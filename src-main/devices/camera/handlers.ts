import type { z } from 'zod';
import type { cameraCommands } from '../../../src-shared/ipc/camera';
import type { CameraService } from './camera-service';

type CameraCommands = typeof cameraCommands;
export type CameraHandlers = {
  [N in keyof CameraCommands]: (input: z.infer<CameraCommands[N]['input']>) => Promise<z.infer<CameraCommands[N]['output']>> | z.infer<CameraCommands[N]['output']>;
};

/** The camera commands of the station contract, over the camera service. */
export function cameraHandlers(service: CameraService): CameraHandlers {
  return {
    'camera.submitStill': (input) => service.submitStill(input),
    'camera.settings.get': () => service.settings(),
    'camera.settings.set': (patch) => service.updateSettings(patch),
    'camera.status': () => service.status(),
    'camera.sources.report': (sources) => service.reportSources(sources),
  };
}
