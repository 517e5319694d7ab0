import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { Envelope } from '../src-shared/ipc/envelope';
import type { PreloadApi, StationEventMessage } from '../src-shared/ipc/preload';

// Sandboxed preload: only `electron` may be required at run time, so channel
// names are inlined here and checked against the contract's by the type below.
const CALL = 'station:call' satisfies PreloadChannels['call'];
const EVENT = 'station:event' satisfies PreloadChannels['event'];
type PreloadChannels = typeof import('../src-shared/ipc/preload').IpcChannel;

const api = {
  call: (name: string, input: unknown) => ipcRenderer.invoke(CALL, name, input) as Promise<Envelope>,
  onEvent(listener: (message: StationEventMessage) => void) {
    const handler = (_event: IpcRendererEvent, message: StationEventMessage) => listener(message);
    ipcRenderer.on(EVENT, handler);
    return () => {
      ipcRenderer.removeListener(EVENT, handler);
    };
  },
} satisfies PreloadApi;

contextBridge.exposeInMainWorld('station', api);
