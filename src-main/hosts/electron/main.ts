import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, ipcMain, safeStorage, session, type IpcMainInvokeEvent } from 'electron';
import { IpcChannel } from '../../../src-shared/ipc';
import { createStation, type Station } from '../../station';
import type { KeyCipher } from '../../store/api-key-file';
import { printRoute, READY_EXPRESSION, waitForReportReady, type ReportPrinter } from '../web/report-pdf';
import { redirectNativeAddons } from './native-redirect';

// The Electron host: a thin adapter over the core. Everything worth testing
// lives in the core and the web host; this file only wires windows and IPC.

const rendererIndex = join(__dirname, '../renderer/index.html');

function isOwnRenderer(event: IpcMainInvokeEvent): boolean {
  const url = event.senderFrame?.url ?? '';
  return url.startsWith('file://') && url.includes('/renderer/index.html');
}

/** An addon rebuilt for Electron's ABI by scripts/start.mjs, kept apart from Node's build. */
function electronNative(product: string): string | undefined {
  const candidate = join(app.getAppPath(), '.electron-native', product);
  return existsSync(candidate) ? candidate : undefined;
}

/** PC/SC (nfc-pcsc's @pokusew/pcsclite) is found by `bindings`: its load is redirected to the Electron build. */
function redirectPcsc(): void {
  const pcsc = electronNative('pcsclite.node');
  if (pcsc) redirectNativeAddons({ '@pokusew/pcsclite/build/Release/pcsclite.node': pcsc });
}

/**
 * API keys sealed by the OS keychain (docs/architecture.md, "Security"). On Linux without a secret service,
 * safeStorage falls back to a fixed password ("basic_text"): no better than the 0600 file, and
 * then the core keeps using the file.
 */
const keychain: KeyCipher = {
  available: () => safeStorage.isEncryptionAvailable() && !(process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text'),
  encrypt: (plain) => safeStorage.encryptString(plain),
  decrypt: (sealed) => safeStorage.decryptString(sealed),
};

/** A report's PDF (the Reel report, the shift summary): its page in a hidden window, printed once it says it has drawn (printToPDF). */
async function printReport(request: Parameters<ReportPrinter>[0]): Promise<Uint8Array> {
  const window = new BrowserWindow({
    show: false,
    width: 1000,
    height: 1400,
    // Each window's settings are written out here, not shared through a variable, so that electronegativity (run by
    // `npm test`) reads them: an isolated, sandboxed renderer without Node, and no middle-click (auxclick) opening links.
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  try {
    await window.loadFile(rendererIndex, { hash: printRoute(request) });
    await waitForReportReady(async () => String(await window.webContents.executeJavaScript(READY_EXPRESSION)));
    return await window.webContents.printToPDF({ printBackground: true, pageSize: 'A4' });
  } finally {
    window.destroy();
  }
}

async function main(): Promise<void> {
  await app.whenReady();
  redirectPcsc();
  const nativeBinding = electronNative('better_sqlite3.node');
  const station: Station = await createStation({
    dataDir: process.env.STATION_DATA_DIR ?? app.getPath('userData'),
    ...(nativeBinding ? { nativeBinding } : {}),
    keyCipher: keychain,
    printReport,
    housekeeping: true,
    warmUp: true,
  });

  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    // The policy is one literal here, where electronegativity (run by `npm test`) reads and judges it.
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [
          "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob: mediastream:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
        ],
      },
    });
  });
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback) => callback(permission === 'media'));

  ipcMain.handle(IpcChannel.call, async (event, name: unknown, input: unknown) => {
    if (!isOwnRenderer(event) || typeof name !== 'string') {
      return { ok: false, error: { code: 'STATION_FORBIDDEN', message: 'Calls are accepted from the station window only.' } };
    }
    return station.call(name, input);
  });

  const window = new BrowserWindow({
    width: 1400,
    height: 900,
    title: 'Enrollment station',
    icon: join(app.getAppPath(), 'resources', 'icon.png'),
    // As the report window's (printReport): written out for electronegativity.
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  const unsubscribe = station.subscribe((name, payload) => {
    if (!window.isDestroyed()) window.webContents.send(IpcChannel.event, { name, payload });
  });
  // The window opens in the station's language (docs/architecture.md, "Renderer", *One language*).
  await window.loadFile(rendererIndex, { query: { lang: station.language() } });

  app.on('window-all-closed', () => {
    unsubscribe();
    void station.close().finally(() => app.quit());
  });
}

void main();
