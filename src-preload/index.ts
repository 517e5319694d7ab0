import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { CommandInput, CommandName, CommandOutput } from '../src-shared/ipc/contract';
import type { EnvelopeOf, PreloadApi, TypedEventMessage } from '../src-shared/ipc/preload';

// Sandboxed preload: only `electron` may be required at run time, so channel
// names are inlined here and checked against the contract's by the type below.
const CALL = 'station:call' satisfies PreloadChannels['call'];
const EVENT = 'station:event' satisfies PreloadChannels['event'];
type PreloadChannels = typeof import('../src-shared/ipc/preload').IpcChannel;

const api = {
  // The main process validates `input` and the reply against the contract (station.call).
  call: <N extends CommandName>(name: N, input: CommandInput<N>) => ipcRenderer.invoke(CALL, name, input) as Promise<EnvelopeOf<CommandOutput<N>>>,
  onEvent(listener: (message: TypedEventMessage) => void) {
    const handler = (_event: IpcRendererEvent, message: TypedEventMessage) => listener(message);
    ipcRenderer.on(EVENT, handler);
    return () => {
      ipcRenderer.removeListener(EVENT, handler);
    };
  },
} satisfies PreloadApi;

contextBridge.exposeInMainWorld('station', api);
